/**
 * The admins' « Membres » (docs/product.md §2, the admin area): finding a member, their file, and
 * suspending or reinstating them. A suspension ends the member's sessions, refuses their sign-in
 * and hides their proposals to contests still running; reinstating shows again exactly the
 * proposals the suspension hid. Both are written to the audit log in the same transaction.
 */
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_MEMBER_LIST_CAP,
  canChangeWinners,
  conflict,
  forbidden,
  isFinalised,
  MESSAGES,
  notFound,
  webPaths,
  type AdminMemberDetail,
  type AdminMemberReport,
  type AdminMembersPage,
  type AdminMemberSummary,
  type ContestStatus,
  type ReportReason,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, legalStatuses, participations, reports, sessions, users } from '../../db/schema';
import { enqueueMail } from '../../jobs/queue';
import { linkMail } from '../auth/mails';
import { publishRevocation } from '../events/publish';
import { notify } from '../notifications/notify';
import { lockContest, type ContestWithFormat } from '../participations/load';
import { starCountChange, starCountRemoval } from '../participations/star-counters';
import { walletBalance } from '../users/service';
import { recordAdminAction } from './audit';
import { reporterIds, withdrawProposal } from './reports';

const M = MESSAGES.admin.members;
const other = alias(users, 'other');

type UserRow = typeof users.$inferSelect;

