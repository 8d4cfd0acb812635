/** The organiser's way out of a contest without a winner: its state, the extension, the refund request. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTEST_STATUS, type WayOutDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { FRESH_MS } from '../../api/contest';
import { notifySuccess } from '../../ui/feedback';

const wayOutKey = (idConcours: number) => ['way-out', idConcours] as const;

/** Whether the page asks for the way out: while the contest runs, awaits its winner or is closed (the server says whether it is shown). */
export const hasWayOut = (status: number) => status === CONTEST_STATUS.open || status === CONTEST_STATUS.awaitingWinner || status === CONTEST_STATUS.cancelled;

export const wayOutQuery = (idConcours: number) =>
  queryOptions({
    queryKey: wayOutKey(idConcours),
    queryFn: async ({ signal }) => (await api.get<{ wayOut: WayOutDto }>(`/concours/${idConcours}/way-out`, signal)).results!.wayOut,
    staleTime: FRESH_MS,
  });

export function useWayOut(idConcours: number, enabled: boolean) {
  return useQuery({ ...wayOutQuery(idConcours), enabled });
}

/** Errors are shown in the dialog that asked (DialogActions), not as a toast. */
function useWayOutAction<T>(idConcours: number, call: (input: T) => Promise<{ message?: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => answer.message && notifySuccess(answer.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: wayOutKey(idConcours) });
      // The contest's status changes with an extension: the page's banner reads it again.
      await queryClient.invalidateQueries({ queryKey: ['proposals', idConcours] });
    },
  });
}

export const useExtendContest = (idConcours: number) => useWayOutAction<void>(idConcours, () => api.post<never>(`/concours/${idConcours}/extend`));

export const useRequestRefund = (idConcours: number) =>
  useWayOutAction<{ message: string }>(idConcours, ({ message }) => api.post<never>(`/concours/${idConcours}/refund-request`, { message: message.trim() || null }));
