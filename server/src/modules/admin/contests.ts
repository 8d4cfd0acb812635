/**
 * The admins' « Concours » (docs/product.md §2, the admin area): finding a contest, reading
 * its dates, money and history, and the actions on it: extending its end date and forcing the
 * next step once a delay has passed. Actions lock the contest's row, check again under the
 * lock, and are written to the audit log in the same transaction.
 */
import { and, asc, count, desc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AUTO_VALIDATION_DELAY_MS,
  CONTEST_STATUS,
  MAX_EXTENSION_DAYS,
  MAX_EXTENSION_MS,
  MESSAGES,
  badRequest,
  conflict,
  contestStatusLabel,
  findSubCategory,
  formatParisDate,
  notFound,
  webPaths,
  type AdminContestDetail,
  type AdminContestEvent,
  type AdminContestMoney,
  type AdminContestsPage,
  type AdminContestsQuery,
  type AdminContestSummary,
  type ExtendContestInput,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { adminActions, contestOptions, contests, ledgerEntries, ledgerOperations, options, participations, payments, users } from '../../db/schema';
import { accounts, balanceOf } from '../ledger/ledger';
import { notify } from '../notifications/notify';
import { tellParticipants } from '../notifications/contest-closed';
import { closeContests } from '../../jobs/end-contests';
import { autoValidateContest } from '../../jobs/auto-validate';
import { recordAdminAction } from './audit';

const A = MESSAGES.adminContests;

/** Lower case without the accents French names carry, so that « societe » finds « Société ». */
const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyy';
const fold = (value: SQL | typeof contests.companyName | typeof users.pseudo) => sql`translate(lower(${value}), ${ACCENTED}, ${PLAIN})`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchWhere(query: AdminContestsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status !== undefined) conditions.push(eq(contests.status, query.status));
  const q = query.q;
  if (q) {
    const pattern = likePattern(q);
    const needle = fold(sql`${pattern}`);
    const keys: SQL[] = [sql`${fold(contests.companyName)} like ${needle}`, sql`lower(${users.email}) like lower(${pattern})`, sql`${fold(users.pseudo)} like ${needle}`];
    const number = /^\d{1,9}$/.test(q) ? Number(q) : null;
    if (number !== null) keys.unshift(eq(contests.id, number));
    conditions.push(or(...keys));
  }
  return and(...conditions);
}

const summaryColumns = {
  contest: contests,
  organiserPseudo: users.pseudo,
  organiserEmail: users.email,
};

function summaryOf(row: { contest: typeof contests.$inferSelect; organiserPseudo: string; organiserEmail: string }): AdminContestSummary {
  const c = row.contest;
  return {
    id: c.id,
    companyName: c.companyName,
    status: c.status,
    // The organiser's word for the same state (« Remboursé »), from the same domain rule.
    statusLabel: contestStatusLabel(c.status, c.refundedAt !== null),
    organiser: { id: c.ownerId, pseudo: row.organiserPseudo, email: row.organiserEmail },
    subCategory: findSubCategory(c.subCategoryId)?.title ?? String(c.subCategoryId),
    costCents: c.costCents,
    createdAt: c.createdAt.toISOString(),
    endDate: c.endDate?.toISOString() ?? null,
    participationsCount: c.participationsCount,
    winnersCount: c.winnersCount,
  };
}

