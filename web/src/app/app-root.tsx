/** The app's tree, the same in the browser (start.tsx) and in the pages drawn at build time (prerender.tsx). */
import { StrictMode, useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { releaseEarlyClicks } from './early-clicks';
import { Providers } from './providers';

/** Resolves once the router has loaded the current route's lazy code: before that it would draw its fallback, not the page. */
export function routeLoaded(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** `signingIn`: drawn as a member sees it while their profile loads; `drawnForMember`: by the server, with their data (SessionProvider). */
export function AppRoot({ router, signingIn, drawnForMember }: { router: DataRouter; signingIn?: boolean; drawnForMember?: boolean }) {
  return (
    <StrictMode>
      <Providers signingIn={signingIn} drawnForMember={drawnForMember}>
        <RouterProvider router={router} />
      </Providers>
      <ReleaseEarlyClicks />
    </StrictMode>
  );
}

/** Once the tree is on the page (a drawn page taken over, with its handlers), the tap held meanwhile reaches its control. */
function ReleaseEarlyClicks() {
  useEffect(releaseEarlyClicks, []);
  return null;
}
