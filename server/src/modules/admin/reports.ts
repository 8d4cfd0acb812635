/**
 * The admins' reports queue (docs/product.md §2): the reports organisers made, open ones
 * first, and the decision that closes them. A decision closes every open report of the
 * proposal, tells each reporter, and is written to the audit log in the same transaction.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conflict, MESSAGES, notFound, webPaths, type AdminReportsPage } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contests, participations, reports, users } from '../../db/schema';
import { notify } from '../notifications/notify';
import { recordAdminAction } from './audit';

const A = MESSAGES.admin;
const author = alias(users, 'author');
const reporter = alias(users, 'reporter');

/** GET /admin/reports: open reports first (oldest first: a queue), then the decided ones, newest first. */
export async function listReports(db: Db, query: { page: number; pageSize: number }): Promise<AdminReportsPage> {
  const rows = await db
    .select({
      report: reports,
      number: participations.number,
      contestId: contests.id,
      companyName: contests.companyName,
      authorId: author.id,
      authorPseudo: author.pseudo,
      reporterPseudo: reporter.pseudo,
      // The first proposal file, whose preview the queue shows.
      previewFileId: sql<number | null>`(select min(f.id) from files f where f.participation_id = ${participations.id} and f.kind = 'participation')`,
    })
    .from(reports)
    .innerJoin(participations, eq(participations.id, reports.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(author, eq(author.id, participations.userId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
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
      participation: { id: r.report.participationId, number: r.number, previewFileId: r.previewFileId === null ? null : Number(r.previewFileId) },
      contest: { id: r.contestId, companyName: r.companyName },
      author: { id: r.authorId, pseudo: r.authorPseudo },
      reporter: { id: r.report.reporterId, pseudo: r.reporterPseudo },
      decidedAt: r.report.decidedAt?.toISOString() ?? null,
      decisionReason: r.report.decisionReason,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * POST /admin/reports/{id}/dismiss. The conditional update on the report's status decides
 * between two admins acting at once: the second one waits for the first one's row, finds it
 * no longer open, and gets a 409.
 */
export async function dismissReport(ctx: AppContext, adminId: number, id: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [decided] = await tx
      .update(reports)
      .set({ status: 'dismissed', decidedBy: adminId, decidedAt: now, decisionReason: reason })
      .where(and(eq(reports.id, id), eq(reports.status, 'open')))
      .returning();
    if (!decided) {
      const [exists] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
      throw exists ? conflict(A.reportAlreadyDecided) : notFound(A.reportNotFound);
    }
    // The other open reports of the proposal are answered by the same decision.
    const others = await tx
      .update(reports)
      .set({ status: 'dismissed', decidedBy: adminId, decidedAt: now, decisionReason: reason })
      .where(and(eq(reports.participationId, decided.participationId), eq(reports.status, 'open')))
      .returning({ id: reports.id, reporterId: reports.reporterId });
    const [contest] = await tx
      .select({ id: contests.id, companyName: contests.companyName })
      .from(participations)
      .innerJoin(contests, eq(contests.id, participations.contestId))
      .where(eq(participations.id, decided.participationId));
    const reporters = new Set([decided.reporterId, ...others.map((o) => o.reporterId)]);
    for (const userId of reporters) {
      await notify(tx, {
        userId,
        kind: 'report_dismissed',
        text: A.reportDismissedNotice(contest!.companyName),
        link: webPaths.proposals(contest!.id),
        contestId: contest!.id,
        participationId: decided.participationId,
        at: now,
      });
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'report.dismiss',
      targetType: 'report',
      targetId: decided.id,
      reason,
      details: { participationId: decided.participationId, contestId: contest!.id, closedReports: [decided.id, ...others.map((o) => o.id)] },
      at: now,
    });
  });
}
