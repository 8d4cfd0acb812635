/**
 * docs/product.md §4: a winner's delays, watched. A winner who let the 48 hours to accept the
 * mission pass: the organiser is told once that they may choose another winner. An accepted
 * mission whose delivery delay passed without final files: the organiser (who may open a
 * dispute from the conversation) and every admin are told once. Batches lock their rows with
 * SKIP LOCKED, as end-contests.ts does, so instances running this at once tell each person
 * once; one pass drains everything that came due, including while the server was down.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { CONTEST_STATUS, MESSAGES, webPaths } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { contests, participations, users } from '../db/schema';
import { notify } from '../modules/notifications/notify';

const BATCH = 100;
const W = MESSAGES.winners.notifications;

interface Late {
  id: number;
  contestId: number;
  ownerId: number;
  companyName: string;
  pseudo: string | null;
}

/** One kind of lateness: which rows are due, and what telling them means. */
async function drain(ctx: AppContext, due: (now: Date) => SQL | undefined, tell: (tx: Tx, rows: Late[], now: Date) => Promise<void>): Promise<number> {
  let told = 0;
  for (;;) {
    const now = ctx.clock();
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: participations.id, contestId: contests.id, ownerId: contests.ownerId, companyName: contests.companyName, pseudo: users.pseudo })
        .from(participations)
        .innerJoin(contests, eq(contests.id, participations.contestId))
        .innerJoin(users, eq(users.id, participations.userId))
        .where(and(eq(participations.isWinner, true), eq(contests.status, CONTEST_STATUS.awaitingFinalFiles), isNull(participations.finalSentAt), due(now)))
        .orderBy(asc(participations.id))
        .limit(BATCH)
        .for('update', { of: participations, skipLocked: true });
      if (rows.length > 0) await tell(tx, rows, now);
      return rows.length;
    });
    told += batch;
    if (batch < BATCH) return told;
  }
}

const pseudoOf = (row: Late) => row.pseudo ?? MESSAGES.participations.anonymous;

/** Winners whose 48 hours to accept passed: their organiser may replace them. */
function remindAcceptances(ctx: AppContext): Promise<number> {
  return drain(
    ctx,
    (now) => and(isNull(participations.missionAcceptedAt), lte(participations.acceptanceDueAt, now), isNull(participations.acceptanceRemindedAt)),
    async (tx, rows, now) => {
      for (const row of rows) {
        const link = webPaths.conversation(row.id);
        await notify(tx, { userId: row.ownerId, kind: 'acceptance_overdue', text: W.acceptanceOverdue(pseudoOf(row), row.companyName), link, contestId: row.contestId, participationId: row.id, at: now });
      }
      await tx.update(participations).set({ acceptanceRemindedAt: now }).where(inArray(participations.id, rows.map((r) => r.id)));
    },
  );
}

/** Accepted missions whose delivery delay passed without final files. */
function alertLateDeliveries(ctx: AppContext): Promise<number> {
  return drain(
    ctx,
    (now) => and(isNotNull(participations.missionAcceptedAt), lte(participations.deliveryDueAt, now), isNull(participations.deliveryAlertedAt)),
    async (tx, rows, now) => {
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
      for (const row of rows) {
        const link = webPaths.conversation(row.id);
        const about = { contestId: row.contestId, participationId: row.id, at: now };
        await notify(tx, { userId: row.ownerId, kind: 'delivery_late', text: W.deliveryLate(pseudoOf(row), row.companyName), link, ...about });
        for (const admin of admins) {
          await notify(tx, { userId: admin.id, kind: 'delivery_late', text: W.deliveryLateSupport(pseudoOf(row), row.companyName, row.contestId), link, ...about });
        }
      }
      await tx.update(participations).set({ deliveryAlertedAt: now }).where(inArray(participations.id, rows.map((r) => r.id)));
    },
  );
}

export async function watchWinnerDelays(ctx: AppContext): Promise<number> {
  return (await remindAcceptances(ctx)) + (await alertLateDeliveries(ctx));
}
