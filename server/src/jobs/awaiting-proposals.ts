/**
 * docs/product.md §2: proposals left without an answer. A proposal that waited
 * `AWAITING_REMINDER_DELAY_MS` (48 h) since it was sent, with neither stars nor a comment,
 * while its organiser still judges (2 or 3), earns the organiser one reminder: one
 * notification (and its mail) per contest for every proposal that came due together, and
 * never a second one for the same proposals (`awaitingRemindedAt`, set in the same
 * transaction as the notification).
 *
 * Each contest is told in its own transaction, which locks that contest's due proposals with
 * SKIP LOCKED: a second pass running at once finds them locked or, once the first commits,
 * marked, so it tells nobody twice. One pass drains every contest that came due, including
 * while the server was down, walking the contests in id order.
 */
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { AWAITING_REMINDER_DELAY_MS, CONTEST_STATUS, MESSAGES, durationInHours, webPaths } from '@creadefi/domain';
import type { AppContext } from '../context';
import { awaitingAnswer, contests, participations } from '../db/schema';
import { notify } from '../modules/notifications/notify';

const BATCH = 100;
const JUDGING = [CONTEST_STATUS.open, CONTEST_STATUS.awaitingWinner];

function dueProposals(now: Date) {
  return and(awaitingAnswer, isNull(participations.awaitingRemindedAt), lte(participations.submittedAt, new Date(now.getTime() - AWAITING_REMINDER_DELAY_MS)), inArray(contests.status, JUDGING));
}

/** Tells one contest's organiser about its due proposals; false when another pass holds or told them. */
async function remindContest(ctx: AppContext, contestId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const rows = await tx
      .select({ id: participations.id, ownerId: contests.ownerId, companyName: contests.companyName })
      .from(participations)
      .innerJoin(contests, eq(contests.id, participations.contestId))
      .where(and(eq(participations.contestId, contestId), dueProposals(now)))
      .for('update', { of: participations, skipLocked: true });
    const first = rows[0];
    if (!first) return false;
    await notify(tx, {
      userId: first.ownerId,
      kind: 'proposals_awaiting',
      text: MESSAGES.feedback.notifications.awaiting(rows.length, first.companyName, durationInHours(AWAITING_REMINDER_DELAY_MS)),
      link: webPaths.proposals(contestId),
      contestId,
      at: now,
    });
    await tx.update(participations).set({ awaitingRemindedAt: now }).where(inArray(participations.id, rows.map((r) => r.id)));
    return true;
  });
}

/** One pass; returns how many organisers' contests were reminded. */
export async function remindAwaitingProposals(ctx: AppContext): Promise<number> {
  let reminded = 0;
  let after = 0;
  for (;;) {
    const due = await ctx.db
      .selectDistinct({ contestId: participations.contestId })
      .from(participations)
      .innerJoin(contests, eq(contests.id, participations.contestId))
      .where(and(dueProposals(ctx.clock()), gt(participations.contestId, after)))
      .orderBy(asc(participations.contestId))
      .limit(BATCH);
    for (const { contestId } of due) {
      if (await remindContest(ctx, contestId)) reminded += 1;
    }
    if (due.length < BATCH) return reminded;
    after = due[due.length - 1]!.contestId;
  }
}
