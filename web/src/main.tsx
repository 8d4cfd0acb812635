/**
 * The entry: the member's first requests leave now, while the app's code is still on its way
 * (the page announces that code, so the browser fetches it beside this file), then the app.
 */
import '@fontsource/jost/400.css';
import '@fontsource/jost/500.css';
import '@fontsource/jost/600.css';
import './app/mantine-first-load.css';
import './app/global.css';
import { sendEarlyRequests } from './api/early-requests';
import { installStaleBuildReload } from './app/stale-build';

installStaleBuildReload();
sendEarlyRequests(window.location.pathname);
void import('./app/start');
