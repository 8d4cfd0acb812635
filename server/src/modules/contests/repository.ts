/**
 * Contest queries and their shaping into the API's DTOs. Listing is paged in SQL and served
 * by the partial indexes of open contests in schema.ts; whether the viewer took part is an
 * EXISTS in the same query, so a page costs one query whatever its size (and most pages are
 * served from memory: listing-cache.ts).
 */
import { and, asc, Column, desc, eq, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cardExcerpt, CONTEST_STATUS, findCategory, findSubCategory, gainCents, isPrizeGuaranteed, type ContestCardDto, type ContestDto, type ContestPage, type ListContestsInput } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contestOptions, contests, openContestCounts, options, participations, users } from '../../db/schema';
import { toOptionDto } from '../catalogue/service';
import { contestVisibleTo, ndaAcceptedBy, publiclyVisible } from './visibility';

export type ContestRow = typeof contests.$inferSelect;

/** No member has this id: pages read for it say "not taking part" on every card. */
export const NOBODY = 0;

/** True when `viewerId` sent a proposal with content to the contest of the current row. */
function hasParticipatedSql(viewerId: number | Placeholder) {
  // A page read for nobody (kept in memory, then marked per member) asks nothing per row.
  if (viewerId === NOBODY) return sql<boolean>`false`.mapWith(Boolean);
  // Spelled out in full: drizzle drops the table name of a column when a query has one table,
  // and inside this subquery a bare "id" would be the participation's.
  return sql<boolean>`exists (select 1 from participations p where p.contest_id = "contests"."id" and p.user_id = ${viewerId} and p.is_participating)`.mapWith(Boolean);
}

/**
 * What a card shows. Migration 0008 announces a change to any of these columns of an open
 * contest, so that cached pages are dropped: a new column here belongs in its trigger too
 * (listing-cache.test.ts changes each one).
 */
