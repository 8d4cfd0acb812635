/**
 * The French full-text search over open contests (docs/architecture.md §6). The vector and its
 * GIN index over open contests are kept by migration 0029; the question is parsed by
 * `websearch_to_tsquery` with the same configuration (`fr`: French stemming, accents dropped),
 * so « logo boulangeries » finds « Logo pour une Boulangérie ». Paged by offset over a bounded
 * number of pages; the order (rank, then end date, then id) is total, so no contest appears on
 * two pages or on none.
 */
import { and, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { CONTEST_STATUS, ENDING_SOON_MS, SEARCH_PAGE_SIZE, SUB_CATEGORIES, type ContestSearchPage, type SearchContestsInput } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { contests, contestSearchVector } from '../../db/schema';
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

/** The search's conditions beyond `searchableContests`, in the order a reader expects them. */
export function searchConditions(q: SearchContestsInput, now: Date): SQL[] {
  const conditions: SQL[] = [...searchableContests()];
  if (q.q !== '') conditions.push(sql`${contestSearchVector} @@ ${tsQuery(q.q)}`);
  if (q.idCategory !== undefined) conditions.push(sql`${contests.categoryId} = ${q.idCategory}`);
  if (q.format !== undefined) conditions.push(inArray(contests.subCategoryId, SUB_CATEGORIES.filter((s) => s.format === q.format).map((s) => s.id)));
  if (q.minPrize !== undefined) conditions.push(gte(contests.costCents, q.minPrize));
  if (q.maxPrize !== undefined) conditions.push(lte(contests.costCents, q.maxPrize));
  if (q.endingSoon) conditions.push(lte(contests.endDate, new Date(now.getTime() + ENDING_SOON_MS)));
  return conditions;
}

/**
 * One page of open contests matching `q`, best rank first (contests ending sooner first on a
 * tie), as `viewerId` sees them. The total rides along with the rows.
 */
export async function searchOpenContests(db: Db, viewerId: number, q: SearchContestsInput, now: Date): Promise<ContestSearchPage> {
  const where = and(...searchConditions(q, now));
  const order = [
    ...(q.q !== '' ? [sql`ts_rank(${contestSearchVector}, ${tsQuery(q.q)}) desc`] : []),
    sql`${contests.endDate} asc nulls last`,
    sql`${contests.id} asc`,
  ];
  const rows = await db
    .select({ ...cardColumns(viewerId), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(contests)
    .where(where)
    .orderBy(...order)
    .limit(SEARCH_PAGE_SIZE)
    .offset((q.page - 1) * SEARCH_PAGE_SIZE);
  // Past the last page there is no row to carry the total.
  const total =
    rows[0]?.total ??
    (q.page === 1
      ? 0
      : Number(
          (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contests).where(where))[0]?.n ?? 0,
        ));
  return { concours: rows.map(toCard), page: q.page, pageSize: SEARCH_PAGE_SIZE, total };
}
