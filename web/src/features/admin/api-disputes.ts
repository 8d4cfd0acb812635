/** The disputes queue's calls (docs/product.md §2, disputes). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDisputesPage, DisputeStatus, ResolveDisputeInput } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import { ADMIN_PAGE_SIZE } from './api';

export function useAdminDisputes(status: DisputeStatus, page: number) {
  return useQuery({
    queryKey: ['admin', 'disputes', status, page] as const,
    queryFn: async ({ signal }) =>
      (await api.get<AdminDisputesPage>(`/admin/disputes?${new URLSearchParams({ status, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) })}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ResolveDisputeInput & { id: number }) => api.post<never>(`/admin/disputes/${id}/resolve`, input),
    onSuccess: (answer) => notifySuccess(answer.message),
    // A 409 means another admin (or the organiser) settled it first: the queue is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
