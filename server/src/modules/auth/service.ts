/**
 * Accounts with an e-mail and a password (spec 1 §5, §7; spec 2 §2): sign-up, address
 * verification, sign-in with per-account lockout, password recovery and sign-out.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { badRequest, capitaliseName, forbidden, MESSAGES, unauthorized, type LoginInput, type RegisterInput, type SessionResults } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { hitRateLimit, TooManyRequestsError } from '../../http/rate-limit';
import { assertEmailAndPseudoFree, rethrowUserConflict, toPublicUser, walletBalance } from '../users/service';
import { confirmEmailChange } from '../users/email-change';
import { sendAfterCommit, type ErrorLog } from './background';
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens';
import { passwordResetMail, verificationMail } from './mails';
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords';
import { passwordWeakness, type PasswordContext } from './password-policy';
import { createSession, revokeAllSessions, revokeSession } from './sessions';

const A = MESSAGES.auth;

/** Failed sign-ins in a row before the account is locked, and for how long. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** Verification or reset mails one address may receive per hour, whoever asks. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

type UserRow = typeof users.$inferSelect;

const displayName = (u: { firstName: string | null; pseudo: string }) => u.firstName ?? u.pseudo;
const verifyLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/verify/${token}`;
const resetLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/recover-password/${token}`;

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

/** A new session and the `results` of every successful sign-in. */
export async function openSession(ctx: AppContext, user: UserRow): Promise<SessionResults> {
  const token = await createSession(ctx.db, user.id, ctx.clock(), ctx.config.SESSION_DAYS);
  return { token, userId: user.id, isAdmin: user.isAdmin, user: toPublicUser(user, await walletBalance(ctx.db, user.id)) };
}

export async function register(ctx: AppContext, input: RegisterInput, log: ErrorLog): Promise<{ userId: number }> {
  assertPasswordStrong(input.password, input, 'password');
  await assertEmailAndPseudoFree(ctx.db, input.email, input.pseudo);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  let created: { id: number; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          pseudo: input.pseudo,
          passwordHash,
          firstName: input.firstName ? capitaliseName(input.firstName) : null,
          lastName: input.lastName ? capitaliseName(input.lastName) : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      return { id: row!.id, token: await issueEmailToken(tx, row!.id, 'verify', now) };
    });
  } catch (error) {
    // Two sign-ups racing for one e-mail or pseudo: the unique index lets one through.
    rethrowUserConflict(error);
  }
  // A lost mail is not a failed sign-up: the person can ask for a new link.
  const name = input.firstName ? capitaliseName(input.firstName) : input.pseudo;
  await sendAfterCommit(ctx, verificationMail(input.email, name, verifyLink(ctx, created.token)), log);
  return { userId: created.id };
}

/** A new account's link, or a new address's link (then its own message). Returns the message to show. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<string> {
  const now = ctx.clock();
  const verified = await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify', now);
    if (!userId) return false;
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    return true;
  });
  if (verified) return A.verified;
  if (await confirmEmailChange(ctx, token)) return A.emailChangeConfirmed;
  throw badRequest(A.linkInvalid);
}

/** False when this address already received its share of mails this hour. */
async function mailAllowed(ctx: AppContext, email: string): Promise<boolean> {
  const hit = await hitRateLimit(ctx.db, `mail-to:${email.toLowerCase()}`, MAILS_PER_ADDRESS_PER_HOUR, 3600, ctx.clock());
  return hit.allowed;
}

/** Sends a new link to an unverified password account; silently does nothing otherwise. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerifiedAt || !user.passwordHash) return;
  if (!(await mailAllowed(ctx, user.email))) return;
  const token = await issueEmailToken(ctx.db, user.id, 'verify', ctx.clock());
  await ctx.mailer.send(verificationMail(user.email, displayName(user), verifyLink(ctx, token)));
}

/**
 * Counts a sign-in attempt before its password is checked, in one statement: concurrent
 * guesses each take their own number, and once MAX_FAILED_LOGINS attempts in a row have been
 * counted the account is locked for LOCK_MS, so no more than that many passwords are ever
 * tried per lock, however many arrive at once. False when the account is locked.
 */
async function countAttempt(ctx: AppContext, userId: number, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const lockIso = new Date(now.getTime() + LOCK_MS).toISOString();
  // A lock that has run out starts a fresh count.
  const lockExpired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${nowIso}::timestamptz)`;
  const next = sql`(case when ${lockExpired} then 1 else ${users.failedLogins} + 1 end)`;
  const counted = await ctx.db
    .update(users)
    .set({
      failedLogins: next,
      lockedUntil: sql`case when ${next} >= ${MAX_FAILED_LOGINS} then ${lockIso}::timestamptz when ${lockExpired} then null else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return counted.length > 0;
}

export async function login(ctx: AppContext, input: LoginInput): Promise<SessionResults> {
  const now = ctx.clock();
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !user.passwordHash) {
    // An address without a password account is counted, locked and made to wait like one,
    // so that neither the answer, its time nor a lockout tells whether the account exists.
    const hit = await hitRateLimit(ctx.db, `login-unknown:${input.email.toLowerCase()}`, MAX_FAILED_LOGINS, LOCK_MS / 1000, now);
    if (!hit.allowed) throw new TooManyRequestsError(A.accountLocked, hit.retryAfterSeconds);
    await verifyDummyPassword(input.password);
    throw unauthorized(A.wrongCredentials);
  }
  if (!(await countAttempt(ctx, user.id, now))) {
    const until = user.lockedUntil && user.lockedUntil > now ? user.lockedUntil : new Date(now.getTime() + LOCK_MS);
    throw new TooManyRequestsError(A.accountLocked, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(A.wrongCredentials);
  await ctx.db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  // Checked after the password, so only the account's owner learns it is unverified (decision 9).
  if (!user.emailVerifiedAt) throw forbidden(A.notVerified);
  return openSession(ctx, user);
}

export async function logout(ctx: AppContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.clock());
}

/** Mails a reset link when the address has an account; silently does nothing otherwise. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  if (!(await mailAllowed(ctx, user.email))) return;
  const token = await issueEmailToken(ctx.db, user.id, 'reset', ctx.clock());
  await ctx.mailer.send(passwordResetMail(user.email, displayName(user), resetLink(ctx, token)));
}

function assertPasswordStrong(password: string, context: PasswordContext, field: string): void {
  const weakness = passwordWeakness(password, context);
  if (weakness) throw badRequest(weakness, { [field]: weakness });
}

/**
 * Sets the new password from a reset link. The link proves the address, so it is marked
 * verified; every session is revoked, other reset links stop working and the lockout ends.
 */
export async function recoverPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  // Hashed before the transaction, which then stays as short as its few statements.
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset', now);
    if (!userId) throw badRequest(A.linkInvalid);
    // A refused password rolls the transaction back: the link still works for another try.
    const [account] = await tx.select({ email: users.email, pseudo: users.pseudo, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    assertPasswordStrong(newPassword, account!, 'newPassword');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, userId));
    await voidEmailTokens(tx, userId, 'reset', now);
    await revokeAllSessions(tx, userId, now);
  });
}
