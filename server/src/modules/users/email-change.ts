/**
 * Changing the address of an account. The new address is only proposed: it waits in
 * `pending_email` until its confirmation link is clicked, and the address in force is told at
 * once, with a link that undoes the change and ends every session for 7 days. The answer,
 * and the mails, do not tell the person asking whether the new address has an account.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { badRequest, MESSAGES, webPaths } from '@creadefi/domain';
import type { Mail } from '../../adapters/mail/port';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { consumeEmailLink, issueEmailToken, voidAddressLinks, voidEmailTokens } from '../auth/email-tokens';
import { emailChangeNoticeMail, emailInUseMail, verificationMail } from '../auth/mails';
import { revokeAllSessions } from '../auth/sessions';
import { uniqueViolation } from '../../db/unique-violation';

const A = MESSAGES.auth;

type UserRow = typeof users.$inferSelect;

const displayName = (u: { firstName: string | null; pseudo: string }) => u.firstName ?? u.pseudo;

async function ownerOf(db: Db | Tx, email: string, exceptUserId: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row ?? null;
}

/**
 * Records `newEmail` as the account's pending address, inside the profile's transaction, and
 * returns the two mails to send once it commits: to the new address its confirmation link (or,
 * when another account has it, a notice with nothing to click), to the current address the
 * notice with its undo link.
 */
export async function proposeEmailChange(ctx: AppContext, tx: Tx, user: UserRow, newEmail: string, now: Date): Promise<Mail[]> {
  await tx.update(users).set({ pendingEmail: newEmail, updatedAt: now }).where(eq(users.id, user.id));
  // Only the latest proposal can be confirmed.
  await voidEmailTokens(tx, user.id, 'email-change', now);
  const undo = await issueEmailToken(tx, user.id, 'email-undo', now, user.email);
  const notice = emailChangeNoticeMail(user.email, displayName(user), newEmail, `${ctx.config.publicUrl}${webPaths.undoEmailChange(undo)}`, now);

  const owner = await ownerOf(tx, newEmail, user.id);
  if (owner) return [emailInUseMail(owner.email, displayName(owner)), notice];
  const confirm = await issueEmailToken(tx, user.id, 'email-change', now, newEmail);
  return [verificationMail(newEmail, displayName(user), `${ctx.config.publicUrl}${webPaths.verify(confirm)}`, 'email-change'), notice];
}

/**
 * The new address's link: it becomes the account's address, verified. False when the token is
 * no e-mail change link, so that the verification route can try its other meaning.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<boolean> {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx) => {
      const link = await consumeEmailLink(tx, token, 'email-change', now);
      if (!link?.email) return false;
      const [current] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
      // Undone, or replaced by a later proposal, in the meantime.
      if (!current || current.pendingEmail?.toLowerCase() !== link.email.toLowerCase()) throw badRequest(A.linkInvalid);
      // Another account took the address since the link was sent.
      if (await ownerOf(tx, link.email, current.id)) throw badRequest(A.linkInvalid);
      await tx.update(users).set({ email: link.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, current.id));
      // Links mailed to the previous address stop working; its undo link stays.
      await voidAddressLinks(tx, current.id, now);
      return true;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_key') throw badRequest(A.linkInvalid);
    throw error;
  }
}

/**
 * The old address's link: the address comes back (unless another account has taken it since),
 * any pending proposal is dropped, every link and every session of the account ends. Returns
 * the message to show.
 */
export async function undoEmailChange(ctx: AppContext, token: string): Promise<string> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const link = await consumeEmailLink(tx, token, 'email-undo', now);
    if (!link?.email) throw badRequest(A.linkInvalid);
    const [current] = await tx.select().from(users).where(eq(users.id, link.userId)).for('update');
    if (!current) throw badRequest(A.linkInvalid);
    const taken = (await ownerOf(tx, link.email, current.id)) !== null;
    // The old address proved itself by this click.
    const restore = taken ? {} : { email: link.email, emailVerifiedAt: now };
    await tx.update(users).set({ ...restore, pendingEmail: null, updatedAt: now }).where(eq(users.id, current.id));
    await voidAddressLinks(tx, current.id, now);
    await voidEmailTokens(tx, current.id, 'email-change', now);
    await revokeAllSessions(tx, current.id, now);
    return taken ? A.emailChangeUndoneAddressTaken : A.emailChangeUndone;
  });
}