/** GET /admin/contests: the contest with that number first, then the newest; paged in SQL. */
export async function searchContests(db: Db, query: AdminContestsQuery): Promise<AdminContestsPage> {
  const where = searchWhere(query);
  const exact = /^\d{1,9}$/.test(query.q) ? Number(query.q) : 0;
  const rows = await db
    .select(summaryColumns)
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(where)
    .orderBy(desc(sql`${contests.id} = ${exact}`), desc(contests.createdAt), desc(contests.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(contests).innerJoin(users, eq(users.id, contests.ownerId)).where(where);
  return { contests: rows.map(summaryOf), page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}

const KNOWN_OPERATIONS = ['payin', 'promotion', 'prize'];

/** The contest's money: its succeeded pay-ins, and its entries in the ledger. */
async function moneyOf(db: Db, contest: typeof contests.$inferSelect): Promise<AdminContestMoney> {
  const [paid] = await db
    .select({ sum: sql<string | null>`sum(${payments.amountCents})` })
    .from(payments)
    .where(and(eq(payments.contestId, contest.id), eq(payments.status, 'succeeded')));
  const sums = await db
    .select({ kind: ledgerOperations.kind, account: ledgerEntries.accountCode, sum: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerOperations, eq(ledgerOperations.key, ledgerEntries.operationKey))
    .where(eq(ledgerEntries.contestId, contest.id))
    .groupBy(ledgerOperations.kind, ledgerEntries.accountCode);
  const total = (match: (s: { kind: string; account: string }) => boolean) => sums.filter(match).reduce((sum, s) => sum + Number(s.sum), 0);
  const escrow = accounts.escrow(contest.id);
  return {
    paidInCents: Number(paid?.sum ?? 0),
    prizesCents: contest.costCents * contest.prizesPaid,
    // Only what the discounts paid in: a refund giving some back counts among the refunds.
    promotionsCents: -total((s) => s.kind === 'promotion' && s.account === accounts.platformPromotions),
    feesCents: total((s) => s.account === accounts.platformFees),
    creditedCents: total((s) => s.kind === 'prize' && s.account.startsWith('wallet:')),
    // Whatever leaves the escrow other than as a prize goes back to whoever paid it.
    refundedCents: -total((s) => s.account === escrow && !KNOWN_OPERATIONS.includes(s.kind)),
    heldCents: await balanceOf(db, escrow),
  };
}

/** Status moments, payments, ledger operations, winners and admin actions, oldest first. */
async function historyOf(db: Db, contest: typeof contests.$inferSelect): Promise<AdminContestEvent[]> {
  const events: AdminContestEvent[] = [];
  const moments = [
    ['created', contest.createdAt],
    ['paid', contest.paidAt],
    ['ended', contest.endedAt],
    ['finalised', contest.finalisedAt],
    ['finished', contest.finishedAt],
  ] as const;
  for (const [kind, at] of moments) if (at) events.push({ at: at.toISOString(), kind });

  const paymentRows = await db.select().from(payments).where(eq(payments.contestId, contest.id)).orderBy(asc(payments.id));
  for (const p of paymentRows) {
    events.push({ at: (p.confirmedAt ?? p.createdAt).toISOString(), kind: 'payment', status: p.status, purpose: p.purpose, amountCents: p.amountCents });
  }

  const operations = await db
    .select({
      kind: ledgerOperations.kind,
      at: ledgerOperations.createdAt,
      // What the operation moved: the sum of its credits within this contest.
      amount: sql<string>`sum(greatest(${ledgerEntries.amountCents}, 0))`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerOperations, eq(ledgerOperations.key, ledgerEntries.operationKey))
    .where(eq(ledgerEntries.contestId, contest.id))
    .groupBy(ledgerOperations.key, ledgerOperations.kind, ledgerOperations.createdAt);
  for (const o of operations) events.push({ at: o.at.toISOString(), kind: 'ledger', operation: o.kind, amountCents: Number(o.amount) });

  const winners = await db
    .select({ winnerAt: participations.winnerAt, validatedAt: participations.finalValidatedAt, by: participations.finalValidatedBy, pseudo: users.pseudo })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.contestId, contest.id), eq(participations.isWinner, true)));
  for (const w of winners) {
    if (w.winnerAt) events.push({ at: w.winnerAt.toISOString(), kind: 'winner_chosen', pseudo: w.pseudo });
    if (w.validatedAt) events.push({ at: w.validatedAt.toISOString(), kind: 'files_validated', pseudo: w.pseudo, automatic: w.by === 'automatic' });
  }

  const actions = await db
    .select({ action: adminActions.action, reason: adminActions.reason, at: adminActions.createdAt, pseudo: users.pseudo })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .where(
      or(
        and(eq(adminActions.targetType, 'contest'), eq(adminActions.targetId, contest.id)),
        // Actions on something of the contest (a report of one of its proposals) name it.
        sql`${adminActions.details} ->> 'contestId' = ${String(contest.id)}`,
      ),
    )
    .orderBy(asc(adminActions.id));
  for (const a of actions) events.push({ at: a.at.toISOString(), kind: 'admin_action', action: a.action, reason: a.reason, pseudo: a.pseudo });

  // A stable sort: what happened at the same moment keeps the order above (cause, then effects).
  return events.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
}

async function winnersOf(db: Db | Tx, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.contestId, contestId), eq(participations.isWinner, true)));
  return Number(row?.n ?? 0);
}

/** Whether the end date may move: open, or awaiting its winner with none chosen yet (docs/product.md §2). */
function extendable(status: number, winners: number): boolean {
  return status === CONTEST_STATUS.open || (status === CONTEST_STATUS.awaitingWinner && winners === 0);
}

