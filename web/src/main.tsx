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
import { syncPageCookie } from './api/token';
import { holdEarlyClicksOn } from './app/early-clicks';
import { MEMBER_PAGE, PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { nextTask } from './app/next-task';
import { installStaleBuildReload } from './app/stale-build';
import { startWebFonts } from './app/web-fonts';

installStaleBuildReload();
syncPageCookie();
const root = document.getElementById('root')!;
const drawn = root.getAttribute(PRERENDERED_ATTRIBUTE);
void startWebFonts(drawn !== null);
// A drawn page shows buttons before the app can answer them: a tap meanwhile waits for it.
if (drawn !== null) holdEarlyClicksOn(root);
// A page the server drew with the member's data carries that data: nothing to ask for early.
if (drawn !== MEMBER_PAGE) sendEarlyRequests(window.location.pathname);
// React, then the router and the data cache, then the app, a task apart: each is evaluated in a
// task of its own, short enough for a tap to be answered between them (evaluated together, they
// held a slowed phone's main thread for some 200 ms).
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('./app/libraries'))
  .then(nextTask)
  .then(() => import('./app/start'));
