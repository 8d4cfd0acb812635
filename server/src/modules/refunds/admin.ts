/**
 * The admins' side of refunds (docs/product.md §3): cancelling and refunding a contest not
 * finalised, and the queue of organisers' refund requests.
 *
 * A decision is taken in one transaction under the contest's row lock — the status checked,
 * the contest closed as refunded, the refunds planned, everyone told, the audit log written —
 * so a finalisation, a validation or a winner choice racing it waits and then finds the
 * contest closed, and a second admin finds it decided. The provider is asked after the
 * commit (settleRefunds): a refusal there leaves the contest closed and the refund failed,
 * visible in `refunds`, and the same request retries it.
 */
import { and, asc, count, desc, eq, like, sql } from 'drizzle-orm';
import {
  CONTEST_STATUS,
  conflict,
  formatEuros,
  MESSAGES,
  notFound,
  webPaths,
  type AdminRefundRequestsPage,
  type AdminReturnedPayInDto,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, participations, refundRequests, refunds, users } from '../../db/schema';
import { notify } from '../notifications/notify';
import { recordAdminAction } from '../admin/audit';
import { lockContest, type ContestWithFormat } from '../participations/load';
import type { WarnLog } from '../payments/provider-errors';
import { LATE_RETURN_PREFIX, withdrawOpenPayIns } from '../payments/service';
import { planRefund, refundableCents, settleRefunds } from './refund';
import { tellParticipants } from './way-out';

const R = MESSAGES.refunds;

/** One refund per contest: whoever closes it, the same key. */
export const contestRefundKey = (contestId: number) => `contest-refund:${contestId}`;

/** Under the contest's lock: closed as refunded, its refund planned, its organiser and talents told. */
async function closeAsRefunded(ctx: AppContext, tx: Tx, contest: ContestWithFormat, reason: string, now: Date): Promise<number> {
  const amountCents = await refundableCents(tx, contest.id);
  await tx
    .update(contests)
    .set({ status: CONTEST_STATUS.cancelled, refundedAt: now, updatedAt: now })
    .where(eq(contests.id, contest.id));
  if (amountCents > 0) await planRefund(ctx, tx, { contestId: contest.id, amountCents, operationKey: contestRefundKey(contest.id), reason });
  await notify(tx, {
    userId: contest.ownerId,
    kind: 'contest_refunded',
    text: R.refundedNotice(contest.companyName, formatEuros(amountCents)),
    link: webPaths.proposals(contest.id),
    contestId: contest.id,
    at: now,
  });
  await tellParticipants(tx, contest.id, { kind: 'contest_refunded', text: R.closedForParticipantNotice(contest.companyName), link: webPaths.contestDetails(contest.id), at: now });
  return amountCents;
}

/** Whether a refund already decided still has something for the provider to do. */
async function unsettled(db: Db | Tx, contestId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(refunds)
    .where(and(eq(refunds.operationKey, contestRefundKey(contestId)), sql`${refunds.status} <> 'succeeded'`));
  return (row?.n ?? 0) > 0;
}

/**
 * POST /admin/contests/{id}/refund: allowed while the contest is paid and not finalised (2 or
 * 3). Asked again once refunded, it only retries what the provider has not done yet.
 */
export async function adminRefundContest(ctx: AppContext, adminId: number, contestId: number, reason: string, log?: WarnLog): Promise<{ refundedCents: number }> {
  await ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, contestId);
    if (contest.refundedAt) {
      if (await unsettled(tx, contestId)) return;
      throw conflict(R.alreadyRefunded);
    }
    if (contest.status === CONTEST_STATUS.awaitingPayment) throw conflict(R.nothingPaid);
    if (contest.status === CONTEST_STATUS.cancelled) throw conflict(R.closed);
    if (contest.status !== CONTEST_STATUS.open && contest.status !== CONTEST_STATUS.awaitingWinner) throw conflict(R.finalised);
    const now = ctx.clock();
    const amountCents = await closeAsRefunded(ctx, tx, contest, reason, now);
    // A request waiting in the queue is answered by this decision.
    await tx
      .update(refundRequests)
      .set({ status: 'approved', decidedBy: adminId, decidedAt: now, decisionReason: reason })
      .where(and(eq(refundRequests.contestId, contestId), eq(refundRequests.status, 'pending')));
    await recordAdminAction(tx, { adminId, action: 'contest.refund', targetType: 'contest', targetId: contestId, reason, details: { amountCents, previousStatus: contest.status }, at: now });
  });
  await withdrawOpenPayIns(ctx, contestId, log);
  return settleRefunds(ctx, contestRefundKey(contestId), log);
}

