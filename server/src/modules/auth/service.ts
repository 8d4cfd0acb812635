/**
 * Accounts with an e-mail and a password (docs/product.md §8; docs/architecture.md §10): sign-up, address
 * verification, sign-in held back against guessing (sign-in-throttle.ts), password recovery
 * and sign-out.
 */
import { eq, sql } from 'drizzle-orm';
import { badRequest, capitaliseName, forbidden, MESSAGES, unauthorized, type LoginInput, type RegisterInput, type SessionResults, HOUR_MS, SECOND_MS, webPaths } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { hitRateLimit } from '../../http/rate-limit';
import { assertEmailAndPseudoFree, rethrowUserConflict, toPublicUser, walletBalance } from '../users/service';
import { pseudoKey } from '../users/pseudo-key';
import { confirmEmailChange } from '../users/email-change';
import { enqueueMail } from '../../jobs/queue';
import { consumeEmailToken, emailTokenOwner, issueEmailToken, voidEmailTokens } from './email-tokens';
import { passwordResetMail, suspendedResetMail, verificationMail } from './mails';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import { passwordWeakness, type PasswordContext } from './password-policy';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { admitSignIn, forgetSignInWaits, signInEmail, signInSucceeded } from './sign-in-throttle';
import { deviceCookieAfterSignIn, trustedDevice } from './device-cookie';

const A = MESSAGES.auth;

/** Verification or reset mails one address may receive per hour, whoever asks. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

type UserRow = typeof users.$inferSelect;

const displayName = (u: { firstName: string | null; pseudo: string }) => u.firstName ?? u.pseudo;
const verifyLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}${webPaths.verify(token)}`;
const resetLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}${webPaths.recoverPassword(token)}`;

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

/** A new session and the `results` of every successful sign-in. */
export async function openSession(ctx: AppContext, user: UserRow): Promise<SessionResults> {
  // Every way in (password, Google, Facebook) ends here: a suspended member is told why.
  if (user.suspendedAt) throw forbidden(MESSAGES.admin.members.signInRefused);
  const token = await createSession(ctx.db, user.id, ctx.clock(), ctx.config.SESSION_DAYS);
  return { token, userId: user.id, isAdmin: user.isAdmin, user: toPublicUser(user, await walletBalance(ctx.db, user.id)) };
}

export async function register(ctx: AppContext, input: RegisterInput): Promise<{ userId: number }> {
  assertPasswordStrong(input.password, input, 'password');
  await assertEmailAndPseudoFree(ctx.db, input.email, input.pseudo);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  const name = input.firstName ? capitaliseName(input.firstName) : input.pseudo;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          pseudo: input.pseudo,
          pseudoKey: pseudoKey(input.pseudo),
          passwordHash,
          firstName: input.firstName ? capitaliseName(input.firstName) : null,
          lastName: input.lastName ? capitaliseName(input.lastName) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      const token = await issueEmailToken(tx, row!.id, 'verify', now);
      // Queued with the account: a transport down delays the mail, never loses it (docs/decisions/0011).
      await enqueueMail(ctx.queue, tx, verificationMail(input.email, name, verifyLink(ctx, token)));
      return { userId: row!.id };
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail or pseudo: the unique index lets one through.
    rethrowUserConflict(error);
  }
}

/**
 * Verifies the address a link was sent to: a new account's address, or the new address of an
 * e-mail change (then its own message). A link clicked again (or opened by a mail scanner
 * first) whose account is verified says so, rather than calling a verified address a failure:
 * the person has nothing left to do but sign in.
 */
export async function confirmEmail(ctx: AppContext, token: string): Promise<{ message: string; alreadyVerified: boolean }> {
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify', now);
    if (userId) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
      return 'verified' as const;
    }
    const owner = await emailTokenOwner(tx, token, 'verify');
    // A link for an address the account has since left verifies nothing: it stays refused.
    const [account] = owner ? await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, owner)) : [];
    return account?.verifiedAt ? ('alreadyVerified' as const) : null;
  });
  if (outcome === 'verified') return { message: A.verified, alreadyVerified: false };
  if (outcome === 'alreadyVerified') return { message: A.alreadyVerified, alreadyVerified: true };
  if (await confirmEmailChange(ctx, token)) return { message: A.emailChangeConfirmed, alreadyVerified: false };
  throw badRequest(A.linkInvalid);
}

