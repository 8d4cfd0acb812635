/** The admin area's calls: the reports queue, a report's dismissal, the audit log. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminActionsPage, AdminReportsPage } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';

export const ADMIN_PAGE_SIZE = 20;

const adminKeys = {
  reports: (page: number) => ['admin', 'reports', page] as const,
  actions: (page: number) => ['admin', 'actions', page] as const,
};

const pageQuery = (page: number) => new URLSearchParams({ page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });

export function useAdminReports(page: number) {
  return useQuery({
    queryKey: adminKeys.reports(page),
    queryFn: async ({ signal }) => (await api.get<AdminReportsPage>(`/admin/reports?${pageQuery(page)}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export function useAdminActions(page: number) {
  return useQuery({
    queryKey: adminKeys.actions(page),
    queryFn: async ({ signal }) => (await api.get<AdminActionsPage>(`/admin/actions?${pageQuery(page)}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export type ReportDecision = 'dismiss' | 'withdraw';

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: ReportDecision; reason: string }) => api.post<never>(`/admin/reports/${id}/${decision}`, { reason }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    // A 409 means another admin decided first: the queue is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
