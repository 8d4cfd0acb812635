/**
 * Fetches code the page may soon want (a dialog's, a tooltip's) once the browser has nothing
 * else to do: it is there before anyone asks for it, without competing with the page's first
 * drawing for the network and the main thread. Each loader is scheduled once per page load.
 */
const scheduled = new Set<() => Promise<unknown>>();

/** The longest a loader waits for an idle moment on a page that is never idle. */
const IDLE_TIMEOUT_MS = 5_000;

export function loadWhenIdle(load: () => Promise<unknown>): void {
  if (scheduled.has(load)) return;
  scheduled.add(load);
  // A load that fails is tried again by whoever needs the code, which then reports it.
  const start = () => void load().catch(() => scheduled.delete(load));
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(start, 1_000);
}
