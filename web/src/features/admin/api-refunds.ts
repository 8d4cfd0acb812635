/** The admin area's refund calls: the queue of refund requests and its decisions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRefundRequestsPage } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ADMIN_PAGE_SIZE } from './api';

export function useRefundRequests(page: number) {
  return useQuery({
    queryKey: ['admin', 'refund-requests', page] as const,
    queryFn: async ({ signal }) =>
      (await api.get<AdminRefundRequestsPage>(`/admin/refund-requests?${new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) })}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export type RefundDecision = 'approve' | 'reject';

export function useDecideRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: RefundDecision; reason: string }) => api.post<never>(`/admin/refund-requests/${id}/${decision}`, { reason }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    // A 409 means another admin decided first: the queue is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
