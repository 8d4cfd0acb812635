/**
 * POST /concours/orderBy/any (docs/architecture.md §10): one page of open contests, sorted and optionally
 * filtered by category or sub-category. The server pages in SQL and answers the total.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestPage, ContestSort } from '@creadefi/domain';
import { apiFetch } from '../../../api/client';
import { CONTESTS_KEY, FRESH_MS } from '../../../api/contest';

export interface ListContestsParams {
  selector: ContestSort;
  orderedBy: 'ASC' | 'DESC';
  idCategory?: number;
  idSubCategory?: number;
  page: number;
  pageSize: number;
}

export const contestKeys = {
  lists: () => [...CONTESTS_KEY, 'list'] as const,
  list: (params: ListContestsParams) => [...contestKeys.lists(), params] as const,
};

async function listContests(params: ListContestsParams, signal?: AbortSignal): Promise<ContestPage> {
  const { results } = await apiFetch<ContestPage>('/concours/orderBy/any', { method: 'POST', body: params, signal });
  return results ?? { concours: [], page: params.page, pageSize: params.pageSize, total: 0 };
}

/** One page of the listing, as the page reads it and as its route starts it early (listing-route.ts). */
export const contestsQuery = (params: ListContestsParams) =>
  queryOptions({
    queryKey: contestKeys.list(params),
    queryFn: ({ signal }) => listContests(params, signal),
    // The page that mounts just after its route fetched the cards takes them as they are
    // rather than asking again at once (changes invalidate the lists explicitly).
    staleTime: FRESH_MS,
  });

export function useContests(params: ListContestsParams) {
  return useQuery({
    ...contestsQuery(params),
    // Keeps the current cards on screen while the next page or sort loads, but only within
    // the same category: another category's cards under a new heading would mislead.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as ListContestsParams | undefined;
      return before && before.idCategory === params.idCategory && before.idSubCategory === params.idSubCategory ? keepPreviousData(previous) : undefined;
    },
  });
}
