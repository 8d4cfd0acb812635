/**
 * How password guesses are held back (docs/decisions/0008-sign-in-throttling.md). Counted by
 * e-mail address as typed, whether an account has it or not, so that no answer and no delay
 * tells which addresses have an account.
 *
 * - One address (client IP) trying one account: PAIR_ATTEMPTS attempts that do not end in a
 *   sign-in, then that pair waits out PAIR_WINDOW_SECONDS. Someone else guessing from their
 *   own machine never keeps the owner out of their account from theirs.
 * - One account, all addresses together: past ACCOUNT_ATTEMPTS attempts in
 *   ACCOUNT_WINDOW_SECONDS, one password is checked per SLOW_SECONDS. Guessing spread over
 *   many addresses is slowed to a crawl, and the owner waits seconds, never a lockout.
 *
 * - A browser presenting a valid device cookie for the account (`device-cookie.ts`): its
 *   attempts count against that cookie alone, PAIR_ATTEMPTS per PAIR_WINDOW_SECONDS, and the
 *   two limits above do not hold it back, so guesses from elsewhere never slow the owner's
 *   own browser. Past its limit the cookie is worth nothing and the attempt is counted as any.
 *
 * Attempts are counted before the password is checked, in one statement each: guesses sent
 * all at once each take their own number and cannot slip past the limits together.
 */
import { eq, like, sql } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { rateLimits } from '../../db/schema';
import { hitRateLimit, TooManyRequestsError } from '../../http/rate-limit';

const A = MESSAGES.auth;

export const PAIR_ATTEMPTS = 5;
export const PAIR_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_ATTEMPTS = 10;
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
export const SLOW_SECONDS = 5;

const pairKey = (email: string, ip: string) => `login-pair:${email}:${ip}`;
const accountKey = (email: string) => `login-account:${email}`;
const slotKey = (email: string) => `login-slot:${email}`;
const deviceKey = (nonce: string) => `login-device:${nonce}`;

/** An attempt that was refused before any check, or that succeeded, is not a guess. */
async function forget(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` }).where(eq(rateLimits.key, key));
}

export interface SignInAttempt {
  email: string;
  ip: string;
  /** The nonce of the device cookie the attempt was counted against, if any. */
  device: string | null;
}

/** The address as the limits and the device cookies know it. */
export const signInEmail = (rawEmail: string) => rawEmail.trim().toLowerCase();

/**
 * Counts one attempt and lets it through, or answers 429 with the time to wait. `device` is
 * the nonce of a device cookie already checked for this address (`trustedDevice`).
 */
export async function admitSignIn(ctx: AppContext, rawEmail: string, ip: string, device: string | null = null): Promise<SignInAttempt> {
  const now = ctx.clock();
  const email = signInEmail(rawEmail);
  if (device) {
    const own = await hitRateLimit(ctx.db, deviceKey(device), PAIR_ATTEMPTS, PAIR_WINDOW_SECONDS, now);
    if (own.allowed) return { email, ip, device };
  }
  const pair = await hitRateLimit(ctx.db, pairKey(email, ip), PAIR_ATTEMPTS, PAIR_WINDOW_SECONDS, now);
  if (!pair.allowed) throw new TooManyRequestsError(A.accountLocked, pair.retryAfterSeconds);
  const account = await hitRateLimit(ctx.db, accountKey(email), ACCOUNT_ATTEMPTS, ACCOUNT_WINDOW_SECONDS, now);
  if (!account.allowed) {
    const slot = await hitRateLimit(ctx.db, slotKey(email), 1, SLOW_SECONDS, now);
    if (!slot.allowed) {
      await forget(ctx, pairKey(email, ip));
      await forget(ctx, accountKey(email));
      throw new TooManyRequestsError(A.signInSlowed, slot.retryAfterSeconds);
    }
  }
  return { email, ip, device: null };
}

/** The right password: this address starts afresh on this account, and the sign-in was no guess. */
export async function signInSucceeded(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  if (attempt.device) {
    await ctx.db.delete(rateLimits).where(eq(rateLimits.key, deviceKey(attempt.device)));
    return;
  }
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, pairKey(attempt.email, attempt.ip)));
  await forget(ctx, accountKey(attempt.email));
}

/** A new password chosen from a reset link: every address waiting on this account may try again. */
export async function forgetSignInWaits(ctx: AppContext, email: string): Promise<void> {
  const escaped = email.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  await ctx.db.delete(rateLimits).where(like(rateLimits.key, `login-pair:${escaped}:%`));
}
