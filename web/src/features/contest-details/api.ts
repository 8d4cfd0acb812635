/** GET /concours/read/{id} (spec 2 §7): the brief a talent reads before taking part. */
import { useQuery } from '@tanstack/react-query';
import type { ContestDto } from '@creadefi/domain';
import { api } from '../../api/client';

/** Same key as the contests feature's, so that one read serves both and one invalidation refreshes both. */
export const contestDetailKey = (id: number) => ['contests', 'detail', id] as const;

export async function readContest(id: number, signal?: AbortSignal): Promise<ContestDto> {
  const answer = await api.get<{ concours: ContestDto }>(`/concours/read/${id}`, signal);
  return answer.results!.concours;
}

export function useContestDetails(id: number) {
  return useQuery({
    queryKey: contestDetailKey(id),
    queryFn: ({ signal }) => readContest(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A missing or forbidden contest does not appear by asking again.
    retry: false,
  });
}
