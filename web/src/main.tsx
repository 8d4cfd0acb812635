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
// React first, then the app a task later: each is then evaluated in a task of its own, short
// enough for a tap to be answered between them (one task held a slowed phone for ~200 ms).
void import('react-dom/client')
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import('./app/start'));
