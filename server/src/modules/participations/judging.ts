/**
 * The organiser's judging (docs/product.md §2, §3 and §11): stars,
 * reports, winners and finalising. Each change runs under the contest's row lock, so double
 * clicks and two tabs give one effect.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CONTEST_STATUS,
  MESSAGES,
  acceptanceDueAt,
  badRequest,
  extraPrizes,
  conflict,
  forbidden,
  formatEuros,
  gainCents,
  isFinalised,
  mayChangeWinners,
  mayRate,
  mayReport,
  notFound,
  type ReportInput,
  type WinnersDto,
  webPaths,
} from '@creadefi/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, messages, participations, reports, users } from '../../db/schema';
import { authorJoin, toParticipationDtos, withAuthor } from './dto';
import { assertOrganiser, loadContest, loadParticipation, lockContest, type Actor, type ContestWithFormat } from './load';
import { notify } from '../notifications/notify';
import { tellParticipantsClosed } from '../notifications/contest-closed';
import { publishEvent } from '../events/publish';
import { starCountChange } from './star-counters';
import { enqueueMail } from '../../jobs/queue';

const P = MESSAGES.participations;

/** POST /participation/stars/update */
export async function rateParticipation(ctx: AppContext, actor: Actor, input: { idParticipation: number; stars: number }): Promise<void> {
  const { participation, contest } = await loadParticipation(ctx.db, input.idParticipation);
  assertOrganiser(contest, actor);
  if (!mayRate('organiser', contest.status)) throw conflict(P.ratingLocked);
  if (!participation.isParticipating) throw badRequest(P.winnerNeedsContent);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockContest(tx, contest.id);
    if (!mayRate('organiser', locked.status)) throw conflict(P.ratingLocked);
    // The stars before, read and replaced in one statement (nothing is written when they are the
    // same): the contest's lock above keeps every other rating of its proposals waiting.
    const before = alias(participations, 'before');
    const [row] = await tx
      .update(participations)
      .set({ stars: input.stars, updatedAt: ctx.clock() })
      .from(before)
      .where(and(eq(participations.id, participation.id), eq(before.id, participations.id), sql`${before.stars} is distinct from ${input.stars}`))
      .returning({ stars: before.stars });
    if (!row) return;
    const counts = starCountChange(row.stars, input.stars);
    if (Object.keys(counts).length > 0) await tx.update(contests).set(counts).where(eq(contests.id, contest.id));
  });
}

/**
 * POST /participation/report/{id} (and the older GET, reason « Autre » without a text): only
 * while the contest is open (docs/product.md §2). The report is stored with its reason for the
 * admins' queue, one open report per proposal and reporter; support is mailed when it is
 * recorded. The mail is queued in the same transaction, so it leaves even when the mail server
 * is down at that moment (docs/decisions/0011).
 */