export const cardColumns = (viewerId: number | Placeholder) => ({
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

/** The contest columns a card shows, by their SQL names. */
export const CARD_COLUMN_NAMES = Object.values(cardColumns(0)).flatMap((value) => (is(value, Column) ? [value.name] : []));

export type CardRow = Pick<
  ContestRow,
  'id' | 'createdAt' | 'endDate' | 'status' | 'costCents' | 'message' | 'companyName' | 'categoryId' | 'subCategoryId' | 'ownerId' | 'participationsCount'
> & { hasParticipated: boolean };

function subCategoryRef(subCategoryId: number): ContestCardDto['subCategory'] {
  const sub = findSubCategory(subCategoryId)!;
  return { id: sub.id, name: sub.title, format: sub.format, to: sub.slug, categoryTo: findCategory(sub.idCategory)!.slug };
}

/** A card of a listing or a search: its brief is the excerpt a card shows, lighter to send and keep. */
export function toCard(row: CardRow): ContestCardDto {
  return cardWithBrief(row, cardExcerpt(row.message));
}

/** The card's fields with `brief` as its text: the excerpt on cards, the whole brief on the contest page. */
function cardWithBrief(row: CardRow, brief: string): ContestCardDto {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    status: row.status,
    cost: row.costCents,
    gain: gainCents(row.costCents),
    message: brief,
    companyName: row.companyName,
    idCategory: row.categoryId,
    idSubCategory: row.subCategoryId,
    subCategory: subCategoryRef(row.subCategoryId),
    idConcoureur: row.ownerId,
    participations: row.participationsCount,
    hasParticipated: row.hasParticipated,
    guaranteed: isPrizeGuaranteed(row.status),
  };
}

const SORT_COLUMNS = {
  createdAt: contests.createdAt,
  cost: contests.costCents,
  participations: contests.participationsCount,
} as const;

type ListingFilter = 'all' | 'category' | 'subCategory' | 'both';

/**
 * The listing's statements for one sort, direction and kind of filter, built once and then
 * executed with their values: building a query of this size costs drizzle about as much
 * processor time as the rest of the request, and a named statement spares PostgreSQL its
 * parsing too. Page ids come first from the partial index of the sort, skipping the earlier
 * pages within the index alone; only the page's own rows are then read, so page 500 costs
 * about what page 1 does. The status is written out, not bound, so that the planner always
 * matches the indexes' `status = 2` (open) predicate. The total rides along with the rows.
 */
function prepareListing(db: Db, selector: ListContestsInput['selector'], orderedBy: ListContestsInput['orderedBy'], filter: ListingFilter) {
  const order = listingOrder(selector, orderedBy);
  const pageIds = listingPageIds(db, selector, orderedBy, filter, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') });
  // The total from the counts the trigger keeps (a few rows), not from counting open contests.
  const countOpen = db
    .select({ n: sql<number>`coalesce(sum(${openContestCounts.n}), 0)`.mapWith(Number) })
    .from(openContestCounts)
    .where(and(...byCategory(filter, openContestCounts.categoryId, openContestCounts.subCategoryId)));
  const name = `listing_${selector}_${orderedBy}_${filter}`;
  return {
    rows: db
      .select({ ...cardColumns(sql.placeholder('viewerId')), total: sql<number>`(${countOpen})`.mapWith(Number) })
      .from(contests)
      // `= any(array(…))` rather than a join: the plan PostgreSQL keeps for the named statement
      // then reads the page's few rows by primary key whatever the page size it assumed.
      .where(sql`${contests.id} = any(array(${pageIds}))`)
      .orderBy(...order)
      .prepare(name),
    count: countOpen.prepare(`${name}_count`),
  };
}

function listingOrder(selector: ListContestsInput['selector'], orderedBy: ListContestsInput['orderedBy']) {
  const direction = orderedBy === 'ASC' ? asc : desc;
  return [direction(SORT_COLUMNS[selector]), direction(contests.id)];
}

/**
 * The ids of a listing page, in order, read from the listing index of the sort (schema.ts,
 * `openListingIndexes`) alone up to the page: those indexes hold exactly the rows this
 * condition keeps. Exported for the plan's test.
 */
export function listingPageIds(
  db: Db,
  selector: ListContestsInput['selector'],
  orderedBy: ListContestsInput['orderedBy'],
  filter: ListingFilter,
  page: { limit: number | Placeholder; offset: number | Placeholder },
) {
  // Shared by every viewer (and cached for all of them): only what anyone may see, never a private contest.
  const where = and(sql`${contests.status} = ${sql.raw(String(CONTEST_STATUS.open))}`, publiclyVisible(), ...byCategory(filter, contests.categoryId, contests.subCategoryId));
  return db
    .select({ id: contests.id })
    .from(contests)
    .where(where)
    .orderBy(...listingOrder(selector, orderedBy))
    .limit(page.limit)
    .offset(page.offset);
}

/** The listing's category and sub-category conditions, on the contests or on their counts. */
function byCategory(filter: ListingFilter, categoryColumn: Column, subCategoryColumn: Column): SQL[] {
  const conditions: SQL[] = [];
  if (filter === 'category' || filter === 'both') conditions.push(eq(categoryColumn, sql.placeholder('idCategory')));
  if (filter === 'subCategory' || filter === 'both') conditions.push(eq(subCategoryColumn, sql.placeholder('idSubCategory')));
  return conditions;
}

const listingStatements = preparedPerDatabase((db, key) => {
  const [selector, orderedBy, filter] = key.split(':') as [ListContestsInput['selector'], ListContestsInput['orderedBy'], ListingFilter];
  return prepareListing(db, selector, orderedBy, filter);
});

/** Open public contests only (status 2, not private): a contest awaiting payment, closed or private is never listed. */
export async function listOpenContests(db: Db, viewerId: number, q: ListContestsInput): Promise<ContestPage> {
  const filter: ListingFilter = q.idCategory ? (q.idSubCategory ? 'both' : 'category') : q.idSubCategory ? 'subCategory' : 'all';
  const listing = listingStatements(db, `${q.selector}:${q.orderedBy}:${filter}`);
  const values = { viewerId, idCategory: q.idCategory ?? 0, idSubCategory: q.idSubCategory ?? 0 };
  const rows = await listing.rows.execute({ ...values, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  // Past the last page there is no row to carry the total.
  const total = rows[0]?.total ?? Number((await listing.count.execute(values))[0]?.n ?? 0);
  return { concours: rows.map(toCard), page: q.page, pageSize: q.pageSize, total };
}

const participatedStatement = preparedPerDatabase((db) =>
  db
    .select({ contestId: participations.contestId })
    .from(participations)
    .where(and(eq(participations.userId, sql.placeholder('userId')), eq(participations.isParticipating, true)))
    .prepare('participated_contest_ids'),
);

/** The contests a member takes part in (a proposal with content), for the listing's flag. */
export async function participatedContestIds(db: Db, userId: number): Promise<number[]> {
  const rows = await participatedStatement(db).execute({ userId });
  return rows.map((row) => row.contestId);
}

export async function findContest(db: Db | Tx, id: number): Promise<ContestRow | null> {
  const [row] = await db.select().from(contests).where(eq(contests.id, id)).limit(1);
  return row ?? null;
}

type OptionFields = Parameters<typeof toOptionDto>[0];

/**
 * The contest page in one round trip, a named statement built once: the contest with its
 * organiser, and as JSON arrays its chosen options and the options on offer in its
 * sub-category. Each query costs the server a write to PostgreSQL's socket and a result to
 * parse: one instead of three.
 */
function prepareDetails(db: Db) {
  // Aliases, named in the FROM clauses below.
  const o = alias(options, 'o');
  const co = alias(contestOptions, 'co');
  const optionJson = (prixCents: SQL | Column) =>
    sql`json_build_object('id', ${o.id}, 'nom', ${o.nom}, 'prixCents', ${prixCents}, 'isPayant', ${o.isPayant}, 'isPrerequis', ${o.isPrerequis})`;
  const chosen = sql<OptionFields[]>`(
    select coalesce(json_agg(${optionJson(co.prixCents)} order by ${o.position}, ${o.id}), '[]'::json)
    from ${contestOptions} co join ${options} o on ${o.id} = ${co.optionId}
    where ${co.contestId} = ${contests.id}
  )`;
  const available = sql<OptionFields[]>`(
    select coalesce(json_agg(${optionJson(o.prixCents)} order by ${o.position}, ${o.id}), '[]'::json)
    from ${options} o
    where ${o.subCategoryId} = ${contests.subCategoryId} and not ${o.archived}
  )`;
  return db
    .select({
      contest: contests,
      ownerPseudo: users.pseudo,
      hasParticipated: hasParticipatedSql(sql.placeholder('viewerId')),
      readable: sql<boolean>`${contestVisibleTo({ id: sql.placeholder('viewerId'), isAdmin: false })}`.mapWith(Boolean),
      ndaAccepted: ndaAcceptedBy(sql.placeholder('viewerId')).mapWith(Boolean),
      chosen,
      available,
    })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(eq(contests.id, sql.placeholder('id')))
    .limit(1)
    .prepare('contest_details');
}

const detailsStatements = preparedPerDatabase(prepareDetails);

/**
 * The full contest as GET /concours/read/{id} shows it, or null when it does not exist;
 * `readable` says whether `viewerId` may read its brief (`contestVisibleTo`).
 */
export async function loadContestDto(db: Db, id: number, viewerId: number): Promise<ContestDto | null> {
  return (await loadContestDetails(db, id, viewerId))?.dto ?? null;
}

export async function loadContestDetails(db: Db, id: number, viewerId: number): Promise<{ dto: ContestDto; readable: boolean } | null> {
  const [row] = await detailsStatements(db).execute({ id, viewerId });
  if (!row) return null;
  const c = row.contest;
  const isOwner = c.ownerId === viewerId;
  const card = cardWithBrief({ ...c, hasParticipated: row.hasParticipated }, c.message);
  const dto: ContestDto = {
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
    arrayOptions: row.chosen.map(toOptionDto),
    subCategory: { ...card.subCategory, options: row.available.map(toOptionDto) },
    User: { id: c.ownerId, pseudo: row.ownerPseudo },
    isOwner,
    formats: {
      isPrivate: c.isPrivate,
      proposalsOpen: c.proposalsOpen,
      hasFinalRound: c.hasFinalRound,
      finalRoundStartedAt: c.finalRoundStartedAt?.toISOString() ?? null,
      finalists: c.finalistsCount,
      ndaAccepted: !c.isPrivate || isOwner || row.ndaAccepted,
      teaser: false,
    },
  };
  return { dto, readable: row.readable };
}
