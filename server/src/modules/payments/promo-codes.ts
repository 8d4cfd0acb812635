/**
 * Promo codes: defined by an admin, typed at contest creation, they discount the creation
 * payment of one contest, once (docs/decisions/0006-promotion-codes.md). A use is reserved
 * when the discounted pay-in opens, in the transaction that records it, by one conditional
 * update of the code's row: concurrent openings queue on that row and the limit is read
 * again by each, so `maxUses` and `validUntil` hold however many arrive at once. A pay-in
 * that fails or expires gives its use back. An admin may disable a code: it is then refused
 * like a lapsed one, while a pay-in that already holds a use keeps it.
 */
import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { conflict, MESSAGES, normalisePromoCode, type CreatePromoCodeInput, type PromoCodeDto, type PromoCodeState } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { promoCodes } from '../../db/schema';
import { uniqueViolation } from '../../db/unique-violation';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

function usableAt(now: Date) {
  return and(
    isNull(promoCodes.disabledAt),
    or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)),
    or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, now)),
    or(isNull(promoCodes.maxUses), sql`${promoCodes.uses} < ${promoCodes.maxUses}`),
  );
}

export async function findUsablePromoCode(db: Db | Tx, code: string, now: Date): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, normalisePromoCode(code)), usableAt(now)))
    .limit(1);
  return row ?? null;
}

export async function findPromoCode(db: Db | Tx, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalisePromoCode(code))).limit(1);
  return row ?? null;
}

/** The same conditions as `usableAt`, read on a row already loaded (a preview that takes nothing). */
export function promoCodeState(row: PromoCodeRow, now: Date): PromoCodeState {
  if (row.disabledAt) return 'disabled';
  if (row.validFrom && row.validFrom > now) return 'notYet';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'usedUp';
  return 'usable';
}

export async function promoCodeById(db: Db | Tx, id: number): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row ?? null;
}

/** Takes one use of the code, or answers why it cannot: disabled, lapsed (or not yet valid) or used up. */
export async function reservePromoCodeUse(tx: Tx, id: number, now: Date): Promise<'reserved' | 'disabled' | 'expired' | 'usedUp'> {
  const [taken] = await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, id), usableAt(now)))
    .returning({ id: promoCodes.id });
  if (taken) return 'reserved';
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (row?.disabledAt) return 'disabled';
  return row && row.maxUses !== null && row.uses >= row.maxUses ? 'usedUp' : 'expired';
}

export async function releasePromoCodeUse(tx: Tx, id: number): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} - 1` })
    .where(and(eq(promoCodes.id, id), gt(promoCodes.uses, 0)));
}

export function toPromoCodeDto(row: PromoCodeRow, now: Date): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
    state: promoCodeState(row, now),
  };
}

export async function createPromoCode(db: Db, input: CreatePromoCodeInput, now: Date): Promise<PromoCodeDto> {
  try {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.percentOff ? null : (input.amountOffCents ?? null),
        validUntil: input.validUntil ? new Date(input.validUntil) : null,
        maxUses: input.maxUses ?? null,
        createdAt: now,
      })
      .returning();
    return toPromoCodeDto(row!, now);
  } catch (error) {
    if (uniqueViolation(error) === 'promo_codes_code_key') throw conflict(MESSAGES.payments.promoCodeTaken);
    throw error;
  }
}

export async function listPromoCodes(db: Db, now: Date): Promise<PromoCodeDto[]> {
  const rows = await db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map((row) => toPromoCodeDto(row, now));
}
