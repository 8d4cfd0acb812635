/**
 * Messaging and delivery calls (docs/architecture.md §10): the two conversation lists, one conversation,
 * sending a message, work files, final files and their validation, reporting.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FINAL_FILE_FIELD, MESSAGE_FILE_FIELD, type DisputeDto, type HandoverDto, type ConversationListPage, type MessageDto, type ReportInput } from '@creadefi/domain';
import { api } from '../../api/client';
import { liveKeys, useLiveConnected } from '../../api/events';
import { uploadForm, type UploadOptions } from '../../api/upload';
import type { Side } from './conversation-pages';
import { conversationQuery, isConversationId } from './conversation-query';

export type { Side };

/** Without live events a conversation still shows new messages within 20 seconds. */
const POLL_MS = 20_000;

const LIST_PATHS: Record<Side, string> = {
  organiser: '/message/read/byConcours',
  participant: '/message/read/byParticipation',
};

interface ConversationPageRequest {
  /** "Seulement les concours en cours": the server leaves finished and cancelled contests out. */
  enCours: boolean;
  /** The previous page's `suivant`; null for the first page. */
  apres: string | null;
}

async function readConversationPage(side: Side, request: ConversationPageRequest, signal?: AbortSignal): Promise<ConversationListPage> {
  const query = new URLSearchParams({ enCours: String(request.enCours) });
  if (request.apres) query.set('apres', request.apres);
  const answer = await api.get<ConversationListPage>(`${LIST_PATHS[side]}?${query}`, signal);
  return answer.results ?? { concours: [], suivant: null };
}

/**
 * One side's conversations, a page at a time. The switch is part of the key: each value has
 * its own pages. The key starts with liveKeys.conversationList(side), so a live event (or a
 * message sent) refetches every page loaded, from the first, with fresh cursors.
 */
export function useConversationPages(side: Side, enCours: boolean, enabled: boolean) {
  const connected = useLiveConnected();
  return useInfiniteQuery({
    queryKey: [...liveKeys.conversationList(side), { enCours }],
    queryFn: ({ pageParam, signal }) => readConversationPage(side, { enCours, apres: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.suivant,
    enabled,
    refetchInterval: connected ? false : POLL_MS,
  });
}

export function useConversation(idParticipation: number) {
  const connected = useLiveConnected();
  return useQuery({
    ...conversationQuery(idParticipation),
    enabled: isConversationId(idParticipation),
    refetchInterval: connected ? false : POLL_MS,
  });
}

export interface SentMessage {
  message: MessageDto;
  idParticipation: number;
}

export async function sendMessage(target: { idParticipation: number } | { idConcours: number }, message: string): Promise<SentMessage> {
  const answer = await api.post<SentMessage>('/message/create', { ...target, message });
  return answer.results!;
}

export async function uploadWorkFile(idParticipation: number, file: File, options: UploadOptions) {
  const form = new FormData();
  form.append(MESSAGE_FILE_FIELD, file, file.name);
  return uploadForm<{ message: MessageDto }>(`/message/add/file/${idParticipation}`, form, options);
}

/** The id goes in the address too, so a wrong sender is refused before any byte is read. */
export async function uploadFinalFile(idParticipation: number, file: File, options: UploadOptions) {
  const form = new FormData();
  form.append('idParticipation', String(idParticipation));
  form.append(FINAL_FILE_FIELD, file, file.name);
  return uploadForm(`/concours/participant/upload/finalFile?idParticipation=${idParticipation}`, form, options);
}

/** `portfolio` is sent only when the organiser switched it on: off is the default. */
export const validateFinalFiles = (idConcours: number, idParticipation: number, portfolio = false) =>
  api.post<never>('/concours/winner/final', { idConcours, idParticipation, ...(portfolio ? { portfolio: true } : {}) });

export const openDispute = (idParticipation: number, reason: string) => api.post<{ dispute: DisputeDto }>(`/participation/${idParticipation}/dispute`, { reason });

export const reportParticipation = (idParticipation: number, input: ReportInput) => api.post<never>(`/participation/report/${idParticipation}`, input);

export const acceptMission = (idParticipation: number) => api.post<never>('/concours/winner/accept', { idParticipation });

export const replaceWinner = (idParticipation: number, idParticipationNew: number) => api.post<never>('/concours/winner/replace', { idParticipation, idParticipationNew });

/**
 * The handover of a validated delivery (docs/decisions/0013). Its documents are generated
 * just after the validation: while they are, the answer says `ready: false` and the page asks
 * again every 2 s. The key sits under the conversation's, so the conversation's live events
 * refresh it too.
 */
export function useHandover(idParticipation: number, enabled: boolean) {
  return useQuery({
    queryKey: [...liveKeys.conversation(idParticipation), 'handover'],
    queryFn: async ({ signal }) => (await api.get<{ handover: HandoverDto }>(`/participation/${idParticipation}/handover`, signal)).results!.handover,
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data && !query.state.data.ready ? 2000 : POLL_MS),
  });
}

export const acceptContract = (idParticipation: number) => api.post<{ handover: HandoverDto }>(`/participation/${idParticipation}/contract/accept`);
