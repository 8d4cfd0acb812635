/**
 * The prize at the payment provider. The organiser's pay-ins sit in the organiser's wallet
 * there (adapters/payments/port.ts, escrow model); validating a winner moves the prize to the
 * winner's wallet with the platform's 20 % kept as transfer fees, so that the winner's later
 * pay-out finds the money where the provider expects it.
 *
 * It runs BEFORE the ledger credit, outside any transaction (the provider is remote, and the
 * built-in one shares the database), under the idempotency key `prize-<participationId>`:
 * a retried, repeated or concurrent validation replays the same transfer instead of making a
 * second one. A prize credited in the ledger therefore always has its transfer done.
 *
 * Before asking the provider, the delivery is marked (`prize_transfer_started_at`), in a
 * statement of its own, on a winner whose files are not validated yet: a decision that would
 * take the win away meanwhile (a dispute settled by a refund, modules/disputes/resolve.ts)
 * reads the mark under the row's lock and is refused, instead of leaving a prize paid at the
 * provider that the ledger never records; and a win already taken away is not paid. A transfer
 * the provider refused moved nothing, so its mark is lifted.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AppError, MESSAGES, platformFeeCents } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { participations, users } from '../../db/schema';
import { rethrowProviderError, type WarnLog } from '../payments/provider-errors';

const M = MESSAGES.messaging;

export interface PrizeTarget {
  participationId: number;
  talentId: number;
  contestId: number;
  organiserId: number;
  costCents: number;
}

export async function transferPrize(ctx: AppContext, target: PrizeTarget, log?: WarnLog): Promise<void> {
  const open = and(eq(participations.id, target.participationId), eq(participations.isWinner, true), isNull(participations.finalValidatedAt));
  const [marked] = await ctx.db
    .update(participations)
    .set({ prizeTransferStartedAt: sql`coalesce(${participations.prizeTransferStartedAt}, ${ctx.clock()})` })
    .where(open)
    .returning({ id: participations.id });
  if (!marked) throw new AppError(409, M.deliveryChanged);
  try {
    await moveAtProvider(ctx, target, log);
  } catch (error) {
    if (error instanceof AppError && error.status !== 503) await ctx.db.update(participations).set({ prizeTransferStartedAt: null }).where(open);
    throw error;
  }
}

async function moveAtProvider(ctx: AppContext, target: PrizeTarget, log?: WarnLog): Promise<void> {
  const people = await ctx.db
    .select({ id: users.id, ownerId: users.ownerId, payerId: users.payerId })
    .from(users)
    .where(inArray(users.id, [target.organiserId, target.talentId]));
  const organiser = people.find((p) => p.id === target.organiserId);
  const talent = people.find((p) => p.id === target.talentId);
  if (!organiser?.ownerId || !organiser.payerId || !talent?.payerId) {
    // Both needed their provider account to organise and to take part (docs/product.md §1).
    log?.warn({ participationId: target.participationId }, 'prize cannot move at the provider: an account is missing');
    throw new AppError(409, M.prizeTransferRefused);
  }
  let status: string;
  try {
    const state = await ctx.payments.transfer({
      authorId: organiser.ownerId,
      debitedWalletId: organiser.payerId,
      creditedWalletId: talent.payerId,
      // The whole prize: a promotion was paid into the organiser's wallet when the pay-in settled.
      amountCents: target.costCents,
      feesCents: platformFeeCents(target.costCents),
      tag: `prize:${target.participationId}`,
      idempotencyKey: `prize-${target.participationId}`,
    });
    status = state.status;
  } catch (error) {
    rethrowProviderError(error, M.prizeTransferRefused, log);
  }
  if (status === 'FAILED') {
    log?.warn({ participationId: target.participationId }, 'prize transfer failed at the provider');
    throw new AppError(422, M.prizeTransferRefused);
  }
}
