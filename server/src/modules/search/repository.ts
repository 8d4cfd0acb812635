/**
 * The French full-text search over open contests (docs/architecture.md §6). The vector and its
 * GIN index over open contests are kept by migration 0029; the question is parsed by
 * `websearch_to_tsquery` with the same configuration (`fr`: French stemming, accents dropped),
 * so « logo boulangeries » finds « Logo pour une Boulangérie ». Paged by offset over a bounded
 * number of pages; the order (rank, then end date, then id) is total and the candidates ranked
 * are always the same ones, so no contest appears on two pages or on none.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTEST_STATUS, ENDING_SOON_MS, SEARCH_PAGE_SIZE, SEARCH_WORDS_MAX_PAGE, SUB_CATEGORIES, type ContestSearchPage, type SearchContestsInput } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contests, contestSearchVector, openContestSearch, openContestSearchVector } from '../../db/schema';
import { cardColumns, NOBODY, toCard } from '../contests/repository';
import { publiclyVisible } from '../contests/visibility';

/**
 * What a search may ever show: open contests that are public (a private contest is reached only
 * by the link its organiser shares, docs/product.md §3). The status is written out, not bound,
 * so that the planner matches the GIN index's `status = 2`; `publiclyVisible` is the listing's
 * own condition, so a search and a shared page never disagree on what is public.
 */
export const searchableContests = (): SQL[] => [sql`${contests.status} = ${sql.raw(String(CONTEST_STATUS.open))}`, publiclyVisible()];

const tsQuery = (q: string | Placeholder) => sql`websearch_to_tsquery('fr', ${q})`;

/** The columns a search filters on, in `contests` or in its narrow copy. */
interface SearchColumns {
  vector: SQL;
  categoryId: AnyPgColumn;
  subCategoryId: AnyPgColumn;
  costCents: AnyPgColumn;
  endDate: AnyPgColumn;
}

/**
 * What a search's conditions are written with: the values of a question, or placeholders in a
 * statement built once for every question of its shape. A format is a list of sub-categories
 * written out: it is part of the shape.
 */
interface FilterValues {
  words?: string | Placeholder;
  idCategory?: number | Placeholder;
  format?: number;
  minPrize?: number | Placeholder;
  maxPrize?: number | Placeholder;
  endsBefore?: Date | Placeholder;
}

const valuesOf = (q: SearchContestsInput, now: Date): FilterValues => ({
  words: q.q === '' ? undefined : q.q,
  idCategory: q.idCategory,
  format: q.format,
  minPrize: q.minPrize,
  maxPrize: q.maxPrize,
  endsBefore: q.endingSoon ? new Date(now.getTime() + ENDING_SOON_MS) : undefined,
});

/** The words and filters on `c`, in the order a reader expects them. */
function filterConditions(v: FilterValues, c: SearchColumns): SQL[] {
  const conditions: SQL[] = [];
  if (v.words !== undefined) conditions.push(sql`${c.vector} @@ ${tsQuery(v.words)}`);
  if (v.idCategory !== undefined) conditions.push(sql`${c.categoryId} = ${v.idCategory}`);
  if (v.format !== undefined) conditions.push(inArray(c.subCategoryId, SUB_CATEGORIES.filter((s) => s.format === v.format).map((s) => s.id)));
  if (v.minPrize !== undefined) conditions.push(gte(c.costCents, v.minPrize));
  if (v.maxPrize !== undefined) conditions.push(lte(c.costCents, v.maxPrize));
  if (v.endsBefore !== undefined) conditions.push(lte(c.endDate, v.endsBefore));
  return conditions;
}

/** The search's conditions on `contests`: `searchableContests`, then the words and filters. */
export function searchConditions(q: SearchContestsInput, now: Date): SQL[] {
  return [...searchableContests(), ...filterConditions(valuesOf(q, now), { vector: contestSearchVector, categoryId: contests.categoryId, subCategoryId: contests.subCategoryId, costCents: contests.costCents, endDate: contests.endDate })];
}

/**
 * The same on the search's narrow table (migration 0034), which holds only open public
 * contests: `searchableContests` is its trigger's own condition.
 */
function wordConditions(v: FilterValues): SQL[] {
  const t = openContestSearch;
  return filterConditions(v, { vector: openContestSearchVector, categoryId: t.categoryId, subCategoryId: t.subCategoryId, costCents: t.costCents, endDate: t.endDate });
}

/**
 * A search with words ranks at most this many matches, the first in end-date order: as many as
 * its pages can show. Ranking every match would read every matching row (a common word matches
 * most open contests), and a crowd of such searches would queue on it; these candidates are read
 * from the narrow table's end-date indexes (all open contests, or a category's) and stop at the
 * last one needed.
 */
export const SEARCH_CANDIDATES = SEARCH_WORDS_MAX_PAGE * SEARCH_PAGE_SIZE;