export async function reportParticipation(ctx: AppContext, actor: Actor, id: number, input: ReportInput = { reason: 'other', text: null }): Promise<void> {
  const { participation, contest } = await loadParticipation(ctx.db, id);
  assertOrganiser(contest, actor);
  if (!mayReport('organiser', contest.status)) throw conflict(P.reportOnlyOpen);
  if (!participation.isParticipating) throw badRequest(P.winnerNeedsContent);
  await ctx.db.transaction(async (tx) => {
    // Under the contest's lock, a report cannot cross the contest's end.
    const locked = await lockContest(tx, contest.id);
    if (!mayReport('organiser', locked.status)) throw conflict(P.reportOnlyOpen);
    const now = ctx.clock();
    const text = input.text?.trim() || null;
    const stored = await tx
      .insert(reports)
      .values({ participationId: id, reporterId: actor.id, reason: input.reason, text, createdAt: now })
      .onConflictDoNothing({ target: [reports.participationId, reports.reporterId], where: sql`${reports.status} = 'open'` })
      .returning({ id: reports.id });
    await tx.update(participations).set({ reportedAt: now }).where(and(eq(participations.id, id), isNull(participations.reportedAt)));
    if (stored.length === 0) return;

    const people = await tx.select({ id: users.id, pseudo: users.pseudo, email: users.email }).from(users).where(inArray(users.id, [participation.userId, actor.id]));
    const who = (userId: number) => {
      const u = people.find((p) => p.id === userId);
      return u ? `${u.pseudo} <${u.email}> (n° ${u.id})` : `n° ${userId}`;
    };
    const M = P.reportMail;
    const base = ctx.config.publicUrl;
    await enqueueMail(ctx.queue, tx, {
      to: ctx.config.SUPPORT_EMAIL,
      subject: M.subject(participation.number, contest.companyName),
      text: [
        M.intro,
        '',
        `${M.contest}\u00a0: ${contest.companyName} (n° ${contest.id}) — ${base}/participations/${contest.id}`,
        `${M.participation}\u00a0: n° ${participation.number ?? '—'} (identifiant ${participation.id})`,
        `${M.author}\u00a0: ${who(participation.userId)}`,
        `${M.reporter}\u00a0: ${who(actor.id)}`,
        `${M.reason}\u00a0: ${P.reportReasons[input.reason]}`,
        ...(text ? [`${M.text}\u00a0: ${text}`] : []),
      ].join('\n'),
      link: `${base}${webPaths.proposals(contest.id)}`,
    });
  });
}

/** POST /concours/winner/add and /concours/winner/delete: one effect however often it is sent. */
export async function setWinner(ctx: AppContext, actor: Actor, input: { idParticipationWinner: number; idConcours: number }, winner: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const contest = await lockContest(tx, input.idConcours);
    assertOrganiser(contest, actor);
    if (!mayChangeWinners('organiser', contest.status)) throw conflict(P.winnersLocked);
    const [participation] = await tx.select().from(participations).where(eq(participations.id, input.idParticipationWinner)).limit(1);
    if (!participation || participation.contestId !== contest.id) throw notFound(P.notFound);
    if (participation.withdrawnByTeamAt) throw conflict(P.withdrawnByTeam);
    if (!participation.isParticipating) throw badRequest(P.winnerNeedsContent);
    const changed = await tx
      .update(participations)
      .set({ isWinner: winner, winnerAt: winner ? now : null, updatedAt: now })
      .where(and(eq(participations.id, participation.id), eq(participations.isWinner, !winner)))
      .returning({ id: participations.id });
    if (changed.length === 0) return;
    await tx
      .update(contests)
      .set({ winnersCount: sql`${contests.winnersCount} + ${winner ? 1 : -1}`, updatedAt: now })
      .where(eq(contests.id, contest.id));
  });
}

export type FinaliseOutcome = { kind: 'finalised' } | { kind: 'extraPrizesDue'; extraPrizes: number; amount: number; winners: number; message: string };

/**
 * POST /concours/winner/prefinal (docs/product.md §3). With more winners than prizes paid, the
 * organiser first pays the extra prizes (POST /payment/create/web/payin); confirming that
 * pay-in finalises the contest by itself (finaliseOncePaid).
 */
export async function finaliseContest(ctx: AppContext, actor: Actor, idConcours: number): Promise<FinaliseOutcome> {
  return ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, idConcours);
    assertOrganiser(contest, actor);
    if (isFinalised(contest.status)) throw conflict(P.alreadyFinalised);
    if (!mayChangeWinners('organiser', contest.status)) throw conflict(P.finaliseLocked);
    const outcome = await finaliseLocked(ctx, tx, contest);
    if (outcome.kind === 'noWinner') throw badRequest(P.noWinner);
    return outcome;
  });
}

/**
 * Called in the transaction that settles an extra-prize pay-in: once every winner's prize
 * is paid, the contest is finalised there and then, so the organiser does not have to come
 * back and click again. A contest already finalised, or whose winners now need more than was
 * paid, is left as it is. Returns whether the contest is finalised after the call.
 */
