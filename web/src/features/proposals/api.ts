/**
 * The organiser's judging calls (docs/architecture.md §10): the paged proposals with their counts, the
 * winners, stars, reports, adding and removing winners, and finalising. Stars and winners
 * change on screen at once and come back if the server refuses (TanStack Query optimistic
 * updates).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { CONTEST_STATUS, type CommentInput, type ParticipationDto, type PollSummaryDto, type ProposalComment, type ProposalFilter, type ProposalsPage, type ReportInput } from '@creadefi/domain';
import { api, getToken } from '../../api/client';
import { FRESH_MS } from '../../api/contest';
import { apiErrorFrom } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';

export const PROPOSALS_PAGE_SIZE = 12;

const proposalKeys = {
  all: (idConcours: number) => ['proposals', idConcours] as const,
  pages: (idConcours: number) => ['proposals', idConcours, 'page'] as const,
  page: (idConcours: number, filter: ProposalFilter, page: number) => ['proposals', idConcours, 'page', filter, page] as const,
  winners: (idConcours: number) => ['proposals', idConcours, 'winners'] as const,
};

async function readProposals(idConcours: number, filter: ProposalFilter, page: number, signal?: AbortSignal): Promise<ProposalsPage> {
  const query = new URLSearchParams({ filtre: filter, page: String(page), pageSize: String(PROPOSALS_PAGE_SIZE) });
  const answer = await api.get<ProposalsPage>(`/concours/${idConcours}/participations?${query}`, signal);
  return answer.results!;
}

export const proposalsQuery = (idConcours: number, filter: ProposalFilter, page: number) =>
  queryOptions({
    queryKey: proposalKeys.page(idConcours, filter, page),
    queryFn: ({ signal }) => readProposals(idConcours, filter, page, signal),
    retry: false,
    // The page that mounts just after its route read them takes them as they are.
    staleTime: FRESH_MS,
  });

export function useProposals(idConcours: number, filter: ProposalFilter, page: number, enabled: boolean) {
  return useQuery({
    ...proposalsQuery(idConcours, filter, page),
    enabled,
    // A file whose marked preview is being made shows once it is ready, without a reload.
    refetchInterval: (query) => (query.state.data?.participations.some((p) => p.fileParticipants.some((f) => f.previewStatus === 'pending')) ? 3000 : false),
    // The cards stay while the next page of the same filter loads; another filter starts clean.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === filter ? keepPreviousData(previous) : undefined),
  });
}

async function readWinners(idConcours: number, signal?: AbortSignal): Promise<ParticipationDto[]> {
  const answer = await api.get<{ concours: { participations?: ParticipationDto[] } | null }>(`/concours/readAll/winner/${idConcours}`, signal);
  return answer.results?.concours?.participations ?? [];
}

export const winnersQuery = (idConcours: number) =>
  queryOptions({ queryKey: proposalKeys.winners(idConcours), queryFn: ({ signal }) => readWinners(idConcours, signal), retry: false, staleTime: FRESH_MS });

export function useWinners(idConcours: number, enabled: boolean) {
  return useQuery({ ...winnersQuery(idConcours), enabled });
}

/** Whether the proposals page shows the organiser's polls: once the contest is open. */
export const hasPolls = (status: number) => status >= CONTEST_STATUS.open;

/** The organiser's polls over this contest's proposals (PollsPanel). */
export const pollsQuery = (idConcours: number) =>
  queryOptions({
    queryKey: ['polls', 'contest', idConcours] as const,
    queryFn: async ({ signal }) => (await api.get<{ polls: PollSummaryDto[] }>(`/concours/${idConcours}/polls`, signal)).results!.polls,
    staleTime: FRESH_MS,
  });

const rateProposal = (idParticipation: number, stars: number) => api.post<never>('/participation/stars/update', { idParticipation, stars });
const reportProposal = (idParticipation: number, input: ReportInput) => api.post<never>(`/participation/report/${idParticipation}`, input);
const addWinner = (idParticipationWinner: number, idConcours: number) => api.post<never>('/concours/winner/add', { idParticipationWinner, idConcours });
const removeWinner = (idParticipationWinner: number, idConcours: number) => api.post<never>('/concours/winner/delete', { idParticipationWinner, idConcours });

/** Finalising with more winners than prizes paid: the server names what is still due (docs/product.md §3). */
export class ExtraPrizesDue extends Error {
  constructor(
    message: string,
    readonly extraPrizes: number | null,
    /** cents */
    readonly amount: number | null,
  ) {
    super(message);
    this.name = 'ExtraPrizesDue';
  }
}

