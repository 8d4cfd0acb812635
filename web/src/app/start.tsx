/**
 * The app itself: providers and router, rendered into the page (main.tsx loads it). A page the
 * build drew beforehand (web/scripts/prerender.ts) is taken over as it is (hydration) once its
 * route's code is there; any other page replaces the page's skeleton.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, routeLoaded } from './app-root';
import { createAppRouter } from './router';
import { PRERENDERED_ATTRIBUTE } from './prerendered';

const container = document.getElementById('root')!;
const router = createAppRouter();

if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  void routeLoaded(router).then(() => {
    // A transition: the parts below the fold are taken over in slices, between which the
    // phone can handle a tap or draw a frame.
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} />);
    });
  });
} else {
  // A transition: React renders the first screen in slices and lets the phone handle a tap or
  // draw a frame between them, instead of holding the main thread for the whole tree at once.
  startTransition(() => createRoot(container).render(<AppRoot router={router} />));
}