export async function finaliseOncePaid(ctx: AppContext, tx: Tx, idConcours: number): Promise<boolean> {
  const contest = await lockContest(tx, idConcours);
  if (isFinalised(contest.status)) return true;
  if (!mayChangeWinners('organiser', contest.status)) return false;
  // No winner left (all removed while paying) or more than were paid for: left as it is.
  return (await finaliseLocked(ctx, tx, contest)).kind === 'finalised';
}

/** Finalises a contest whose row the caller holds locked at status 2 or 3. */
async function finaliseLocked(ctx: AppContext, tx: Tx, contest: ContestWithFormat): Promise<FinaliseOutcome | { kind: 'noWinner' }> {
  const now = ctx.clock();
  // The rows decide, not the counter: they are what the messages and payments follow.
  const winners = await tx
    .select({ id: participations.id, userId: participations.userId })
    .from(participations)
    .where(and(eq(participations.contestId, contest.id), eq(participations.isWinner, true)))
    .orderBy(asc(participations.number));
  if (winners.length === 0) return { kind: 'noWinner' };
  const extra = extraPrizes(winners.length, contest.prizesPaid);
  if (extra > 0) {
    const amount = extra * contest.costCents;
    return { kind: 'extraPrizesDue', extraPrizes: extra, amount, winners: winners.length, message: P.extraPrizesDue(extra, formatEuros(amount), winners.length) };
  }
  await tx
    .update(contests)
    .set({ status: CONTEST_STATUS.awaitingFinalFiles, finalisedAt: now, endedAt: sql`coalesce(${contests.endedAt}, ${now.toISOString()}::timestamptz)`, winnersCount: winners.length, updatedAt: now })
    .where(eq(contests.id, contest.id));
  // Finalising an open contest closes it: its talents hear it now rather than at the end date.
  if (contest.status === CONTEST_STATUS.open) await tellParticipantsClosed(tx, contest, now);
  const ids = winners.map((w) => w.id);
  await tx.insert(messages).values(
    winners.map((w) => ({ participationId: w.id, authorId: null, type: 2, message: P.winnerSystemMessage(contest.companyName), isConcoureurMessage: false, createdAt: now })),
  );
  // Each winner's 48 hours to accept the mission start now (docs/product.md §4).
  await tx.update(participations).set({ lastMessageAt: now, acceptanceDueAt: acceptanceDueAt(now), updatedAt: now }).where(inArray(participations.id, ids));
  for (const w of winners) {
    // Both sides of the conversation see the system message arrive without reloading.
    await publishEvent(tx, { userIds: [w.userId, contest.ownerId], type: 'message', idParticipation: w.id });
    await notify(tx, { userId: w.userId, kind: 'chosen_winner', text: MESSAGES.notifications.chosenWinner(contest.companyName), link: webPaths.conversation(w.id), contestId: contest.id, participationId: w.id, at: now });
  }
  return { kind: 'finalised' };
}

/**
 * GET /concours/readAll/winner/{idConcours}: the organiser and admins see every winner; a
 * winning talent sees only their own entry, since proposals stay blind (docs/product.md §5).
 */
export async function readWinners(ctx: AppContext, actor: Actor, idConcours: number): Promise<WinnersDto> {
  const contest = await loadContest(ctx.db, idConcours);
  const seesAll = actor.isAdmin || contest.ownerId === actor.id;
  const rows = await ctx.db
    .select(withAuthor)
    .from(participations)
    .innerJoin(users, authorJoin)
    .where(and(eq(participations.contestId, contest.id), eq(participations.isWinner, true)))
    .orderBy(asc(participations.number), asc(participations.id));
  const visible = seesAll ? rows : rows.filter((r) => r.participation.userId === actor.id);
  if (!seesAll && visible.length === 0) throw forbidden(P.winnersOnly);
  return {
    id: contest.id,
    status: contest.status,
    companyName: contest.companyName,
    cost: contest.costCents,
    gain: gainCents(contest.costCents),
    participations: await toParticipationDtos(ctx.db, visible),
  };
}
