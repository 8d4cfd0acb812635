/**
 * docs/product.md §2: at its end date an open contest (2) moves to "En attente du gagnant"
 * (3) by itself, and its organiser and every talent who took part are told. Batches lock their rows with SKIP LOCKED, so
 * instances running this at the same time share the work and move each contest once; one
 * pass drains everything that came due, including while the server was down.
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { CONTEST_STATUS, MESSAGES, webPaths } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { contests } from '../db/schema';
import { notify } from '../modules/notifications/notify';
import { tellParticipantsClosed } from '../modules/notifications/contest-closed';

const BATCH = 100;

export async function endContests(ctx: AppContext): Promise<number> {
  let moved = 0;
  for (;;) {
    const now = ctx.clock();
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: contests.id, ownerId: contests.ownerId, companyName: contests.companyName })
        .from(contests)
        .where(and(eq(contests.status, CONTEST_STATUS.open), lte(contests.endDate, now)))
        .orderBy(asc(contests.endDate), asc(contests.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      await closeContests(tx, due, now);
      return due.length;
    });
    moved += batch;
    if (batch < BATCH) return moved;
  }
}

/**
 * The effects of the end date on contests the caller holds locked at status 2: status 3, and
 * the organiser and the talents are told. Also what an admin forces once the date has passed.
 */
export async function closeContests(tx: Tx, due: { id: number; ownerId: number; companyName: string }[], now: Date): Promise<void> {
  await tx
    .update(contests)
    .set({ status: CONTEST_STATUS.awaitingWinner, endedAt: now, updatedAt: now })
    .where(inArray(contests.id, due.map((c) => c.id)));
  for (const c of due) {
    await notify(tx, {
      userId: c.ownerId,
      kind: 'contest_ended',
      text: MESSAGES.notifications.contestEnded(c.companyName),
      link: webPaths.proposals(c.id),
      contestId: c.id,
      at: now,
    });
    await tellParticipantsClosed(tx, c, now);
  }
}
