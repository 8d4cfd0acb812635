/**
 * The signed-in user's own account: what /user/me shows, profile changes (spec 2 §5) and the
 * end of the first-visit tutorial.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { capitaliseName, conflict, MESSAGES, notFound, type PublicUser, type UserUpdateInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { ledgerAccounts, users } from '../../db/schema';
import { issueEmailToken, voidAddressLinks } from '../auth/email-tokens';
import { verificationMail } from '../auth/mails';
import { sendAfterCommit, type ErrorLog } from '../auth/background';
import { uniqueViolation } from './unique-violation';
import { pseudoKey } from './pseudo-key';

const A = MESSAGES.auth;

type UserRow = typeof users.$inferSelect;

/** Ledger account holding a user's wallet (DESIGN decision 7). */
export const walletAccountCode = (userId: number) => `wallet:${userId}`;

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
  /** True when the e-mail changed and a verification link was sent to the new address. */
  emailChanged: boolean;
}

/**
 * Saves the profile form. Names are capitalised (spec 2 §5).
 *
 * A new e-mail address is marked unverified and receives a verification link, like a new
 * account: the next sign-in with a password waits for that click. The current session stays
 * open, so a person who mistyped the address can correct it from the profile and get a new
 * link; password recovery also proves the new address and verifies it. We chose this over
 * refusing e-mail changes because the spec lets the profile edit the e-mail, and over a
 * pending-address column because the schema keeps one address per account.
 */
export async function updateProfile(ctx: AppContext, userId: number, input: UserUpdateInput, log: ErrorLog): Promise<ProfileUpdate> {
  const now = ctx.clock();
  const [current] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw notFound(MESSAGES.common.notFound);
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  await assertEmailAndPseudoFree(ctx.db, input.email, input.pseudo, userId);

  const changes: Partial<typeof users.$inferInsert> = {
    pseudo: input.pseudo,
    pseudoKey: pseudoKey(input.pseudo),
    email: input.email,
    firstName: optional(input.firstName, capitaliseName),
    lastName: optional(input.lastName, capitaliseName),
    phone: optional(input.phone),
    socialReason: optional(input.socialReason),
    birthDate: optional(input.birthDate),
    country: optional(input.country),
    updatedAt: now,
  };
  if (input.lang) changes.lang = input.lang;
  if (emailChanged) changes.emailVerifiedAt = null;
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) if (changes[key] === undefined) delete changes[key];

  let token: string | null;
  try {
    token = await ctx.db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, userId));
      if (!emailChanged) return null;
      await voidAddressLinks(tx, userId, now);
      return issueEmailToken(tx, userId, 'verify', now);
    });
  } catch (error) {
    rethrowUserConflict(error);
  }
  const user = await getPublicUser(ctx.db, userId);
  if (token) {
    await sendAfterCommit(ctx, verificationMail(user.email, user.firstName ?? user.pseudo, `${ctx.config.publicUrl}/verify/${token}`, 'email-change'), log);
  }
  return { user, emailChanged };
}

export async function finishTutorial(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(users).set({ isFirstTime: false, updatedAt: ctx.clock() }).where(eq(users.id, userId));
}
