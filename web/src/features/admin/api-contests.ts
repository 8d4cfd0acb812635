/** The « Concours » tab's calls: search, a contest's detail, and the actions on it. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminContestDetail, AdminContestsPage } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifySuccess } from '../../ui/feedback';
import { ADMIN_PAGE_SIZE } from './api';

export interface ContestSearch {
  q: string;
  status: string;
  page: number;
}

export function useAdminContests(search: ContestSearch) {
  const params = new URLSearchParams({ q: search.q, page: String(search.page), pageSize: String(ADMIN_PAGE_SIZE) });
  if (search.status) params.set('status', search.status);
  return useQuery({
    queryKey: ['admin', 'contests', search],
    queryFn: async ({ signal }) => (await api.get<AdminContestsPage>(`/admin/contests?${params}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export function useAdminContest(id: number) {
  return useQuery({
    queryKey: ['admin', 'contest', id],
    queryFn: async ({ signal }) => (await api.get<{ contest: AdminContestDetail }>(`/admin/contests/${id}`, signal)).results!.contest,
  });
}

export type ContestAction = { kind: 'extend'; endDate: string } | { kind: 'advance' } | { kind: 'refund' };

/** The refusal stays in the dialog, beside what the admin may correct. */
export function useContestAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: ContestAction; reason: string }) =>
      api.post<never>(`/admin/contests/${id}/${action.kind}`, action.kind === 'extend' ? { endDate: action.endDate, reason } : { reason }),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