/**
 * POST /concours/winner/prefinal. A 402 carries `results { extraPrizes, amount }` beside the
 * error text, which the shared client drops; this call reads the answer itself.
 */
export async function finaliseContest(idConcours: number): Promise<string | undefined> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch('/api/concours/winner/prefinal', { method: 'POST', headers, body: JSON.stringify({ idConcours }) });
  } catch {
    throw apiErrorFrom(0, null);
  }
  const data = (await res.json().catch(() => null)) as { message?: unknown; results?: { extraPrizes?: number; amount?: number } } | null;
  if (res.status === 402) {
    const error = apiErrorFrom(402, data);
    throw new ExtraPrizesDue(error.message, data?.results?.extraPrizes ?? null, data?.results?.amount ?? null);
  }
  if (!res.ok) throw apiErrorFrom(res.status, data);
  return typeof data?.message === 'string' ? data.message : undefined;
}

type Snapshot = [QueryKey, unknown][];

function snapshot(queryClient: QueryClient, idConcours: number): Snapshot {
  return queryClient.getQueriesData({ queryKey: proposalKeys.all(idConcours) });
}

function restore(queryClient: QueryClient, saved: Snapshot | undefined) {
  saved?.forEach(([key, data]) => queryClient.setQueryData(key, data));
}

/** Applies a change to one participation wherever it is shown: every cached page and the winners. */
function patchParticipation(queryClient: QueryClient, idConcours: number, id: number, change: (p: ParticipationDto) => ParticipationDto) {
  queryClient.setQueriesData<ProposalsPage>({ queryKey: proposalKeys.pages(idConcours) }, (page) =>
    page ? { ...page, participations: page.participations.map((p) => (p.id === id ? change(p) : p)) } : page,
  );
  queryClient.setQueryData<ParticipationDto[]>(proposalKeys.winners(idConcours), (list) => list?.map((p) => (p.id === id ? change(p) : p)));
}

export function useRateProposal(idConcours: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stars }: { id: number; stars: number }) => rateProposal(id, stars),
    onMutate: async ({ id, stars }) => {
      await queryClient.cancelQueries({ queryKey: proposalKeys.all(idConcours) });
      const saved = snapshot(queryClient, idConcours);
      patchParticipation(queryClient, idConcours, id, (p) => ({ ...p, stars }));
      return { saved };
    },
    onError: (error, _vars, context) => {
      restore(queryClient, context?.saved);
      notifyError(error);
    },
    onSuccess: (answer) => notifySuccess(answer.message),
    // The filters' counts and the star filters' contents follow the new note.
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.pages(idConcours) }),
  });
}

export function useToggleWinner(idConcours: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participation, winner }: { participation: ParticipationDto; winner: boolean }) =>
      winner ? addWinner(participation.id, idConcours) : removeWinner(participation.id, idConcours),
    onMutate: async ({ participation, winner }) => {
      await queryClient.cancelQueries({ queryKey: proposalKeys.all(idConcours) });
      const saved = snapshot(queryClient, idConcours);
      patchParticipation(queryClient, idConcours, participation.id, (p) => ({ ...p, isWinner: winner }));
      queryClient.setQueryData<ParticipationDto[]>(proposalKeys.winners(idConcours), (list = []) =>
        winner ? (list.some((p) => p.id === participation.id) ? list : [...list, { ...participation, isWinner: true }]) : list.filter((p) => p.id !== participation.id),
      );
      return { saved };
    },
    onError: (error, _vars, context) => {
      restore(queryClient, context?.saved);
      notifyError(error);
    },
    onSuccess: (answer) => notifySuccess(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: proposalKeys.all(idConcours) }),
  });
}

export function useReportProposal(idConcours: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReportInput }) => reportProposal(id, input),
    onSuccess: (answer, { id }) => {
      notifySuccess(answer.message);
      patchParticipation(queryClient, idConcours, id, (p) => ({ ...p, reported: true }));
    },
    onError: notifyError,
  });
}

const commentProposal = (input: CommentInput) => api.post<{ comment: ProposalComment }>('/participation/comment', input);

/** The organiser's private comment: shown on the card and in the viewer once the server stored it. */
export function useCommentProposal(idConcours: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commentProposal,
    onSuccess: (answer, { idParticipation }) => {
      notifySuccess(answer.message);
      const comment = answer.results?.comment ?? null;
      if (comment) patchParticipation(queryClient, idConcours, idParticipation, (p) => ({ ...p, comment }));
      // My contests counts the proposals still awaiting an answer.
      void queryClient.invalidateQueries({ queryKey: ['my-contests'] });
    },
    onError: notifyError,
  });
}
