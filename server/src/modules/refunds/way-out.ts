/**
 * The organiser's way out of a contest that ended without a winner (docs/product.md §3,
 * « Aucune proposition ne vous convient ? »): extend it once, free, by the contest's
 * original duration; once the extension has ended still without a winner, ask for a
 * refund, which an admin approves (refundToOrganiser) or rejects.
 *
 * Every write locks the contest's row first, as winner choices and finalisation do, so a
 * winner chosen at the same moment is seen, and a second click finds the first one's work.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import {
  AppError,
  CONTEST_DURATION_MS,
  CONTEST_STATUS,
  conflict,
  DAY_MS,
  forbidden,
  formatDate,
  mayRequestRefundFor,
  MESSAGES,
  webPaths,
  type WayOutDto,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, participations, refundRequests } from '../../db/schema';
import { notify } from '../notifications/notify';
import { loadContest, lockContest, type ContestRow } from '../participations/load';

const R = MESSAGES.refunds;

export const EXTENSION_DAYS = CONTEST_DURATION_MS / DAY_MS;

async function winnersOf(db: Db | Tx, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.contestId, contestId), eq(participations.isWinner, true)));
  return row?.n ?? 0;
}

function assertOwner(contest: ContestRow, userId: number): void {
  if (contest.ownerId !== userId) throw forbidden(MESSAGES.contests.notOwner);
}

/** Why the organiser may not ask for a refund now; null when they may. */
function refundRefusal(contest: ContestRow, winners: number, requested: boolean): AppError | null {
  if (contest.refundedAt) return conflict(R.alreadyRefunded);
  if (!mayRequestRefundFor(contest.subCategoryId)) return forbidden(R.noRefundSubCategory);
  if (requested) return conflict(R.alreadyRequested);
  if (winners > 0) return conflict(R.winnerChosen);
  if (contest.status !== CONTEST_STATUS.awaitingWinner) return conflict(R.notEnded);
  if (!contest.extendedAt) return conflict(R.extendFirst);
  return null;
}

function extendRefusal(contest: ContestRow, winners: number): AppError | null {
  if (contest.refundedAt) return conflict(R.alreadyRefunded);
  if (contest.extendedAt) return conflict(R.alreadyExtended);
  if (winners > 0) return conflict(R.winnerChosen);
  if (contest.status !== CONTEST_STATUS.awaitingWinner) return conflict(R.notEnded);
  return null;
}

/** GET /concours/{id}/way-out: what the organiser's block shows. */
export async function wayOut(ctx: AppContext, userId: number, contestId: number): Promise<WayOutDto> {
  const contest = await loadContest(ctx.db, contestId);
  assertOwner(contest, userId);
  const winners = await winnersOf(ctx.db, contestId);
  const [request] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.contestId, contestId)).limit(1);
  const refusal = refundRefusal(contest, winners, Boolean(request));
  const ended = contest.status === CONTEST_STATUS.awaitingWinner && winners === 0;
  const extendedOpen = contest.status === CONTEST_STATUS.open && contest.extendedAt !== null;
  return {
    idConcours: contest.id,
    status: contest.status,
    shown: ended || extendedOpen || Boolean(request) || contest.refundedAt !== null,
    mayExtend: extendRefusal(contest, winners) === null,
    extendedAt: contest.extendedAt?.toISOString() ?? null,
    endDate: contest.endDate?.toISOString() ?? null,
    mayRequestRefund: refusal === null,
    // Only the refusals that tell the organiser something lasting (not « extend first »).
    refundRefusal: refusal && refusal.status === 403 ? refusal.message : null,
    request: request ? { status: request.status, createdAt: request.createdAt.toISOString(), decisionReason: request.decisionReason } : null,
    refundedAt: contest.refundedAt?.toISOString() ?? null,
  };
}

/** POST /concours/{id}/extend: open again for one more period, once, free; the participants hear of it. */
export async function extendContest(ctx: AppContext, userId: number, contestId: number): Promise<{ endDate: string }> {
  return ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, contestId);
    assertOwner(contest, userId);
    const refusal = extendRefusal(contest, await winnersOf(tx, contestId));
    if (refusal) throw refusal;
    const now = ctx.clock();
    const endDate = new Date(now.getTime() + CONTEST_DURATION_MS);
    await tx
      .update(contests)
      .set({ status: CONTEST_STATUS.open, endDate, endedAt: null, extendedAt: now, updatedAt: now })
      .where(eq(contests.id, contestId));
    await tellParticipants(tx, contest.id, { kind: 'contest_extended', text: R.extendedNotice(contest.companyName, formatDate(endDate)), link: webPaths.contestDetails(contest.id), at: now });
    return { endDate: endDate.toISOString() };
  });
}

/** POST /concours/{id}/refund-request: goes to the admins' queue. */
export async function requestRefund(ctx: AppContext, userId: number, contestId: number, message: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, contestId);
    assertOwner(contest, userId);
    const [existing] = await tx.select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.contestId, contestId)).limit(1);
    const refusal = refundRefusal(contest, await winnersOf(tx, contestId), Boolean(existing));
    if (refusal) throw refusal;
    await tx.insert(refundRequests).values({ contestId, userId, message: message?.trim() || null, createdAt: ctx.clock() });
  });
}

/** Every talent with a proposal in the contest. */
export async function tellParticipants(tx: Tx, contestId: number, n: { kind: string; text: string; link: string; at: Date }): Promise<void> {
  const rows = await tx
    .selectDistinct({ userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.contestId, contestId), eq(participations.isParticipating, true), sql`${participations.withdrawnByTeamAt} is null`));
  for (const r of rows) await notify(tx, { userId: r.userId, kind: n.kind, text: n.text, link: n.link, contestId, at: n.at });
}