/**
 * One page of open contests matching `q`, as `viewerId` sees them. With words: best rank first
 * among the SEARCH_CANDIDATES matches that end soonest (sooner first on a tie); without: ending
 * sooner first. The total rides along with the rows.
 */
export async function searchOpenContests(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  return q.q === '' ? listOpenContests(db, viewerId, q, now) : searchByWords(db, viewerId, q, now);
}

/**
 * The count of an empty page: past the last page no row carries it, so `matching` (the rows a
 * search may show, as a subquery) is counted; on the first page, empty means none.
 */
async function countPastLastPage(db: Db, q: SearchContestsInput, matching: Subquery): Promise<number> {
  if (q.page === 1) return 0;
  return Number((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(matching))[0]?.n ?? 0);
}

/** Which filters a question of words has, and whether it is read for a member: the questions of one shape share a statement. */
function wordSearchShape(q: SearchContestsInput, viewerId: number): string {
  return [q.idCategory !== undefined, q.format ?? 0, q.minPrize !== undefined, q.maxPrize !== undefined, q.endingSoon, viewerId !== NOBODY].map(Number).join(':');
}

/**
 * A page of a search with words, built once per shape and executed with each
 * question's values: building a query of this size costs drizzle about as much processor time as
 * the rest of the request. It is not named: PostgreSQL plans it for each question's own words
 * (a word common to most contests is read in end-date order and stops early; a rare one is found
 * by the GIN index), which a plan kept for all words could not do.
 */
const wordSearchStatements = preparedPerDatabase((db, shape) => {
  const [idCategory, format, minPrize, maxPrize, endingSoon, member] = shape.split(':').map(Number) as [number, number, number, number, number, number];
  const t = openContestSearch;
  const words = sql.placeholder('words');
  const where = and(
    ...wordConditions({
      words,
      idCategory: idCategory ? sql.placeholder('idCategory') : undefined,
      format: format || undefined,
      minPrize: minPrize ? sql.placeholder('minPrize') : undefined,
      maxPrize: maxPrize ? sql.placeholder('maxPrize') : undefined,
      endsBefore: endingSoon ? sql.placeholder('endsBefore') : undefined,
    }),
  );
  // One more than the pages show, to know whether more match than the total says. Nested
  // selects rather than a WITH: the pool counts any statement that does not start with SELECT
  // as a write, which would hold the read caches back until its announcement arrives.
  const candidates = db
    .select({ id: sql<number>`${t.contestId}`.as('candidate_id'), endDate: sql<Date | null>`${t.endDate}`.as('candidate_end'), rank: sql<number>`ts_rank(${openContestSearchVector}, ${tsQuery(words)})`.as('candidate_rank') })
    .from(t)
    .where(where)
    .orderBy(sql`${t.endDate} asc nulls last`, asc(t.contestId))
    .limit(SEARCH_CANDIDATES + 1)
    .as('candidates');
  const page = db
    .select({ id: candidates.id, endDate: candidates.endDate, rank: candidates.rank, matches: sql<number>`count(*) over ()`.as('matches') })
    .from(candidates)
    .orderBy(desc(candidates.rank), sql`${candidates.endDate} asc nulls last`, asc(candidates.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ ...cardColumns(member ? sql.placeholder('viewerId') : NOBODY), matches: sql<number>`${page.matches}`.mapWith(Number) })
    .from(page)
    .innerJoin(contests, eq(contests.id, page.id))
    .orderBy(desc(page.rank), sql`${page.endDate} asc nulls last`, asc(page.id))
    .prepare('');
});

async function searchByWords(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  const v = valuesOf(q, now);
  const found = await wordSearchStatements(db, wordSearchShape(q, viewerId)).execute({ ...v, viewerId, offset: (q.page - 1) * SEARCH_PAGE_SIZE });
  const where = and(...wordConditions(v));
  const matches = found[0]?.matches ?? (await countPastLastPage(db, q, db.select({ one: sql`1` }).from(openContestSearch).where(where).limit(SEARCH_CANDIDATES + 1).as('m')));
  return { concours: found.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total: Math.min(matches, SEARCH_CANDIDATES), totalCapped: matches > SEARCH_CANDIDATES };
}

/** Open contests by their filters alone, ending sooner first, with their exact number. */
async function listOpenContests(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  const where = and(...searchConditions(q, now));
  const rows = await db
    .select({ ...cardColumns(viewerId), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contests)
    .where(where)
    .orderBy(sql`${contests.endDate} asc nulls last`, asc(contests.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((q.page - 1) * SEARCH_PAGE_SIZE);
  const total = rows[0]?.total ?? (await countPastLastPage(db, q, db.select({ one: sql`1` }).from(contests).where(where).as('m')));
  return { concours: rows.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total, totalCapped: false };
}
