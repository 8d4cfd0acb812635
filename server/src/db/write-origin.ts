/**
 * On whose behalf a statement runs: the session of the HTTP request that sends it. The read
 * caches (cache/invalidation.ts) wait for a member's own writes on that member's next requests,
 * not on everyone's; what runs outside a request (jobs, scripts, a test's set-up) has no origin.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A request's session token, or null for a request without one (a visitor). */
export type WriteOrigin = string | null;

const current = new AsyncLocalStorage<WriteOrigin>();

/**
 * Runs `run`, and everything it starts, on behalf of `origin`. A drizzle query runs when it is
 * awaited: await it inside `run`.
 */
export function runWithOrigin<T>(origin: WriteOrigin, run: () => T): T {
  return current.run(origin, run);
}

/** The origin of the code running now; undefined outside any request. */
export function currentOrigin(): WriteOrigin | undefined {
  return current.getStore();
}