/** False when this address already received its share of mails this hour. */
export async function mailAllowed(ctx: AppContext, email: string): Promise<boolean> {
  const hit = await hitRateLimit(ctx.db, `mail-to:${email.toLowerCase()}`, MAILS_PER_ADDRESS_PER_HOUR, HOUR_MS / SECOND_MS, ctx.clock());
  return hit.allowed;
}

/** Sends a new link to an unverified password account; silently does nothing otherwise. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerifiedAt || !user.passwordHash) return;
  if (!(await mailAllowed(ctx, user.email))) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, 'verify', ctx.clock());
    await enqueueMail(ctx.queue, tx, verificationMail(user.email, displayName(user), verifyLink(ctx, token)));
  });
}

/** Where a sign-in comes from: the client's address and the device cookie its browser sent, if any. */
export interface SignInClient {
  ip: string;
  deviceCookie: string | null;
}

/** An opened session, and the device cookie its browser now keeps (`device-cookie.ts`). */
export interface SignedIn {
  session: SessionResults;
  deviceCookie: string;
}

export async function login(ctx: AppContext, input: LoginInput, client: SignInClient): Promise<SignedIn> {
  const email = signInEmail(input.email);
  const device = await trustedDevice(ctx.db, client.deviceCookie, email, ctx.clock());
  const attempt = await admitSignIn(ctx, email, client.ip, device);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.passwordHash) {
    // The same work and the same answer as a wrong password: nothing tells whether the account exists.
    await verifyDummyPassword(input.password);
    throw unauthorized(A.wrongCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(A.wrongCredentials);
  await signInSucceeded(ctx, attempt);
  // Checked after the password, so only the account's owner learns it is unverified (docs/product.md §8).
  if (!user.emailVerifiedAt) throw forbidden(A.notVerified);
  const session = await openSession(ctx, user);
  return { session, deviceCookie: await deviceCookieAfterSignIn(ctx.db, client.deviceCookie, email, ctx.clock()) };
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.clock());
}

/**
 * Mails a reset link when the address has an account; silently does nothing otherwise. A
 * suspended member gets no link but is told, in that mail, why and where to write: the answer
 * to the request stays the same for every address.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  if (!(await mailAllowed(ctx, user.email))) return;
  if (user.suspendedAt) {
    const contact = `${ctx.config.publicUrl}${webPaths.contact}`;
    await enqueueMail(ctx.queue, ctx.db, suspendedResetMail(user.email, displayName(user), contact, ctx.config.SUPPORT_EMAIL));
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, user.id, 'reset', ctx.clock());
    await enqueueMail(ctx.queue, tx, passwordResetMail(user.email, displayName(user), resetLink(ctx, token)));
  });
}

function assertPasswordStrong(password: string, context: PasswordContext, field: string): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) throw badRequest(weakness, { [field]: weakness });
}

/**
 * Sets the new password from a reset link. The link proves the address, so it is marked
 * verified; every session is revoked, other reset links stop working and every address waiting to sign in may try again.
 */
export async function recoverPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  // Hashed before the transaction, which then stays as short as its few statements.
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock();
  const email = await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset', now);
    if (!userId) throw badRequest(A.linkInvalid);
    // A refused password rolls the transaction back: the link still works for another try.
    const [account] = await tx
      .select({ email: users.email, pseudo: users.pseudo, firstName: users.firstName, lastName: users.lastName, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, userId));
    // A link sent before the suspension opens nothing: the new password would be a way back in.
    if (account!.suspendedAt) throw forbidden(A.resetSuspended);
    assertPasswordStrong(newPassword, account!, 'newPassword');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, userId));
    await voidEmailTokens(tx, userId, 'reset', now);
    await revokeAllSessions(tx, userId, now);
    return account!.email;
  });
  await forgetSignInWaits(ctx, email);
}
