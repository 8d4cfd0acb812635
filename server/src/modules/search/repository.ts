/**
 * The French full-text search over open contests (docs/architecture.md §6). The vector is kept
 * on each contest by migration 0029 and copied with the open public ones into the search's narrow
 * table and its GIN index (migration 0034); the question is parsed by
 * `websearch_to_tsquery` with the same configuration (`fr`: French stemming, accents dropped),
 * so « logo boulangeries » finds « Logo pour une Boulangérie ». Paged by offset over a bounded
 * number of pages; the order (rank, then end date, then id) is total and the candidates ranked
 * are always the same ones, so no contest appears on two pages or on none.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ENDING_SOON_MS, SEARCH_PAGE_SIZE, SEARCH_WORDS_MAX_PAGE, SUB_CATEGORIES, type ContestSearchPage, type SearchContestsInput } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contests, openContestSearch, openContestSearchVector } from '../../db/schema';
import { cardColumns, NOBODY, toCard } from '../contests/repository';

const tsQuery = (q: string | Placeholder) => sql`websearch_to_tsquery('fr', ${q})`;

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

/**
 * The words and filters on the search's narrow table (migration 0034), which holds only what a
 * search may ever show: open contests that are public (a private contest is reached only by the
 * link its organiser shares, docs/product.md §3), as its trigger keeps them; in the order a
 * reader expects them.
 */
function wordConditions(v: FilterValues): SQL[] {
  const t = openContestSearch;
  const conditions: SQL[] = [];
  if (v.words !== undefined) conditions.push(sql`${openContestSearchVector} @@ ${tsQuery(v.words)}`);
  if (v.idCategory !== undefined) conditions.push(sql`${t.categoryId} = ${v.idCategory}`);
  if (v.format !== undefined) conditions.push(inArray(t.subCategoryId, SUB_CATEGORIES.filter((s) => s.format === v.format).map((s) => s.id)));
  if (v.minPrize !== undefined) conditions.push(gte(t.costCents, v.minPrize));
  if (v.maxPrize !== undefined) conditions.push(lte(t.costCents, v.maxPrize));
  if (v.endsBefore !== undefined) conditions.push(lte(t.endDate, v.endsBefore));
  return conditions;
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
 * The count of an empty page: past the last page no row carries it, so the narrow table's rows
 * under `where` are counted (up to `cap`); on the first page, empty means none. Built only then:
 * a page with rows carries its count.
 */
async function countPastLastPage(db: Db, q: SearchContestsInput, where: SQL | undefined, cap?: number): Promise<number> {
  if (q.page === 1) return 0;
  const rows = db.select({ one: sql`1` }).from(openContestSearch).where(where);
  const matching = (cap === undefined ? rows : rows.limit(cap)).as('m');
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
  const matches = found[0]?.matches ?? (await countPastLastPage(db, q, and(...wordConditions(v)), SEARCH_CANDIDATES + 1));
  return { concours: found.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total: Math.min(matches, SEARCH_CANDIDATES), totalCapped: matches > SEARCH_CANDIDATES };
}

/**
 * Open contests by their filters alone, ending sooner first, with their exact number: from the
 * narrow table, which holds only open public contests. On `contests`, whose end-date index also
 * holds private ones, every open contest was read in the wide table to count them: 40 ms for
 * the bench's 10 000 (a second from a cold cache), 6 ms here.
 */
async function listOpenContests(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  const t = openContestSearch;
  const where = and(...wordConditions(valuesOf(q, now)));
  const page = db
    .select({ id: t.contestId, endDate: t.endDate, total: sql<number>`count(*) over ()`.as('total') })
    .from(t)
    .where(where)
    .orderBy(sql`${t.endDate} asc nulls last`, asc(t.contestId))
    .limit(SEARCH_PAGE_SIZE)
    .offset((q.page - 1) * SEARCH_PAGE_SIZE)
    .as('page');
  const rows = await db
    .select({ ...cardColumns(viewerId), total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(contests, eq(contests.id, page.id))
    .orderBy(sql`${page.endDate} asc nulls last`, asc(page.id));
  const total = rows[0]?.total ?? (await countPastLastPage(db, q, where));
  return { concours: rows.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total, totalCapped: false };
}
