/**
 * The admins' disputes queue and its decisions (docs/product.md §2, disputes).
 *
 * A decision runs in one transaction that locks the contest, then the participation (the
 * order of every writer of both), then settles the dispute with a conditional update on its
 * status: two admins deciding at once, the same request sent twice, or a decision racing the
 * organiser's validation or the automatic one end with exactly one effect; the others get a
 * 409. Money moves through the same paths as elsewhere, under keys that cannot be posted twice:
 * - validate: delivery/validate.ts (the provider transfer `prize-<participationId>` first,
 *   then applyValidation and its ledger key `prize:<participationId>`);
 * - refund: refunds/refund.ts plans the return of the prize to the organiser in the same
 *   transaction (under the operation key `dispute:<id>`, so a repeat plans nothing more) and
 *   asks the provider once it has committed; the winner loses the win, and a contest left
 *   with no winner awaiting delivery is finished (5);
 * - more_time: pushes the delivery delay by 1 to 30 days.
 */
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CONTEST_STATUS,
  conflict,
  DAY_MS,
  formatDate,
  MESSAGES,
  notFound,
  webPaths,
  type AdminDisputesPage,
  type DisputeStatus,
  type ResolveDisputeInput,
  AppError,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, disputes, participations, users } from '../../db/schema';
import { recordAdminAction } from '../admin/audit';
import { applyValidation, storeHandoverAfterCommit, validationOf } from '../delivery/validate';
import { transferPrize } from '../delivery/prize-transfer';
import { insertMessage, loadHead, type ConversationHead } from '../messages/conversation';
import { notify } from '../notifications/notify';
import type { WarnLog } from '../payments/provider-errors';
import { planRefund, refundableCents, settleRefunds } from '../refunds/refund';

const D = MESSAGES.disputes;
const organiser = alias(users, 'organiser');
const winner = alias(users, 'winner');
const opener = alias(users, 'opener');

