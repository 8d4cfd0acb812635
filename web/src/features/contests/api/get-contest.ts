/** GET /concours/read/{id} (spec 2 §7): one contest with its brief, for the edit page. */
import { useQuery } from '@tanstack/react-query';
import type { ContestDto } from '@creadefi/domain';
import { api } from '../../../api/client';
import { contestKeys } from './list-contests';

export async function getContest(id: number, signal?: AbortSignal): Promise<ContestDto> {
  const { results } = await api.get<{ concours: ContestDto }>(`/concours/read/${id}`, signal);
  return results!.concours;
}

export function useContest(id: number) {
  return useQuery({
    queryKey: contestKeys.detail(id),
    queryFn: ({ signal }) => getContest(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // A missing or forbidden contest will not appear by asking again.
    retry: false,
  });
}
