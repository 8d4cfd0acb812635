/** The « Membres » tab's calls: the search, a member's file, suspension and reinstatement. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMemberDetail, AdminMembersPage } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ADMIN_PAGE_SIZE } from './api';

export function useAdminMembers(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', q, page],
    queryFn: async ({ signal }) =>
      (await api.get<AdminMembersPage>(`/admin/members?${new URLSearchParams({ q, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) })}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: async ({ signal }) => (await api.get<AdminMemberDetail>(`/admin/members/${id}`, signal)).results!,
  });
}

export type MemberDecision = 'suspend' | 'reinstate';

export function useMemberDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: MemberDecision; reason: string }) => api.post<never>(`/admin/members/${id}/${decision}`, { reason }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    // The reports queue, the search and the journal all show what changed (or what another admin did first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
