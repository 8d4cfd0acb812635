/** POST /concours/update (docs/architecture.md §10): the organiser rewrites the brief of their contest. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateContestInput } from '@creadefi/domain';
import { api } from '../../../api/client';
import { contestDetailKey } from '../../../api/contest';
import { contestKeys } from './list-contests';

const updateContest = (body: UpdateContestInput) => api.post<never>('/concours/update', body);

export function useUpdateContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContest,
    // The listing cards show the company name and the message: both may have changed.
    onSuccess: (_answer, body) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: contestDetailKey(body.idConcours) }), queryClient.invalidateQueries({ queryKey: contestKeys.lists() })]),
  });
}
