/**
 * GET /concours/read/{id}: one contest with its brief, read by the details page, the edit
 * page, the proposals page and the wizard's payment step. One key for all of them, so that
 * one read serves every page and one invalidation refreshes every page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestDto } from '@creadefi/domain';
import { api } from './client';

/** The root of every contest query, lists and details alike. */
export const CONTESTS_KEY = ['contests'] as const;

export const contestDetailKey = (id: number) => [...CONTESTS_KEY, 'detail', id] as const;

/** How long an answer counts as current: long enough to span a page's loading on a slow phone, short enough not to show an old contest. */
export const FRESH_MS = 10_000;

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
