/**
 * An organiser deletes a contest that was never paid (status 1). Money decides first: a
 * pay-in still open at the provider is asked about, and one that succeeded is settled — the
 * contest goes online and the deletion is refused. A pay-in still in progress refuses it too.
 * Only when every pay-in of the contest has failed, under the same claim that opening a
 * pay-in takes and with the payments and the contest locked in the order settling a pay-in
 * locks them, is the contest removed: no money can arrive for a contest that is gone.
 */
import { and, asc, eq } from 'drizzle-orm';
import { CONTEST_STATUS, MESSAGES, conflict, forbidden, mayDeleteContest, notFound } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { underClaim } from '../../db/claim';
import { contests, notifications, participations, payments } from '../../db/schema';
import { confirmPayIn } from '../payments/service';
import { rethrowProviderError, type WarnLog } from '../payments/provider-errors';
import { findContest } from './repository';

const F = MESSAGES.followUp;
const C = MESSAGES.contests;

function refusalFor(status: number) {
  return mayDeleteContest('organiser', status) ? null : conflict(status === CONTEST_STATUS.open ? F.deletePaid : F.deleteOnlyUnpaid);
}

/** Asks the provider about the contest's open pay-ins; refuses while one may still bring money. */
async function settleOpenPayIns(ctx: AppContext, contestId: number, ownerId: number, log?: WarnLog): Promise<void> {
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.contestId, contestId), eq(payments.status, 'created')))
    .orderBy(asc(payments.id));
  for (const payment of open) {
    let state;
    try {
      state = await ctx.payments.getPayIn(payment.providerPayinId);
    } catch (error) {
      rethrowProviderError(error, F.deletePaymentPending, log);
    }
    if (state?.status === 'SUCCEEDED') {
      // Paid but not yet confirmed: the payment wins, the contest goes online.
      await confirmPayIn(ctx, ownerId, { idConcours: contestId, transactionId: payment.providerPayinId }, log).catch(() => {});
      throw conflict(F.deletePaid);
    }
    if (state?.status === 'CREATED') throw conflict(F.deletePaymentPending);
    await ctx.db
      .update(payments)
      .set({ status: 'failed', failureReason: state?.resultMessage ?? 'unknown at provider', confirmedAt: ctx.clock() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
  }
}

/** POST /concours/delete */
export async function deleteContest(ctx: AppContext, viewerId: number, contestId: number, log?: WarnLog): Promise<void> {
  const contest = await findContest(ctx.db, contestId);
  if (!contest) throw notFound(C.notFound);
  if (contest.ownerId !== viewerId) throw forbidden(C.notOwner);
  const early = refusalFor(contest.status);
  if (early) throw early;

  // The claim that opening a pay-in holds: no pay-in is opened while the contest goes.
  const claim = { holdSeconds: 60, waitMs: 15_000, busy: () => conflict(F.deletePaymentPending) };
  await underClaim(ctx.db, ctx.clock, `payin-opening:${contest.id}`, claim, async () => {
    await settleOpenPayIns(ctx, contest.id, contest.ownerId, log);
    await ctx.db.transaction(async (tx) => {
      // Payments before the contest, the order in which settling a pay-in locks them.
      const pays = await tx.select({ status: payments.status, failureReason: payments.failureReason }).from(payments).where(eq(payments.contestId, contest.id)).for('update');
      const [locked] = await tx.select().from(contests).where(eq(contests.id, contest.id)).for('update');
      if (!locked) throw notFound(C.notFound);
      const late = refusalFor(locked.status);
      if (late) throw late;
      if (pays.some((p) => p.status === 'succeeded')) throw conflict(F.deletePaid);
      // A pay-in refused for a wrong amount still took money, which a refund must return first.
      if (pays.some((p) => p.status !== 'failed' || p.failureReason === 'amount_mismatch')) throw conflict(F.deletePaymentPending);
      const [entered] = await tx.select({ id: participations.id }).from(participations).where(eq(participations.contestId, contest.id)).limit(1);
      if (entered) throw conflict(F.deleteOnlyUnpaid);
      await tx.delete(notifications).where(eq(notifications.contestId, contest.id));
      await tx.delete(payments).where(eq(payments.contestId, contest.id));
      await tx.delete(contests).where(eq(contests.id, contest.id));
    });
  });
}
