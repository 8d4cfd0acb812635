/** Calls of talent profiles, the talent list, invitations and polls. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvitableContestDto, PollDto, PollResultsDto, PollVoteDto, PollVoteInput, TalentListDto, TalentListQuery, TalentProfileDto } from '@creadefi/domain';
import { api } from '../../api/client';

export const talentKeys = {
  profile: (pseudo: string) => ['talents', 'profile', pseudo] as const,
  list: (q: Partial<TalentListQuery>) => ['talents', 'list', q] as const,
  invitable: (pseudo: string) => ['talents', 'invitable', pseudo] as const,
  poll: (token: string) => ['polls', token] as const,
  results: (token: string) => ['polls', token, 'results'] as const,
};

export function useTalentProfile(pseudo: string) {
  return useQuery({ queryKey: talentKeys.profile(pseudo), queryFn: async ({ signal }) => (await api.get<{ talent: TalentProfileDto }>(`/talents/${encodeURIComponent(pseudo)}`, signal)).results!.talent, retry: false });
}

export function useTalents(q: Partial<TalentListQuery>) {
  const params = new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return useQuery({ queryKey: talentKeys.list(q), queryFn: async ({ signal }) => (await api.get<TalentListDto>(`/talents?${params}`, signal)).results!, placeholderData: keepPreviousData });
}

export function useInvitableContests(pseudo: string, enabled: boolean) {
  return useQuery({
    queryKey: talentKeys.invitable(pseudo),
    queryFn: async ({ signal }) => (await api.get<{ contests: InvitableContestDto[] }>(`/talents/${encodeURIComponent(pseudo)}/invitable-contests`, signal)).results!.contests,
    enabled,
  });
}

export const inviteTalent = (idConcours: number, pseudo: string) => api.post<{ created: boolean }>('/talents/invitations', { idConcours, pseudo });

export function usePoll(token: string) {
  return useQuery({ queryKey: talentKeys.poll(token), queryFn: async ({ signal }) => (await api.get<{ poll: PollDto }>(`/polls/${token}`, signal)).results!.poll, retry: false });
}

export const votePoll = (token: string, input: PollVoteInput) => api.post<PollVoteDto>(`/polls/${token}/vote`, input);
export const confirmPollVote = (voteToken: string) => api.post<{ pollToken: string }>('/poll-votes/confirm', { token: voteToken });

export function usePollResults(token: string) {
  return useQuery({ queryKey: talentKeys.results(token), queryFn: async ({ signal }) => (await api.get<{ poll: PollResultsDto }>(`/polls/${token}/results`, signal)).results!.poll, retry: false });
}
