/**
 * Contest queries and their shaping into the API's DTOs. Listing is paged in SQL and served
 * by the (status, sort column, id) indexes of schema.ts; whether the viewer took part is an
 * EXISTS in the same query, so a page costs two queries whatever its size.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { findCategory, findSubCategory, gainCents, type ContestCardDto, type ContestDto, type ContestPage, type ListContestsInput } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { contestOptions, contests, options, users } from '../../db/schema';
import { activeOptionsOf, toOptionDto } from '../catalogue/service';

export type ContestRow = typeof contests.$inferSelect;

/** True when `viewerId` sent a proposal with content to the contest of the current row. */
function hasParticipatedSql(viewerId: number) {
  // Spelled out in full: drizzle drops the table name of a column when a query has one table,
  // and inside this subquery a bare "id" would be the participation's.
  return sql<boolean>`exists (select 1 from participations p where p.contest_id = "contests"."id" and p.user_id = ${viewerId} and p.is_participating)`.mapWith(Boolean);
}

const cardColumns = (viewerId: number) => ({
  id: contests.id,
  createdAt: contests.createdAt,
  endDate: contests.endDate,
  status: contests.status,
  costCents: contests.costCents,
  message: contests.message,
  companyName: contests.companyName,
  categoryId: contests.categoryId,
  subCategoryId: contests.subCategoryId,
  ownerId: contests.ownerId,
  participationsCount: contests.participationsCount,
  hasParticipated: hasParticipatedSql(viewerId),
});

type CardRow = Pick<
  ContestRow,
  'id' | 'createdAt' | 'endDate' | 'status' | 'costCents' | 'message' | 'companyName' | 'categoryId' | 'subCategoryId' | 'ownerId' | 'participationsCount'
> & { hasParticipated: boolean };

function subCategoryRef(subCategoryId: number): ContestCardDto['subCategory'] {
  const sub = findSubCategory(subCategoryId)!;
  return { id: sub.id, name: sub.title, format: sub.format, to: sub.slug, categoryTo: findCategory(sub.idCategory)!.slug };
}

export function toCard(row: CardRow): ContestCardDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    status: row.status,
    cost: row.costCents,
    gain: gainCents(row.costCents),
    message: row.message,
    companyName: row.companyName,
    idCategory: row.categoryId,
    idSubCategory: row.subCategoryId,
    subCategory: subCategoryRef(row.subCategoryId),
    idConcoureur: row.ownerId,
    participations: row.participationsCount,
    hasParticipated: row.hasParticipated,
  };
}

const SORT_COLUMNS = {
  createdAt: contests.createdAt,
  cost: contests.costCents,
  participations: contests.participationsCount,
} as const;

/** Open contests only (status 2): a contest awaiting payment or closed is never listed. */
export async function listOpenContests(db: Db, viewerId: number, q: ListContestsInput): Promise<ContestPage> {
  const filters: SQL[] = [eq(contests.status, 2)];
  if (q.idCategory) filters.push(eq(contests.categoryId, q.idCategory));
  if (q.idSubCategory) filters.push(eq(contests.subCategoryId, q.idSubCategory));
  const where = and(...filters);
  const direction = q.orderedBy === 'ASC' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns(viewerId))
      .from(contests)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[q.selector]), direction(contests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(contests).where(where),
  ]);
  return { concours: rows.map(toCard), page: q.page, pageSize: q.pageSize, total: Number(total?.n ?? 0) };
}

export async function findContest(db: Db | Tx, id: number): Promise<ContestRow | null> {
  const [row] = await db.select().from(contests).where(eq(contests.id, id)).limit(1);
  return row ?? null;
}

/** The full contest as GET /concours/read/{id} shows it, or null when it does not exist. */
export async function loadContestDto(db: Db | Tx, id: number, viewerId: number): Promise<ContestDto | null> {
  const [row] = await db
    .select({ contest: contests, ownerPseudo: users.pseudo, hasParticipated: hasParticipatedSql(viewerId) })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(eq(contests.id, id))
    .limit(1);
  if (!row) return null;
  const c = row.contest;
  const [chosen, available] = await Promise.all([
    db
      .select({ id: options.id, nom: options.nom, prixCents: contestOptions.prixCents, isPayant: options.isPayant, isPrerequis: options.isPrerequis })
      .from(contestOptions)
      .innerJoin(options, eq(options.id, contestOptions.optionId))
      .where(eq(contestOptions.contestId, c.id))
      .orderBy(asc(options.position), asc(options.id)),
    activeOptionsOf(db, c.subCategoryId),
  ]);
  const card = toCard({ ...c, hasParticipated: row.hasParticipated });
  return {
    ...card,
    companySkills: c.companySkills,
    target: c.target,
    site: c.site,
    cursorModern: c.cursorModern,
    cursorYoung: c.cursorYoung,
    cursorFun: c.cursorFun,
    cursorLuxury: c.cursorLuxury,
    step: c.step,
    winners: c.winnersCount,
    prizesPaid: c.prizesPaid,
    arrayOptions: chosen.map(toOptionDto),
    subCategory: { ...card.subCategory, options: available.map(toOptionDto) },
    User: { id: c.ownerId, pseudo: row.ownerPseudo },
    isOwner: c.ownerId === viewerId,
  };
}
