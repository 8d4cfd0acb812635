/**
 * The app itself: providers and router, rendered into the page (main.tsx loads it). A public
 * page the build drew beforehand (web/scripts/prerender.ts) is taken over as it is (hydration)
 * once its route's code is there, and so is a member's page the server drew with their data
 * (page-data.ts), once that data is in the cache. A member page's frame drawn beforehand stays
 * on screen until then too, and is replaced by the app's first screen: that same frame while
 * the profile loads, or the page itself if its data is already there. Any other page replaces
 * the page's skeleton at once.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, routeLoaded } from './app-root';
import { takePageData } from './page-data';
import { nextTask } from './next-task';
import { MEMBER_FRAME, MEMBER_PAGE, PRERENDERED_ATTRIBUTE } from './prerendered';
import { queryClient } from './providers';
import { createAppRouter } from './router';
import { switchToJostOnNextPage } from './web-fonts';

const container = document.getElementById('root')!;
const drawn = container.getAttribute(PRERENDERED_ATTRIBUTE);

// Before the router: its loaders find the page's data in the cache and ask for nothing.
const pageData = drawn === MEMBER_PAGE && (await takePageData(queryClient));
// The router in tasks of its own: ranking the routes, then matching the address, loading the
// route's code and running its loaders, cost a slowed phone as much as evaluating the app's
// modules did just before.
await nextTask();
const router = createAppRouter();
await nextTask();
router.initialize();
switchToJostOnNextPage(router);

// A transition: React renders the first screen in slices and lets the phone handle a tap or
// draw a frame between them, instead of holding the main thread for the whole tree at once.
const render = () => startTransition(() => createRoot(container).render(<AppRoot router={router} />));

if (pageData) {
  // Taken over with the data it was drawn with: React attaches to the drawing instead of
  // building and laying out the page again. A part the browser draws otherwise (a time of day
  // in another time zone, a countdown that moved on) is drawn again by React: no error.
  void routeLoaded(router).then(() => {
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} drawnForMember />, { onRecoverableError: () => undefined });
    });
  });
} else if (drawn === MEMBER_FRAME || drawn === MEMBER_PAGE) {
  // Not a takeover: the member's page may hold data the frame could not (the router's loader
  // may already have it), and its header their name.
  void routeLoaded(router).then(render);
} else if (drawn !== null) {
  void routeLoaded(router).then(() => {
    // A transition: the parts below the fold are taken over in slices, between which the
    // phone can handle a tap or draw a frame.
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} />);
    });
  });
} else {
  render();
}
