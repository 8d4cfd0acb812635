/**
 * A handover opens in the transaction that credits the prize (delivery/validate.ts,
 * applyValidation), whoever validates: it fixes the documents' date and takes the fee
 * invoice's number. The number comes from a counter row updated under its lock in that same
 * transaction, so a validation that rolls back gives its number back and the series has no
 * gap, whatever the number of validations at once (docs/decisions/0013).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { handovers, invoiceSequences } from '../../db/schema';

export const FEE_INVOICE_SERIES = 'platform-fee';

export async function openHandover(tx: Tx, participationId: number, now: Date): Promise<void> {
  const [taken] = await tx
    .update(invoiceSequences)
    .set({ lastNumber: sql`${invoiceSequences.lastNumber} + 1` })
    .where(eq(invoiceSequences.series, FEE_INVOICE_SERIES))
    .returning({ n: invoiceSequences.lastNumber });
  if (!taken) throw new Error(`invoice series ${FEE_INVOICE_SERIES} is missing`);
  await tx.insert(handovers).values({ participationId, invoiceNumber: taken.n, issuedAt: now });
}
