/** The mail switches of « Mon profil »: only what a member switched off is stored. */
import { and, eq } from 'drizzle-orm';
import { MAIL_KINDS, type MailPreferenceInput, type MailPreferences } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { mailOptOuts } from '../../db/schema';

export async function readMailPreferences(ctx: AppContext, userId: number): Promise<MailPreferences> {
  const off = await ctx.db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, userId));
  const offKinds = new Set(off.map((o) => o.kind));
  return Object.fromEntries(MAIL_KINDS.map((k) => [k, !offKinds.has(k)])) as MailPreferences;
}

/** Setting a switch to where it already is changes nothing, however often it is sent. */
export async function setMailPreference(ctx: AppContext, userId: number, input: MailPreferenceInput): Promise<MailPreferences> {
  if (input.enabled) {
    await ctx.db.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, input.kind)));
  } else {
    await ctx.db.insert(mailOptOuts).values({ userId, kind: input.kind, createdAt: ctx.clock() }).onConflictDoNothing();
  }
  return readMailPreferences(ctx, userId);
}
