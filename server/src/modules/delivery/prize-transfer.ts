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
 */
import { and, eq, inArray, min, sql } from 'drizzle-orm';
import { AppError, MESSAGES, gainCents, platformFeeCents } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests, participations, payments, users } from '../../db/schema';
import { rethrowProviderError, type WarnLog } from '../payments/provider-errors';

const M = MESSAGES.messaging;

export interface PrizeTarget {
  participationId: number;
  talentId: number;
  contestId: number;
  organiserId: number;
  costCents: number;
}

export interface PrizeTransferPlan {
  debitedCents: number;
  feesCents: number;
}

/**
 * What leaves the organiser's wallet for this winner. A promo code made the organiser pay
 * less than the prizes (the ledger books the difference on platform:promotions); at the
 * provider that difference was never paid in, so it comes off one prize — the winner with
 * the smallest participation id, a choice that cannot change once the contest is finalised
 * — first out of the platform's fee, then (for promotions above 20 %) out of what reaches
 * the winner's wallet, which support then tops up.
 */
export async function planPrizeTransfer(ctx: AppContext, target: PrizeTarget): Promise<PrizeTransferPlan> {
  const [paid] = await ctx.db
    .select({
      covered: sql<number>`coalesce(sum(${payments.prizes} * ${contests.costCents}), 0)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(contests, eq(contests.id, payments.contestId))
    .where(and(eq(payments.contestId, target.contestId), eq(payments.status, 'succeeded')));
  const discount = Math.max(0, (paid?.covered ?? 0) - (paid?.amount ?? 0));
  let share = 0;
  if (discount > 0) {
    const [first] = await ctx.db
      .select({ id: min(participations.id) })
      .from(participations)
      .where(and(eq(participations.contestId, target.contestId), eq(participations.isWinner, true)));
    if (first?.id === target.participationId) share = Math.min(discount, target.costCents - 1);
  }
  return { debitedCents: target.costCents - share, feesCents: Math.max(0, platformFeeCents(target.costCents) - share) };
}

export async function transferPrize(ctx: AppContext, target: PrizeTarget, log?: WarnLog): Promise<void> {
  const people = await ctx.db
    .select({ id: users.id, ownerId: users.ownerId, payerId: users.payerId })
    .from(users)
    .where(inArray(users.id, [target.organiserId, target.talentId]));
  const organiser = people.find((p) => p.id === target.organiserId);
  const talent = people.find((p) => p.id === target.talentId);
  if (!organiser?.ownerId || !organiser.payerId || !talent?.payerId) {
    // Both needed their provider account to organise and to take part (decision 8).
    log?.warn({ participationId: target.participationId }, 'prize cannot move at the provider: an account is missing');
    throw new AppError(409, M.prizeTransferRefused);
  }
  const plan = await planPrizeTransfer(ctx, target);
  const received = plan.debitedCents - plan.feesCents;
  if (received < gainCents(target.costCents)) {
    log?.warn({ participationId: target.participationId, missingCents: gainCents(target.costCents) - received }, 'promotion above the platform fee: the winner’s wallet at the provider needs a top-up');
  }
  let status: string;
  try {
    const state = await ctx.payments.transfer({
      authorId: organiser.ownerId,
      debitedWalletId: organiser.payerId,
      creditedWalletId: talent.payerId,
      amountCents: plan.debitedCents,
      feesCents: plan.feesCents,
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
