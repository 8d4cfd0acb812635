/**
 * Proof that the person at the keyboard is the account's owner, not only the holder of its
 * session token: asked before the e-mail or the password changes, since either change is
 * enough to take the account for good. Accounts with a password type it again; accounts
 * made with Google or Facebook sign in with that provider again.
 */
import { and, eq } from 'drizzle-orm';
import { AppError, badRequest, MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { userIdentities, users } from '../../db/schema';
import { IdentityVerificationError, type VerifiedIdentity } from '../../adapters/identity/port';
import { hitRateLimit, TooManyRequestsError } from '../../http/rate-limit';
import { verifyPassword } from '../auth/passwords';

const A = MESSAGES.auth;

/**
 * E-mail or password changes one account may ask for per hour, counted before the proof is
 * checked: a stolen token cannot be used to guess the password here, nor to probe addresses.
 */
export const ACCOUNT_CHANGES_PER_HOUR = 5;
/** A Google sign-in older than this is not "fresh": its ID token may have been kept. */
const GOOGLE_REAUTH_MAX_AGE_MS = 10 * 60 * 1000;

export interface ReauthProof {
  currentPassword?: string | null;
  googleToken?: string | null;
  facebookAccessToken?: string | null;
  facebookUserID?: string | null;
}

type UserRow = typeof users.$inferSelect;

/** The moment Google issued the ID token (its signature was checked by the verifier). */
function googleIssuedAt(idToken: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat?: unknown };
    return typeof payload.iat === 'number' ? payload.iat * 1000 : null;
  } catch {
    return null;
  }
}

async function providerIdentity(ctx: AppContext, proof: ReauthProof): Promise<VerifiedIdentity | null> {
  try {
    if (proof.googleToken && ctx.identity.google) {
      const identity = await ctx.identity.google.verify(proof.googleToken);
      const issuedAt = googleIssuedAt(proof.googleToken);
      if (issuedAt === null || ctx.clock().getTime() - issuedAt > GOOGLE_REAUTH_MAX_AGE_MS) throw new AppError(403, A.googleFailed);
      return identity;
    }
    if (proof.facebookAccessToken && proof.facebookUserID && ctx.identity.facebook) {
      return await ctx.identity.facebook.verify(proof.facebookAccessToken, proof.facebookUserID);
    }
  } catch (error) {
    if (error instanceof IdentityVerificationError) throw new AppError(403, error.provider === 'google' ? A.googleFailed : A.facebookFailed);
    throw error;
  }
  return null;
}

/**
 * Refuses (400, 403 or 429) unless the proof matches the account. Never 401: the session is
 * valid, and a 401 would sign the person out of the web app.
 */
export async function reauthenticate(ctx: AppContext, user: UserRow, proof: ReauthProof): Promise<void> {
  const hit = await hitRateLimit(ctx.db, `account-change:${user.id}`, ACCOUNT_CHANGES_PER_HOUR, 3600, ctx.clock());
  if (!hit.allowed) throw new TooManyRequestsError(A.accountChangesTooMany, hit.retryAfterSeconds);

  if (user.passwordHash) {
    const password = proof.currentPassword ?? '';
    if (!password) throw badRequest(A.currentPasswordRequired, { currentPassword: A.currentPasswordRequired });
    // 403 rather than 401: the session is fine, only this change is refused.
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(403, A.currentPasswordWrong, { currentPassword: A.currentPasswordWrong });
    return;
  }

  const identity = await providerIdentity(ctx, proof);
  if (!identity) throw badRequest(A.providerReauthRequired, { currentPassword: A.providerReauthRequired });
  const [linked] = await ctx.db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  if (!linked) throw new AppError(403, A.providerReauthMismatch);
}
