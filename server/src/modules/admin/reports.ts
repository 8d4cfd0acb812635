/**
 * The admins' reports queue (docs/product.md §2): the reports organisers made, open ones
 * first, and the decision that closes them. A decision closes every open report of the
 * proposal, tells each reporter, and is written to the audit log in the same transaction.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conflict, isFinalised, MESSAGES, notFound, webPaths, type AdminReportsPage, type AdminResemblanceDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, participations, reports, resemblances, users } from '../../db/schema';
import { notify } from '../notifications/notify';
import { recordAdminAction } from './audit';
import { lockContest, type ContestWithFormat } from '../participations/load';
import { starCountRemoval } from '../participations/star-counters';

const A = MESSAGES.admin;
const author = alias(users, 'author');
const reporter = alias(users, 'reporter');
const similar = alias(participations, 'similar');
const similarContest = alias(contests, 'similar_contest');

/**
 * GET /admin/reports: open reports first (oldest first: a queue), then the decided ones, newest
 * first. Automatic reports of a near copy (modules/originality) come with the image they look
 * like, whatever its contest: admins compare the two.
 */
export async function listReports(db: Db, query: { page: number; pageSize: number }): Promise<AdminReportsPage> {
  const rows = await db
    .select({
      report: reports,
      number: participations.number,
      contestId: contests.id,
      companyName: contests.companyName,
      authorId: author.id,
      authorPseudo: author.pseudo,
      authorSuspended: sql<boolean>`${author.suspendedAt} is not null`,
      reporterPseudo: reporter.pseudo,
      // The first proposal file, whose preview the queue shows.
      previewFileId: sql<number | null>`(select min(f.id) from files f where f.participation_id = ${participations.id} and f.kind = 'participation')`,
      resemblance: {
        distance: resemblances.distance,
        similarParticipationId: resemblances.similarParticipationId,
        similarFileId: resemblances.similarFileId,
        similarNumber: similar.number,
        similarContestId: similarContest.id,
        similarCompanyName: similarContest.companyName,
      },
    })
    .from(reports)
    .innerJoin(participations, eq(participations.id, reports.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(author, eq(author.id, participations.userId))
    // An automatic report has no reporter but names the flagged file and its resemblance.
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resemblances, eq(resemblances.fileId, reports.fileId))
    .leftJoin(similar, eq(similar.id, resemblances.similarParticipationId))
    .leftJoin(similarContest, eq(similarContest.id, similar.contestId))
    .orderBy(
      desc(sql`${reports.status} = 'open'`),
      sql`case when ${reports.status} = 'open' then ${reports.createdAt} end asc`,
      desc(reports.createdAt),
      asc(reports.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(reports);
  return {
    reports: rows.map((r) => ({
      id: r.report.id,
      status: r.report.status,
      reason: r.report.reason,
      text: r.report.text,
      createdAt: r.report.createdAt.toISOString(),
      participation: { id: r.report.participationId, number: r.number, previewFileId: r.report.fileId ?? (r.previewFileId === null ? null : Number(r.previewFileId)) },
      contest: { id: r.contestId, companyName: r.companyName },
      author: { id: r.authorId, pseudo: r.authorPseudo, suspended: r.authorSuspended },
      reporter: r.report.reporterId === null ? null : { id: r.report.reporterId, pseudo: r.reporterPseudo ?? '' },
      resemblance: resemblanceDto(r.resemblance, r.contestId),
      decidedAt: r.report.decidedAt?.toISOString() ?? null,
      decisionReason: r.report.decisionReason,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

function resemblanceDto(
  row: { distance: number | null; similarParticipationId: number | null; similarFileId: number | null; similarNumber: number | null; similarContestId: number | null; similarCompanyName: string | null } | null,
  contestId: number,
): AdminResemblanceDto | null {
  if (!row || row.distance === null || row.similarParticipationId === null || row.similarContestId === null) return null;
  return {
    distance: row.distance,
    similar: {
      participationId: row.similarParticipationId,
      number: row.similarNumber,
      previewFileId: row.similarFileId,
      contest: { id: row.similarContestId, companyName: row.similarCompanyName ?? '' },
      sameContest: row.similarContestId === contestId,
    },
  };
}

/** The members to tell of a decision: automatic reports have nobody to tell. */
export function reporterIds(closed: { reporterId: number | null }[]): Set<number> {
  return new Set(closed.flatMap((c) => (c.reporterId === null ? [] : [c.reporterId])));
}

export type ReportDecision = 'dismissed' | 'withdrawn';

/**
 * POST /admin/reports/{id}/dismiss and /withdraw. The contest's row is locked first, as every
 * write on proposals does, then the conditional update on the report's status decides between
 * two admins acting at once: the second one finds it no longer open and gets a 409.
 * Withdrawing takes the proposal out of the contest (docs/product.md §2): it leaves the
 * organiser's pages and counters, can no longer be chosen, leaves the winners if it was one
 * before finalising, and its author is told why; its files are kept.
 */
export async function decideReport(ctx: AppContext, adminId: number, id: number, decision: ReportDecision, reason: string): Promise<void> {
  const [target] = await ctx.db
    .select({ contestId: participations.contestId })
    .from(reports)
    .innerJoin(participations, eq(participations.id, reports.participationId))
    .where(eq(reports.id, id));
  if (!target) throw notFound(A.reportNotFound);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const contest = await lockContest(tx, target.contestId);
    const closing = { status: decision, decidedBy: adminId, decidedAt: now, decisionReason: reason };
    const [decided] = await tx
      .update(reports)
      .set(closing)
      .where(and(eq(reports.id, id), eq(reports.status, 'open')))
      .returning();
    if (!decided) throw conflict(A.reportAlreadyDecided);
    // The other open reports of the proposal are answered by the same decision.
    const others = await tx
      .update(reports)
      .set(closing)
      .where(and(eq(reports.participationId, decided.participationId), eq(reports.status, 'open')))
      .returning({ id: reports.id, reporterId: reports.reporterId });
    if (decision === 'withdrawn') await withdrawProposal(tx, contest, decided.participationId, reason, now);
    const reporters = reporterIds([decided, ...others]);
    for (const userId of reporters) {
      await notify(tx, {
        userId,
        kind: decision === 'withdrawn' ? 'report_upheld' : 'report_dismissed',
        text: decision === 'withdrawn' ? A.reportUpheldNotice(contest.companyName) : A.reportDismissedNotice(contest.companyName),
        link: webPaths.proposals(contest.id),
        contestId: contest.id,
        participationId: decided.participationId,
        at: now,
      });
    }
    await recordAdminAction(tx, {
      adminId,
      action: decision === 'withdrawn' ? 'report.withdraw' : 'report.dismiss',
      targetType: 'report',
      targetId: decided.id,
      reason,
      details: { participationId: decided.participationId, contestId: contest.id, closedReports: [decided.id, ...others.map((o) => o.id)] },
      at: now,
    });
  });
}

/** Under the contest's lock: hides the proposal, moves the counters it was in, tells its author. */
export async function withdrawProposal(tx: Tx, contest: ContestWithFormat, participationId: number, reason: string, now: Date): Promise<void> {
  const [row] = await tx.select().from(participations).where(eq(participations.id, participationId)).for('update');
  if (!row || row.withdrawnByTeamAt) return;
  // A finalised winner is owed its prize: taking it back is not this queue's business.
  if (row.isWinner && isFinalised(contest.status)) throw conflict(A.finalisedWinner);
  await tx
    .update(participations)
    .set({ isParticipating: false, isWinner: false, winnerAt: null, withdrawnByTeamAt: now, teamWithdrawalReason: reason, updatedAt: now })
    .where(eq(participations.id, row.id));
  if (row.isParticipating) {
    await tx
      .update(contests)
      .set({
        participationsCount: sql`${contests.participationsCount} - 1`,
        ...starCountRemoval(row.stars),
        ...(row.isWinner ? { winnersCount: sql`${contests.winnersCount} - 1` } : {}),
        updatedAt: now,
      })
      .where(eq(contests.id, contest.id));
  }
  await notify(tx, {
    userId: row.userId,
    kind: 'proposal_withdrawn',
    text: A.proposalWithdrawnNotice(contest.companyName, reason),
    link: webPaths.contestDetails(contest.id),
    contestId: contest.id,
    participationId: row.id,
    at: now,
  });
}
