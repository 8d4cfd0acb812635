/**
 * One holder at a time for a key, across every instance: a one-attempt window of the shared
 * counters (`rate_limits`). Used around calls to a remote provider that must not be made
 * twice for the same thing, which no database transaction can span.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimits } from './schema';
import { hitRateLimit } from '../http/rate-limit';

export interface ClaimOptions {
  /** How long the claim holds if its holder dies without releasing it. */
  holdSeconds: number;
  /** How long the others wait for it before giving up with `busy()`. */
  waitMs: number;
  busy: () => Error;
}

const POLL_MS = 100;

/**
 * Runs `work` holding the claim on `key`. `done`, when given, tells what a holder may already
 * have produced: it is checked while waiting, and once more when the claim is won (a holder may
 * have finished just before releasing it); a value ends the wait without running `work`.
 */
export async function underClaim<T>(db: Db, clock: () => Date, key: string, options: ClaimOptions & { done?: () => Promise<T | null> }, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  while (!(await hitRateLimit(db, key, 1, options.holdSeconds, clock())).allowed) {
    if (Date.now() > deadline) throw options.busy();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const finished = await options.done?.();
    if (finished) return finished;
  }
  try {
    const finished = await options.done?.();
    return finished ?? (await work());
  } finally {
    await db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