async function finalFilesDue(db: Db, contestId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(
        eq(participations.contestId, contestId),
        eq(participations.isWinner, true),
        sql`${participations.finalValidatedAt} is null`,
        isNotNull(participations.finalSentAt),
        lte(participations.finalSentAt, new Date(now.getTime() - AUTO_VALIDATION_DELAY_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** GET /admin/contests/{id}. */
export async function contestDetail(ctx: AppContext, id: number): Promise<AdminContestDetail> {
  const [row] = await ctx.db.select(summaryColumns).from(contests).innerJoin(users, eq(users.id, contests.ownerId)).where(eq(contests.id, id));
  if (!row) throw notFound(A.contestNotFound);
  const c = row.contest;
  const now = ctx.clock();
  const chosenOptions = await ctx.db
    .select({ name: options.nom, priceCents: contestOptions.prixCents })
    .from(contestOptions)
    .innerJoin(options, eq(options.id, contestOptions.optionId))
    .where(eq(contestOptions.contestId, id))
    .orderBy(asc(options.position));
  const canAdvance =
    (c.status === CONTEST_STATUS.open && c.endDate !== null && c.endDate <= now) || (c.status === CONTEST_STATUS.awaitingFinalFiles && (await finalFilesDue(ctx.db, id, now)));
  return {
    ...summaryOf(row),
    paidAt: c.paidAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    finalisedAt: c.finalisedAt?.toISOString() ?? null,
    finishedAt: c.finishedAt?.toISOString() ?? null,
    options: chosenOptions,
    prizesPaid: c.prizesPaid,
    money: await moneyOf(ctx.db, c),
    history: await historyOf(ctx.db, c),
    canExtend: extendable(c.status, await winnersOf(ctx.db, id)),
    canAdvance,
  };
}

/**
 * POST /admin/contests/{id}/extend. A contest awaiting its winner with none chosen opens
 * again (its end passed without a choice); the listing's caches follow by themselves, since
 * the contest's row announces the change of its end date and status (migration 0008).
 */
export async function extendContest(ctx: AppContext, adminId: number, id: number, input: ExtendContestInput): Promise<{ endDate: string; status: number }> {
  const endDate = new Date(input.endDate);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [c] = await tx.select().from(contests).where(eq(contests.id, id)).for('update');
    if (!c) throw notFound(A.contestNotFound);
    if (!extendable(c.status, await winnersOf(tx, id))) throw conflict(A.cannotExtend);
    if (endDate <= now) throw badRequest(A.endDateNotInFuture, { endDate: A.endDateNotInFuture });
    if (c.endDate && endDate <= c.endDate) throw badRequest(A.endDateNotLater, { endDate: A.endDateNotLater });
    if (endDate.getTime() - now.getTime() > MAX_EXTENSION_MS) throw badRequest(A.endDateTooFar(MAX_EXTENSION_DAYS), { endDate: A.endDateTooFar(MAX_EXTENSION_DAYS) });
    const reopens = c.status === CONTEST_STATUS.awaitingWinner;
    await tx
      .update(contests)
      .set({ endDate, updatedAt: now, ...(reopens ? { status: CONTEST_STATUS.open, endedAt: null } : {}) })
      .where(eq(contests.id, id));
    const text = A.extendedNotice(c.companyName, formatParisDate(endDate));
    const link = webPaths.contestDetails(id);
    await tellParticipants(tx, id, { kind: 'contest_extended', text, link }, now);
    await notify(tx, { userId: c.ownerId, kind: 'contest_extended', text, link, contestId: id, at: now });
    await recordAdminAction(tx, {
      adminId,
      action: 'contest.extend',
      targetType: 'contest',
      targetId: id,
      reason: input.reason,
      details: { from: c.endDate?.toISOString() ?? null, to: endDate.toISOString(), reopened: reopens },
      at: now,
    });
    return { endDate: endDate.toISOString(), status: CONTEST_STATUS.open };
  });
}

/**
 * POST /admin/contests/{id}/advance: what a passed delay does, done now, through the job's own
 * code. Against the job or another admin at the same time, the row locks decide: the end
 * closes a contest still open under its lock, and validation skips rows another holds.
 */
export async function advanceContest(ctx: AppContext, adminId: number, id: number, reason: string): Promise<{ status: number }> {
  const [c] = await ctx.db.select({ status: contests.status }).from(contests).where(eq(contests.id, id));
  if (!c) throw notFound(A.contestNotFound);
  const record = (tx: Tx, from: number, to: number, details: Record<string, unknown> = {}) =>
    recordAdminAction(tx, { adminId, action: 'contest.advance', targetType: 'contest', targetId: id, reason, details: { from, to, ...details }, at: ctx.clock() });

  if (c.status === CONTEST_STATUS.open) {
    return ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const [locked] = await tx
        .select({ id: contests.id, ownerId: contests.ownerId, companyName: contests.companyName, status: contests.status, endDate: contests.endDate })
        .from(contests)
        .where(eq(contests.id, id))
        .for('update');
      if (locked?.status !== CONTEST_STATUS.open || !locked.endDate || locked.endDate > now) throw conflict(A.noDelayPassed);
      await closeContests(tx, [locked], now);
      await record(tx, CONTEST_STATUS.open, CONTEST_STATUS.awaitingWinner);
      return { status: CONTEST_STATUS.awaitingWinner };
    });
  }

  if (c.status === CONTEST_STATUS.awaitingFinalFiles) {
    let status: number = CONTEST_STATUS.awaitingFinalFiles;
    const validated = await autoValidateContest(ctx, id, async (tx, participationIds) => {
      const [after] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, id));
      status = after!.status;
      await record(tx, CONTEST_STATUS.awaitingFinalFiles, status, { validated: participationIds });
    });
    if (validated === 0) throw conflict(A.noDelayPassed);
    return { status };
  }
  throw conflict(A.noDelayPassed);
}