function summary(u: UserRow): AdminMemberSummary {
  return {
    id: u.id,
    pseudo: u.pseudo,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    suspendedAt: u.suspendedAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** `like` patterns take the search as typed: its `%` and `_` are not wildcards. */
const likePrefix = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /admin/members: members whose e-mail or pseudo starts with `q` (any case), or whose number
 * it is; everyone when empty. A prefix reads the lower-case indexes of migration 0019.
 */
export async function searchMembers(db: Db, query: { q: string; page: number; pageSize: number }): Promise<AdminMembersPage> {
  let where: SQL | undefined;
  if (query.q !== '') {
    const pattern = likePrefix(query.q);
    const byText = or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.pseudo}) like ${pattern}`);
    where = /^\d{1,9}$/.test(query.q) ? or(byText, eq(users.id, Number(query.q))) : byText;
  }
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { members: rows.map(summary), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

async function reportsOf(db: Db, which: 'against' | 'made', userId: number): Promise<{ list: AdminMemberReport[]; total: number }> {
  // Against the member: the other side is the reporter; made by them: the proposal's author.
  const where = which === 'against' ? eq(participations.userId, userId) : eq(reports.reporterId, userId);
  const otherId = which === 'against' ? reports.reporterId : participations.userId;
  const rows = await db
    .select({ report: reports, number: participations.number, contestId: contests.id, companyName: contests.companyName, otherId: other.id, otherPseudo: other.pseudo })
    .from(reports)
    .innerJoin(participations, eq(participations.id, reports.participationId))
    .innerJoin(contests, eq(contests.id, participations.contestId))
    // An automatic report (modules/originality) has no reporter.
    .leftJoin(other, eq(other.id, otherId))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(ADMIN_MEMBER_LIST_CAP);
  const [total] = await db.select({ n: count() }).from(reports).innerJoin(participations, eq(participations.id, reports.participationId)).where(where);
  return {
    list: rows.map((r) => ({
      id: r.report.id,
      status: r.report.status as AdminMemberReport['status'],
      reason: r.report.reason as ReportReason,
      createdAt: r.report.createdAt.toISOString(),
      participation: { id: r.report.participationId, number: r.number },
      contest: { id: r.contestId, companyName: r.companyName },
      other: r.otherId === null ? null : { id: r.otherId, pseudo: r.otherPseudo ?? '' },
    })),
    total: total?.n ?? 0,
  };
}

/** GET /admin/members/{id}: each list holds the newest ADMIN_MEMBER_LIST_CAP, with its total. */
export async function memberDetail(db: Db, id: number): Promise<AdminMemberDetail> {
  const [row] = await db.select({ user: users, statut: legalStatuses.statut }).from(users).leftJoin(legalStatuses, eq(legalStatuses.userId, users.id)).where(eq(users.id, id));
  if (!row) throw notFound(M.notFound);
  const organised = await db
    .select({ id: contests.id, companyName: contests.companyName, status: contests.status, refundedAt: contests.refundedAt, costCents: contests.costCents, createdAt: contests.createdAt })
    .from(contests)
    .where(eq(contests.ownerId, id))
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .limit(ADMIN_MEMBER_LIST_CAP);
  const [contestsTotal] = await db.select({ n: count() }).from(contests).where(eq(contests.ownerId, id));
  const proposals = await db
    .select({ p: participations, companyName: contests.companyName, status: contests.status })
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(eq(participations.userId, id))
    .orderBy(desc(participations.createdAt), desc(participations.id))
    .limit(ADMIN_MEMBER_LIST_CAP);
  const [proposalsTotal] = await db.select({ n: count() }).from(participations).where(eq(participations.userId, id));
  const against = await reportsOf(db, 'against', id);
  const made = await reportsOf(db, 'made', id);
  return {
    member: { ...summary(row.user), statut: row.statut ?? null, suspensionReason: row.user.suspensionReason },
    walletCents: await walletBalance(db, id),
    contests: organised.map(({ refundedAt, ...c }) => ({ ...c, status: c.status as ContestStatus, refunded: refundedAt !== null, createdAt: c.createdAt.toISOString() })),
    contestsTotal: contestsTotal?.n ?? 0,
    proposals: proposals.map(({ p, companyName, status }) => ({
      id: p.id,
      contest: { id: p.contestId, companyName, status: status as ContestStatus },
      number: p.number,
      isParticipating: p.isParticipating,
      isWinner: p.isWinner,
      withdrawnByTeam: p.withdrawnByTeamAt !== null,
      hiddenBySuspension: p.hiddenBySuspensionAt !== null,
      createdAt: p.createdAt.toISOString(),
    })),
    proposalsTotal: proposalsTotal?.n ?? 0,
    reportsAgainst: against.list,
    reportsAgainstTotal: against.total,
    reportsMade: made.list,
    reportsMadeTotal: made.total,
  };
}

/** The member an admin acts on, refused when it is the admin themselves or another admin. */
async function target(ctx: AppContext, adminId: number, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound(M.notFound);
  if (row.id === adminId) throw conflict(M.cannotSuspendSelf);
  if (row.isAdmin) throw forbidden(M.cannotSuspendAdmin);
  return row;
}

/** Their proposals' contests, each locked in turn in id order, so that two writers never wait on each other in a circle. */
async function eachContest(tx: Tx, contestIds: number[], act: (contest: ContestWithFormat) => Promise<void>): Promise<void> {
  for (const id of [...new Set(contestIds)].sort((a, b) => a - b)) await act(await lockContest(tx, id));
}

/**
 * POST /admin/members/{id}/suspend. The conditional update of the member's row decides between
 * two admins acting at once: the second finds them suspended and gets a 409. In the same
 * transaction:
 * - every session of the member is deleted: their token stops at once (the kept copies are
 *   dropped by the sessions' trigger, live streams closed by the revocation);
 * - a proposal with an open report is withdrawn as the report's « retirer » decision does, and
 *   its reports are closed as upheld: suspending the author answers them;
 * - every other proposal in a contest still running (open or awaiting its winner) is hidden and
 *   marked, its counters moved, and it leaves the winners if it was one;
 * - a finalised winner keeps its win: the prize is owed.
 */
export async function suspendMember(ctx: AppContext, adminId: number, id: number, reason: string): Promise<void> {
  const member = await target(ctx, adminId, id);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [done] = await tx
      .update(users)
      .set({ suspendedAt: now, suspensionReason: reason, updatedAt: now })
      .where(and(eq(users.id, id), isNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!done) throw conflict(M.alreadySuspended);
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
    await publishRevocation(tx, { userId: id, sessionIds: ended.map((s) => s.id) });

    const candidates = await tx
      .select({ contestId: participations.contestId })
      .from(participations)
      .where(and(eq(participations.userId, id), isNull(participations.withdrawnByTeamAt)));
    const hidden: number[] = [];
    const withdrawn: number[] = [];
    const closedReports: number[] = [];
    await eachContest(
      tx,
      candidates.map((c) => c.contestId),
      async (contest) => {
        const [row] = await tx
          .select()
          .from(participations)
          .where(and(eq(participations.contestId, contest.id), eq(participations.userId, id)))
          .for('update');
        if (!row || row.withdrawnByTeamAt || (row.isWinner && isFinalised(contest.status))) return;
        const closing = { status: 'withdrawn' as const, decidedBy: adminId, decidedAt: now, decisionReason: reason };
        const closed = await tx
          .update(reports)
          .set(closing)
          .where(and(eq(reports.participationId, row.id), eq(reports.status, 'open')))
          .returning({ id: reports.id, reporterId: reports.reporterId });
        if (closed.length > 0) {
          await withdrawProposal(tx, contest, row.id, reason, now);
          withdrawn.push(row.id);
          closedReports.push(...closed.map((c) => c.id));
          for (const reporterId of reporterIds(closed)) {
            await notify(tx, {
              userId: reporterId,
              kind: 'report_upheld',
              text: M.reportUpheldNotice(contest.companyName),
              link: webPaths.proposals(contest.id),
              contestId: contest.id,
              participationId: row.id,
              at: now,
            });
          }
          return;
        }
        if (!row.isParticipating || !canChangeWinners(contest.status)) return;
        await tx
          .update(participations)
          .set({ isParticipating: false, isWinner: false, winnerAt: null, hiddenBySuspensionAt: now, updatedAt: now })
          .where(eq(participations.id, row.id));
        await tx
          .update(contests)
          .set({
            participationsCount: sql`${contests.participationsCount} - 1`,
            ...starCountRemoval(row.stars),
            ...(row.isWinner ? { winnersCount: sql`${contests.winnersCount} - 1` } : {}),
            updatedAt: now,
          })
          .where(eq(contests.id, contest.id));
        hidden.push(row.id);
      },
    );

    await notify(tx, { userId: id, kind: 'account_suspended', text: M.suspendedNotice(reason), at: now });
    await enqueueMail(
      ctx.queue,
      tx,
      linkMail({ to: member.email, name: member.firstName ?? member.pseudo, subject: M.suspendedMailSubject, intro: M.suspendedNotice(reason), notes: [M.suspendedMailNote] }),
    );
    await recordAdminAction(tx, {
      adminId,
      action: 'member.suspend',
      targetType: 'user',
      targetId: id,
      reason,
      details: { hiddenProposals: hidden, withdrawnProposals: withdrawn, closedReports, endedSessions: ended.length },
      at: now,
    });
  });
}

/**
 * POST /admin/members/{id}/reinstate: the member may sign in again, and the proposals the
 * suspension hid come back with their counters, except any the team withdrew meanwhile. A
 * proposal that was a winner before the suspension comes back as a proposal: the organiser
 * may have chosen another since.
 */
export async function reinstateMember(ctx: AppContext, adminId: number, id: number, reason: string): Promise<void> {
  const member = await target(ctx, adminId, id);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [done] = await tx
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: now })
      .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
      .returning({ id: users.id });
    if (!done) throw conflict(M.notSuspended);
    const marked = await tx
      .select({ contestId: participations.contestId })
      .from(participations)
      .where(and(eq(participations.userId, id), isNotNull(participations.hiddenBySuspensionAt)));
    const restored: number[] = [];
    await eachContest(
      tx,
      marked.map((m) => m.contestId),
      async (contest) => {
        const [row] = await tx
          .update(participations)
          .set({ hiddenBySuspensionAt: null, updatedAt: now })
          .where(and(eq(participations.contestId, contest.id), eq(participations.userId, id), isNotNull(participations.hiddenBySuspensionAt)))
          .returning();
        if (!row || row.withdrawnByTeamAt) return;
        await tx.update(participations).set({ isParticipating: true }).where(eq(participations.id, row.id));
        await tx
          .update(contests)
          .set({ participationsCount: sql`${contests.participationsCount} + 1`, ...starCountChange(null, row.stars), updatedAt: now })
          .where(eq(contests.id, contest.id));
        restored.push(row.id);
      },
    );
    await notify(tx, { userId: id, kind: 'account_reinstated', text: M.reinstatedNotice, link: webPaths.notifications, at: now });
    await enqueueMail(
      ctx.queue,
      tx,
      linkMail({ to: member.email, name: member.firstName ?? member.pseudo, subject: M.reinstatedMailSubject, intro: M.reinstatedNotice, notes: [] }),
    );
    await recordAdminAction(tx, { adminId, action: 'member.reinstate', targetType: 'user', targetId: id, reason, details: { restoredProposals: restored }, at: now });
  });
}
