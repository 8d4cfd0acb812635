/**
 * The French full-text search over open contests (docs/architecture.md §6). The vector and its
 * GIN index over open contests are kept by migration 0029; the question is parsed by
 * `websearch_to_tsquery` with the same configuration (`fr`: French stemming, accents dropped),
 * so « logo boulangeries » finds « Logo pour une Boulangérie ». Paged by offset over a bounded
 * number of pages; the order (rank, then end date, then id) is total and the candidates ranked
 * are always the same ones, so no contest appears on two pages or on none.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTEST_STATUS, ENDING_SOON_MS, SEARCH_PAGE_SIZE, SEARCH_WORDS_MAX_PAGE, SUB_CATEGORIES, type ContestSearchPage, type SearchContestsInput } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { contests, contestSearchVector, openContestSearch, openContestSearchVector } from '../../db/schema';
import { cardColumns, toCard } from '../contests/repository';
import { publiclyVisible } from '../contests/visibility';

/**
 * What a search may ever show: open contests that are public (a private contest is reached only
 * by the link its organiser shares, docs/product.md §3). The status is written out, not bound,
 * so that the planner matches the GIN index's `status = 2`; `publiclyVisible` is the listing's
 * own condition, so a search and a shared page never disagree on what is public.
 */
export const searchableContests = (): SQL[] => [sql`${contests.status} = ${sql.raw(String(CONTEST_STATUS.open))}`, publiclyVisible()];

const tsQuery = (q: string) => sql`websearch_to_tsquery('fr', ${q})`;

/** The columns a search filters on, in `contests` or in its narrow copy. */
interface SearchColumns {
  vector: SQL;
  categoryId: AnyPgColumn;
  subCategoryId: AnyPgColumn;
  costCents: AnyPgColumn;
  endDate: AnyPgColumn;
}

/** The words and filters of `q` on `c`, in the order a reader expects them. */
function filterConditions(q: SearchContestsInput, now: Date, c: SearchColumns): SQL[] {
  const conditions: SQL[] = [];
  if (q.q !== '') conditions.push(sql`${c.vector} @@ ${tsQuery(q.q)}`);
  if (q.idCategory !== undefined) conditions.push(sql`${c.categoryId} = ${q.idCategory}`);
  if (q.format !== undefined) conditions.push(inArray(c.subCategoryId, SUB_CATEGORIES.filter((s) => s.format === q.format).map((s) => s.id)));
  if (q.minPrize !== undefined) conditions.push(gte(c.costCents, q.minPrize));
  if (q.maxPrize !== undefined) conditions.push(lte(c.costCents, q.maxPrize));
  if (q.endingSoon) conditions.push(lte(c.endDate, new Date(now.getTime() + ENDING_SOON_MS)));
  return conditions;
}

/** The search's conditions on `contests`: `searchableContests`, then the words and filters. */
export function searchConditions(q: SearchContestsInput, now: Date): SQL[] {
  return [...searchableContests(), ...filterConditions(q, now, { vector: contestSearchVector, categoryId: contests.categoryId, subCategoryId: contests.subCategoryId, costCents: contests.costCents, endDate: contests.endDate })];
}

/**
 * The same on the search's narrow table (migration 0034), which holds only open public
 * contests: `searchableContests` is its trigger's own condition.
 */
function wordConditions(q: SearchContestsInput, now: Date): SQL[] {
  const t = openContestSearch;
  return filterConditions(q, now, { vector: openContestSearchVector, categoryId: t.categoryId, subCategoryId: t.subCategoryId, costCents: t.costCents, endDate: t.endDate });
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

async function searchByWords(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  const t = openContestSearch;
  const where = and(...wordConditions(q, now));
  // One more than the pages show, to know whether more match than the total says. Nested
  // selects rather than a WITH: the pool counts any statement that does not start with SELECT
  // as a write, which would hold the read caches back until its announcement arrives.
  const candidates = db
    .select({ id: sql<number>`${t.contestId}`.as('candidate_id'), endDate: sql<Date | null>`${t.endDate}`.as('candidate_end'), rank: sql<number>`ts_rank(${openContestSearchVector}, ${tsQuery(q.q)})`.as('candidate_rank') })
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
    .offset((q.page - 1) * SEARCH_PAGE_SIZE)
    .as('page');
  const rows = await db
    .select({ ...cardColumns(viewerId), matches: sql<number>`${page.matches}`.mapWith(Number) })
    .from(page)
    .innerJoin(contests, eq(contests.id, page.id))
    .orderBy(desc(page.rank), sql`${page.endDate} asc nulls last`, asc(page.id));
  const matches = rows[0]?.matches ?? (await countPastLastPage(db, q, db.select({ one: sql`1` }).from(t).where(where).limit(SEARCH_CANDIDATES + 1).as('m')));
  return { concours: rows.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total: Math.min(matches, SEARCH_CANDIDATES), totalCapped: matches > SEARCH_CANDIDATES };
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