/** GET /admin/disputes: the open ones oldest first (a queue), or the settled ones newest first. */
export async function listDisputes(db: Db, query: { status: DisputeStatus; page: number; pageSize: number }): Promise<AdminDisputesPage> {
  const where = eq(disputes.status, query.status);
  const rows = await db
    .select({
      dispute: disputes,
      contestId: contests.id,
      companyName: contests.companyName,
      contestStatus: contests.status,
      costCents: contests.costCents,
      organiserId: organiser.id,
      organiserPseudo: organiser.pseudo,
      winnerId: winner.id,
      winnerPseudo: winner.pseudo,
      openerPseudo: opener.pseudo,
      deliveryDueAt: participations.deliveryDueAt,
      finalSentAt: participations.finalSentAt,
      finalValidatedAt: participations.finalValidatedAt,
    })
    .from(disputes)
    .innerJoin(participations, eq(participations.id, disputes.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(organiser, eq(organiser.id, contests.ownerId))
    .innerJoin(winner, eq(winner.id, participations.userId))
    .innerJoin(opener, eq(opener.id, disputes.openedBy))
    .where(where)
    .orderBy(...(query.status === 'open' ? [asc(disputes.createdAt), asc(disputes.id)] : [desc(disputes.resolvedAt), desc(disputes.id)]))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(disputes).where(where);
  return {
    disputes: rows.map((r) => ({
      id: r.dispute.id,
      status: r.dispute.status,
      reason: r.dispute.reason,
      openedAt: r.dispute.createdAt.toISOString(),
      openedBy: { id: r.dispute.openedBy, pseudo: r.openerPseudo, side: r.dispute.openedBy === r.organiserId ? 'organiser' : 'participant' },
      participationId: r.dispute.participationId,
      contest: { id: r.contestId, companyName: r.companyName, status: r.contestStatus, costCents: r.costCents },
      organiser: { id: r.organiserId, pseudo: r.organiserPseudo },
      winner: { id: r.winnerId, pseudo: r.winnerPseudo },
      delivery: { dueAt: r.deliveryDueAt?.toISOString() ?? null, finalSentAt: r.finalSentAt?.toISOString() ?? null, validatedAt: r.finalValidatedAt?.toISOString() ?? null },
      outcome: r.dispute.outcome,
      resolutionReason: r.dispute.resolutionReason,
      resolvedAt: r.dispute.resolvedAt?.toISOString() ?? null,
      extraDays: r.dispute.extraDays,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

interface Locked {
  status: number;
  isWinner: boolean;
  finalSentAt: Date | null;
  finalValidatedAt: Date | null;
  deliveryDueAt: Date | null;
  prizeTransferStartedAt: Date | null;
}

/** What every outcome needs: the delivery still awaited, the files not validated yet. */
function deliveryRefusal(s: Pick<Locked, 'status' | 'isWinner' | 'finalValidatedAt'>) {
  if (s.finalValidatedAt) return conflict(D.alreadyValidated);
  if (!s.isWinner || s.status !== CONTEST_STATUS.awaitingFinalFiles) return conflict(D.onlyAwaitingDelivery);
  return null;
}

/** The outcome's effect, under the locks; returns the sentence both sides are told. */
async function applyOutcome(ctx: AppContext, tx: Tx, disputeId: number, head: ConversationHead, p: Locked, input: ResolveDisputeInput, now: Date): Promise<string> {
  switch (input.outcome) {
    case 'validate': {
      if (!p.finalSentAt) throw conflict(D.noFinalFiles);
      await applyValidation(tx, validationOf(head), 'admin', now);
      return D.outcomes.validate;
    }
    case 'more_time': {
      const days = input.extraDays!;
      // Pushed from the current deadline, or from now when none was set or it has passed.
      const from = p.deliveryDueAt && p.deliveryDueAt > now ? p.deliveryDueAt : now;
      const due = new Date(from.getTime() + days * DAY_MS);
      await tx.update(participations).set({ deliveryDueAt: due, deliveryAlertedAt: null, updatedAt: now }).where(eq(participations.id, head.participationId));
      return D.moreTimeUntil(days, formatDate(due));
    }
    case 'refund': {
      // A promotion paid part of the contest: the organiser gets back at most what they paid.
      const amountCents = Math.min(head.costCents, await refundableCents(tx, head.contestId));
      if (amountCents > 0) await planRefund(ctx, tx, { contestId: head.contestId, amountCents, operationKey: refundKey(disputeId), reason: input.reason });
      await withdrawWin(tx, head, now);
      return D.outcomes.refund;
    }
  }
}

const refundKey = (disputeId: number) => `dispute:${disputeId}`;

/** The winner loses this prize; a contest with no winner left awaiting delivery is finished. */
async function withdrawWin(tx: Tx, head: ConversationHead, now: Date): Promise<void> {
  await tx.update(participations).set({ isWinner: false, winnerAt: null, updatedAt: now }).where(eq(participations.id, head.participationId));
  const [pending] = await tx
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.contestId, head.contestId), eq(participations.isWinner, true), isNull(participations.finalValidatedAt)));
  const finished = Number(pending?.n ?? 0) === 0;
  await tx
    .update(contests)
    .set({
      winnersCount: sql`greatest(${contests.winnersCount} - 1, 0)`,
      ...(finished ? { status: CONTEST_STATUS.finished, finishedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(contests.id, head.contestId));
}

/** POST /admin/disputes/{id}/resolve. */
export async function resolveDispute(ctx: AppContext, adminId: number, id: number, input: ResolveDisputeInput, log?: WarnLog): Promise<void> {
  const [target] = await ctx.db.select().from(disputes).where(eq(disputes.id, id));
  if (!target) throw notFound(D.notFound);
  if (target.status !== 'open') throw conflict(D.alreadyResolved);
  const head = await loadHead(ctx.db, target.participationId);
  const early = deliveryRefusal(head);
  if (early) throw early;
  if (input.outcome === 'validate') {
    if (!head.finalSentAt) throw conflict(D.noFinalFiles);
    // The prize moves at the provider before the decision commits (delivery/prize-transfer.ts,
    // which also marks the delivery): the dispute is claimed first, so that another outcome
    // decided meanwhile is refused, and a dispute settled meanwhile stops this one before any
    // money moves.
    const [claimed] = await ctx.db
      .update(disputes)
      .set({ validatingAt: ctx.clock() })
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
      .returning({ id: disputes.id });
    if (!claimed) throw conflict(D.alreadyResolved);
    try {
      await transferPrize(ctx, validationOf(head), log);
    } catch (error) {
      // Refused by the provider, nothing moved: the other outcomes are open again. Unreachable,
      // the transfer may have happened: only a validation, retried under the same key, settles it.
      if (error instanceof AppError && error.status !== 503) await ctx.db.update(disputes).set({ validatingAt: null }).where(and(eq(disputes.id, id), eq(disputes.status, 'open')));
      throw error;
    }
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [contest] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, head.contestId)).for('update');
    const [p] = await tx.select().from(participations).where(eq(participations.id, head.participationId)).for('update');
    const [settled] = await tx
      .update(disputes)
      .set({ status: 'resolved', outcome: input.outcome, resolvedBy: adminId, resolvedAt: now, resolutionReason: input.reason, extraDays: input.outcome === 'more_time' ? input.extraDays! : null })
      // Once an admin's validation has claimed it, only a validation settles it (see above).
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open'), input.outcome === 'validate' ? undefined : isNull(disputes.validatingAt)))
      .returning();
    if (!settled) throw conflict(D.alreadyResolved);
    const locked: Locked = { status: contest!.status, isWinner: p!.isWinner, finalSentAt: p!.finalSentAt, finalValidatedAt: p!.finalValidatedAt, deliveryDueAt: p!.deliveryDueAt, prizeTransferStartedAt: p!.prizeTransferStartedAt };
    const late = deliveryRefusal(locked);
    if (late) throw late;
    // A validation has started paying this prize: only a validation may settle the dispute now.
    if (input.outcome !== 'validate' && locked.prizeTransferStartedAt) throw conflict(D.prizeOnItsWay);
    const said = await applyOutcome(ctx, tx, id, head, locked, input, now);
    await insertMessage(tx, { participationId: head.participationId, organiserId: head.organiserId, talentId: head.talentId, authorId: null, text: D.resolvedSystem(said), at: now });
    for (const userId of [head.organiserId, head.talentId]) {
      await notify(tx, {
        userId,
        kind: 'dispute_resolved',
        text: D.resolvedNotice(head.companyName, said),
        link: webPaths.conversation(head.participationId),
        contestId: head.contestId,
        participationId: head.participationId,
        at: now,
      });
    }
    await recordAdminAction(tx, {
      adminId,
      action: `dispute.${input.outcome}`,
      targetType: 'dispute',
      targetId: id,
      reason: input.reason,
      details: { participationId: head.participationId, contestId: head.contestId, ...(input.outcome === 'more_time' ? { extraDays: input.extraDays } : {}) },
      at: now,
    });
  });
  if (input.outcome === 'validate') storeHandoverAfterCommit(ctx, [head.participationId], log);
  if (input.outcome === 'refund') {
    try {
      await settleRefunds(ctx, refundKey(id), log);
    } catch (error) {
      // Decided and recorded: a refund the provider did not confirm stays pending or failed
      // under its operation, where the refunds' own retries find it.
      log?.warn({ err: error, disputeId: id }, 'refund of a settled dispute not confirmed by the provider yet');
    }
  }
}
