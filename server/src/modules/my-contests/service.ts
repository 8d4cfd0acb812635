/**
 * My contests (docs/product.md §2, /mon-profil/mes-concours): two tables of 5 rows a page.
 *
 * Organiser rows list the viewer's contests at every status, status 1 included: a contest
 * created but not yet paid must stay reachable so it can be paid (docs/product.md §2), and a closed
 * one (-1) stays in the person's history. Participant rows list the contests where the
 * viewer has a participation with content; an empty one (created by messaging) is not a
 * participation from the talent's point of view.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CONTEST_STATUS, gainCents, handoverDocumentPath, type MyContestRow, type MyContestsPage } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { awaitingAnswer, contests, handovers, participations, subCategories } from '../../db/schema';
import { documentFilename } from '../handover/documents';

type ContestRow = typeof contests.$inferSelect;

type Contract = MyContestRow['contracts'][number];

/**
 * The stored contracts of a page's rows, in one query: an organiser's row gets every validated
 * winner's, a participant's row only their own participation's.
 */
async function contractsOf(ctx: AppContext, where: ReturnType<typeof and>): Promise<Map<number, Contract[]>> {
  const rows = await ctx.db
    .select({ contestId: participations.contestId, participationId: handovers.participationId, invoiceNumber: handovers.invoiceNumber })
    .from(handovers)
    .innerJoin(participations, eq(participations.id, handovers.participationId))
    .where(and(where, isNotNull(handovers.storedAt)))
    .orderBy(asc(handovers.participationId));
  const byContest = new Map<number, Contract[]>();
  for (const r of rows) {
    const list = byContest.get(r.contestId) ?? [];
    list.push({ idParticipation: r.participationId, path: handoverDocumentPath(r.participationId, 'contract'), filename: documentFilename('contract', r) });
    byContest.set(r.contestId, list);
  }
  return byContest;
}

function toRow(c: ContestRow, subCategory: string, participation: { id: number; isWinner: boolean } | null, contracts: Contract[] = [], awaiting: number | null = null): MyContestRow {
  return {
    id: c.id,
    idParticipation: participation?.id ?? null,
    idConcours: c.id,
    companyName: c.companyName,
    subCategory,
    status: c.status,
    cost: c.costCents,
    gain: gainCents(c.costCents),
    createdAt: c.createdAt.toISOString(),
    endDate: c.endDate?.toISOString() ?? null,
    participations: c.participationsCount,
    winners: c.winnersCount,
    isWinner: participation ? participation.isWinner : null,
    refunded: c.refundedAt !== null,
    contracts,
    awaiting,
  };
}

export interface Paging {
  page: number;
  pageSize: number;
}

const total = sql<number>`count(*)`.mapWith(Number);

/** Newest first, served by contests_owner_idx. */
/**
 * Proposals awaiting an answer (neither stars nor comment), while the organiser judges (2, 3):
 * counted from participations_awaiting_idx for the page's rows only.
 */
const awaiting = sql<number | null>`case when ${inArray(contests.status, [CONTEST_STATUS.open, CONTEST_STATUS.awaitingWinner])}
  then (select count(*) from ${participations} where ${participations.contestId} = ${contests.id} and ${awaitingAnswer}) end`.mapWith((v: unknown) => (v === null ? null : Number(v)));

export async function organiserContests(ctx: AppContext, userId: number, paging: Paging): Promise<MyContestsPage> {
  const where = eq(contests.ownerId, userId);
  const [count] = await ctx.db.select({ total }).from(contests).where(where);
  const rows = await ctx.db
    .select({ contest: contests, subCategory: subCategories.title, awaiting })
    .from(contests)
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(where)
    .orderBy(desc(contests.createdAt), desc(contests.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const contracts = rows.length === 0 ? new Map<number, Contract[]>() : await contractsOf(ctx, inArray(participations.contestId, rows.map((r) => r.contest.id)));
  return { rows: rows.map((r) => toRow(r.contest, r.subCategory, null, contracts.get(r.contest.id), r.awaiting)), page: paging.page, pageSize: paging.pageSize, total: count?.total ?? 0 };
}

/** Latest participation first, served by participations_user_idx. */
export async function participantContests(ctx: AppContext, userId: number, paging: Paging): Promise<MyContestsPage> {
  const where = and(eq(participations.userId, userId), eq(participations.isParticipating, true));
  const [count] = await ctx.db.select({ total }).from(participations).where(where);
  const rows = await ctx.db
    .select({ contest: contests, subCategory: subCategories.title, id: participations.id, isWinner: participations.isWinner })
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(where)
    .orderBy(desc(participations.createdAt), desc(participations.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const contracts = rows.length === 0 ? new Map<number, Contract[]>() : await contractsOf(ctx, inArray(handovers.participationId, rows.map((r) => r.id)));
  return { rows: rows.map((r) => toRow(r.contest, r.subCategory, { id: r.id, isWinner: r.isWinner }, contracts.get(r.contest.id))), page: paging.page, pageSize: paging.pageSize, total: count?.total ?? 0 };
}
