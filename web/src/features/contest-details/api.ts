/** GET /concours/read/{id} (spec 2 §7): the brief a talent reads before taking part. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ContestDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { FRESH_MS } from '../contests/api/list-contests';

/** Same key as the contests feature's, so that one read serves both and one invalidation refreshes both. */
export const contestDetailKey = (id: number) => ['contests', 'detail', id] as const;

export async function readContest(id: number, signal?: AbortSignal): Promise<ContestDto> {
  const answer = await api.get<{ concours: ContestDto }>(`/concours/read/${id}`, signal);
  return answer.results!.concours;
}

export const isContestId = (id: number) => Number.isInteger(id) && id > 0;

export const contestDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: contestDetailKey(id),
    queryFn: ({ signal }) => readContest(id, signal),
    // A missing or forbidden contest does not appear by asking again.
    retry: false,
    // The page that mounts just after its route fetched the contest takes it as it is.
    staleTime: FRESH_MS,
  });

export function useContestDetails(id: number) {
  return useQuery({ ...contestDetailsQuery(id), enabled: isContestId(id) });
}

/**
 * Started by the route (router.tsx) as soon as the address is known, so that the contest
 * travels with the page's code and the member's profile instead of after them.
 */
export function prefetchContestDetails(queryClient: QueryClient, id: number): void {
  if (isContestId(id)) void queryClient.prefetchQuery(contestDetailsQuery(id));
}
