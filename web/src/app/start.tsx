/**
 * The app itself: providers and router, rendered into the page (main.tsx loads it). A public
 * page the build drew beforehand (web/scripts/prerender.ts) is taken over as it is (hydration)
 * once its route's code is there. A member page's frame drawn beforehand stays on screen until
 * then too, and is replaced by the app's first screen, which draws that same frame while the
 * profile loads, or the page itself if its data is already there. Any other page replaces the
 * page's skeleton at once.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, routeLoaded } from './app-root';
import { createAppRouter } from './router';
import { MEMBER_FRAME, PRERENDERED_ATTRIBUTE } from './prerendered';

const container = document.getElementById('root')!;
const router = createAppRouter();

// A transition: React renders the first screen in slices and lets the phone handle a tap or
// draw a frame between them, instead of holding the main thread for the whole tree at once.
const render = () => startTransition(() => createRoot(container).render(<AppRoot router={router} />));

if (container.getAttribute(PRERENDERED_ATTRIBUTE) === MEMBER_FRAME) {
  // Not a takeover: the member's page may hold data the frame could not (the router's loader
  // may already have it), and its header their name.
  void routeLoaded(router).then(render);
} else if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
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
