/**
 * Single-use links sent by e-mail (address verification, password reset, a new address's
 * confirmation and the old address's undo link). The link carries
 * a random token; only its hash is stored, and consuming it is one UPDATE … RETURNING so
 * two clicks at once cannot both succeed.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newToken } from './tokens';

export type EmailTokenPurpose = 'verify' | 'reset' | 'email-change' | 'email-undo';

/**
 * Verification links last 48 h, reset links 1 h (a reset link is worth an account); the old
 * address may undo an e-mail change for 7 days, long enough to notice a takeover.
 */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { verify: 48 * HOUR_MS, reset: HOUR_MS, 'email-change': 48 * HOUR_MS, 'email-undo': 7 * DAY_MS };

/** `email` is the address the link is about, for the links of an e-mail change. */
export async function issueEmailToken(db: Db | Tx, userId: number, purpose: EmailTokenPurpose, now: Date, email?: string): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({ userId, purpose, email, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]), createdAt: now });
  return token;
}

/** Marks the token used and returns its user and address, or null when it is unknown, used or expired. */
export async function consumeEmailLink(db: Db | Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<{ userId: number; email: string | null } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row ?? null;
}

/** Marks the token used and returns its user, or null when it is unknown, used or expired. */
export async function consumeEmailToken(db: Db | Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
  return (await consumeEmailLink(db, token, purpose, now))?.userId ?? null;
}

/** Every other pending link of that kind stops working, e.g. older reset links after a reset. */
export async function voidEmailTokens(db: Db | Tx, userId: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** The address changed: links sent to the old one must not verify or reset the new one. */
export async function voidAddressLinks(db: Db | Tx, userId: number, now: Date): Promise<void> {
  await voidEmailTokens(db, userId, 'verify', now);
  await voidEmailTokens(db, userId, 'reset', now);
}

/** The user a link was issued to, used or not, expired or not; null for a link never issued. */
export async function emailTokenOwner(db: Db | Tx, token: string, purpose: EmailTokenPurpose): Promise<number | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row?.userId ?? null;
}
