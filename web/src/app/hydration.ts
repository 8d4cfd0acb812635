/**
 * Pages drawn at build time (web/scripts/prerender.ts) are drawn for a visitor who has not
 * signed in, scrolled or been seen by the browser's observers. While React takes over such a
 * page (hydration) the app's first render must be that same page; what only the browser knows
 * (the stored token, the scroll position) is read in the render that follows at once.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False on the server and while a prerendered page is being taken over; true otherwise. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