/** What the contest's refund gave back to the organiser's card, as the provider confirmed it. */
async function refundedCents(db: Db, contestId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.operationKey, contestRefundKey(contestId)), eq(refunds.kind, 'payin'), eq(refunds.status, 'succeeded')));
  return Number(row?.total ?? 0);
}

/** GET /admin/refund-requests: pending first (oldest first: a queue), then the decided ones, newest first. */
export async function listRefundRequests(db: Db, query: { page: number; pageSize: number }): Promise<AdminRefundRequestsPage> {
  const rows = await db
    .select({ request: refundRequests, contest: contests, pseudo: users.pseudo })
    .from(refundRequests)
    .innerJoin(contests, eq(contests.id, refundRequests.contestId))
    .innerJoin(users, eq(users.id, refundRequests.userId))
    .orderBy(
      desc(sql`${refundRequests.status} = 'pending'`),
      sql`case when ${refundRequests.status} = 'pending' then ${refundRequests.createdAt} end asc`,
      desc(refundRequests.createdAt),
      asc(refundRequests.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(refundRequests);
  const requests = [];
  for (const { request: r, contest: c, pseudo } of rows) {
    requests.push({
      id: r.id,
      status: r.status,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
      contest: { id: c.id, companyName: c.companyName, costCents: c.costCents, status: c.status, extendedAt: c.extendedAt?.toISOString() ?? null },
      organiser: { id: r.userId, pseudo },
      refundableCents: await refundableCents(db, c.id),
      refundedCents: await refundedCents(db, c.id),
      refundedAt: c.refundedAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
    });
  }
  return { requests, returnedPayIns: await returnedPayIns(db), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

const RETURNED_PAYINS_SHOWN = 20;

/** The newest pay-ins given back because they arrived after their contest could take them. */
async function returnedPayIns(db: Db): Promise<AdminReturnedPayInDto[]> {
  const rows = await db
    .select({ refund: refunds, companyName: contests.companyName, ownerId: contests.ownerId, pseudo: users.pseudo })
    .from(refunds)
    .innerJoin(contests, eq(contests.id, refunds.contestId))
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(and(like(refunds.operationKey, `${LATE_RETURN_PREFIX}%`), eq(refunds.kind, 'payin')))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(RETURNED_PAYINS_SHOWN);
  return rows.map(({ refund: r, companyName, ownerId, pseudo }) => ({
    paymentId: r.paymentId,
    contest: { id: r.contestId, companyName },
    organiser: { id: ownerId, pseudo },
    amountCents: r.amountCents,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
  }));
}

/**
 * POST /admin/refund-requests/{id}/approve and /reject. The conditional update on the
 * request's status decides between two admins: the second finds it decided (409).
 * Approving refunds the contest (closed as refunded); a winner chosen meanwhile refuses it.
 */
export async function decideRefundRequest(
  ctx: AppContext,
  adminId: number,
  id: number,
  decision: 'approved' | 'rejected',
  reason: string,
  log?: WarnLog,
): Promise<{ refundedCents: number }> {
  const [target] = await ctx.db.select({ contestId: refundRequests.contestId }).from(refundRequests).where(eq(refundRequests.id, id));
  if (!target) throw notFound(R.requestNotFound);
  await ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, target.contestId);
    const now = ctx.clock();
    const [decided] = await tx
      .update(refundRequests)
      .set({ status: decision, decidedBy: adminId, decidedAt: now, decisionReason: reason })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending')))
      .returning();
    if (!decided) throw conflict(R.requestAlreadyDecided);
    let amountCents = 0;
    if (decision === 'approved') {
      if (contest.refundedAt) throw conflict(R.alreadyRefunded);
      const [winner] = await tx
        .select({ id: participations.id })
        .from(participations)
        .where(and(eq(participations.contestId, contest.id), eq(participations.isWinner, true)))
        .limit(1);
      if (winner) throw conflict(R.winnerChosen);
      if (contest.status !== CONTEST_STATUS.awaitingWinner) throw conflict(R.notEnded);
      amountCents = await closeAsRefunded(ctx, tx, contest, reason, now);
    } else {
      await notify(tx, { userId: decided.userId, kind: 'refund_rejected', text: R.rejectedNotice(contest.companyName, reason), link: webPaths.proposals(contest.id), contestId: contest.id, at: now });
    }
    await recordAdminAction(tx, {
      adminId,
      action: decision === 'approved' ? 'refund_request.approve' : 'refund_request.reject',
      targetType: 'refund_request',
      targetId: id,
      reason,
      details: { contestId: contest.id, amountCents },
      at: now,
    });
  });
  if (decision === 'rejected') return { refundedCents: 0 };
  await withdrawOpenPayIns(ctx, target.contestId, log);
  return settleRefunds(ctx, contestRefundKey(target.contestId), log);
}
