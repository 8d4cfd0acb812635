/**
 * The signed-in user's own account: what /user/me shows, profile changes (docs/product.md §8) and the
 * end of the first-visit tutorial.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { avatarUrl, badRequest, capitaliseName, conflict, MESSAGES, notFound, type PublicUser, type UserUpdateInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import type { Mail } from '../../adapters/mail/port';
import { voidEmailTokens } from '../auth/email-tokens';
import { passwordChangedMail } from '../auth/mails';
import { enqueueMail } from '../../jobs/queue';
import { hashPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-policy';
import { revokeAllSessions } from '../auth/sessions';
import { proposeEmailChange } from './email-change';
import { reauthenticate } from './reauthenticate';
import { uniqueViolation } from '../../db/unique-violation';
import { pseudoKey } from './pseudo-key';

const A = MESSAGES.auth;

type UserRow = typeof users.$inferSelect;

/** Ledger account holding a user's wallet (docs/product.md §3). */
const walletAccountCode = (userId: number) => `wallet:${userId}`;

export function toPublicUser(u: UserRow, walletCents: number): PublicUser {
  return {
    id: u.id,
    pseudo: u.pseudo,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    birthDate: u.birthDate,
    country: u.country,
    lang: u.lang,
    socialReason: u.socialReason,
    companyName: u.companyName,
    isAdmin: u.isAdmin,
    isFirstTime: u.isFirstTime,
    ownerId: u.ownerId,
    payerId: u.payerId,
    isAuthenticated: true,
    pendingEmail: u.pendingEmail,
    hasPassword: u.passwordHash !== null,
    avatarUrl: avatarUrl(u.pseudo, u.avatarHash),
    wallet: { amount: walletCents },
  };
}

export async function walletBalance(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ balance: ledgerAccounts.balanceCents }).from(ledgerAccounts).where(eq(ledgerAccounts.code, walletAccountCode(userId))).limit(1);
  return row ? Number(row.balance) : 0;
}

export async function getPublicUser(db: Db | Tx, userId: number): Promise<PublicUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  // A session whose user was deleted: the same answer as a missing session.
  if (!row) throw notFound(MESSAGES.common.notFound);
  return toPublicUser(row, await walletBalance(db, userId));
}

/** Maps a unique-index refusal on users to the matching 409, or rethrows. */
export function rethrowUserConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_key') throw conflict(A.emailTaken);
  if (constraint === 'users_pseudo_key') throw conflict(A.pseudoTaken);
  throw error;
}

/**
 * Friendly 409 before writing; the unique indexes still decide when two requests race. A
 * pseudo is taken when one that looks like it exists (`Тalent2` beside `Talent2`).
 */
export async function assertEmailAndPseudoFree(db: Db | Tx, email: string, pseudo: string, exceptUserId?: number): Promise<void> {
  const key = pseudoKey(pseudo);
  const same = or(sql`lower(${users.email}) = lower(${email})`, eq(users.pseudoKey, key));
  const rows = await db
    .select({ email: users.email, pseudoKey: users.pseudoKey })
    .from(users)
    .where(exceptUserId === undefined ? same : and(same, ne(users.id, exceptUserId)))
    .limit(2);
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) throw conflict(A.emailTaken);
  if (rows.some((r) => r.pseudoKey === key)) throw conflict(A.pseudoTaken);
}

/** Absent keeps the stored value; null or blank clears it. */
function optional(value: string | null | undefined, transform: (v: string) => string = (v) => v): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  return transform(value.trim());
}

export interface ProfileUpdate {
  user: PublicUser;
  /** The address proposed by this save, waiting for its confirmation link. */
  proposedEmail: string | null;
  passwordChanged: boolean;
}

/**
 * Saves the profile form. Names are capitalised (docs/product.md §8).
 *
 * A session token alone must not be enough to take an account: changing the e-mail or the
 * password first asks for the current password (or a fresh provider sign-in). A new address
 * does not replace the current one: it waits for the click on the link sent to it, the
 * current address is told and may undo the change, and the answer is the same whether or
 * not another account has that address. A new password ends every other session.
 */
export async function updateProfile(ctx: AppContext, viewer: { id: number; sessionId: number }, input: UserUpdateInput): Promise<ProfileUpdate> {
  const now = ctx.clock();
  const [current] = await ctx.db.select().from(users).where(eq(users.id, viewer.id)).limit(1);
  if (!current) throw notFound(MESSAGES.common.notFound);
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  const newPassword = input.newPassword || null;
  if (newPassword !== null && newPassword !== input.confirmPassword) throw badRequest(A.passwordsDiffer, { confirmPassword: A.passwordsDiffer });
  if (emailChanged || newPassword !== null) await reauthenticate(ctx, current, input);
  if (newPassword !== null) {
    const weakness = passwordWeakness(newPassword, { email: current.email, pseudo: input.pseudo, firstName: input.firstName ?? current.firstName, lastName: input.lastName ?? current.lastName });
    if (weakness) throw badRequest(weakness, { newPassword: weakness });
  }
  await assertPseudoFree(ctx.db, input.pseudo, viewer.id);
  const passwordHash = newPassword === null ? null : await hashPassword(newPassword);

  const changes: Partial<typeof users.$inferInsert> = {
    pseudo: input.pseudo,
    pseudoKey: pseudoKey(input.pseudo),
    firstName: optional(input.firstName, capitaliseName),
    lastName: optional(input.lastName, capitaliseName),
    phone: optional(input.phone),
    socialReason: optional(input.socialReason),
    birthDate: optional(input.birthDate),
    country: optional(input.country),
    updatedAt: now,
  };
  // The same address in other letter case is no change of address.
  if (!emailChanged) changes.email = input.email;
  if (input.lang) changes.lang = input.lang;
  if (passwordHash) Object.assign(changes, { passwordHash, failedLogins: 0, lockedUntil: null });
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) if (changes[key] === undefined) delete changes[key];

  try {
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, viewer.id));
      const out: Mail[] = [];
      if (passwordHash) {
        await voidEmailTokens(tx, viewer.id, 'reset', now);
        await revokeAllSessions(tx, viewer.id, now, viewer.sessionId);
        out.push(passwordChangedMail(current.email, current.firstName ?? current.pseudo, now));
      }
      if (emailChanged) out.push(...(await proposeEmailChange(ctx, tx, current, input.email, now)));
      // Queued with the change they tell of (docs/decisions/0011).
      for (const mail of out) await enqueueMail(ctx.queue, tx, mail);
    });
  } catch (error) {
    rethrowUserConflict(error);
  }
  return { user: await getPublicUser(ctx.db, viewer.id), proposedEmail: emailChanged ? input.email : null, passwordChanged: passwordHash !== null };
}

/** Friendly 409 before writing; the unique index still decides when two saves race. */
async function assertPseudoFree(db: Db | Tx, pseudo: string, exceptUserId: number): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.pseudo}) = lower(${pseudo})`, ne(users.id, exceptUserId)))
    .limit(1);
  if (row) throw conflict(A.pseudoTaken);
}

export async function finishTutorial(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(users).set({ isFirstTime: false, updatedAt: ctx.clock() }).where(eq(users.id, userId));
}
