/**
 * Messaging and delivery calls (spec 2 §7): the two conversation lists, one conversation,
 * sending a message, work files, final files and their validation, reporting.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { FINAL_FILE_FIELD, MESSAGE_FILE_FIELD, type ConversationDto, type ConversationGroupDto, type MessageDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { liveKeys, useLiveConnected } from '../../api/events';
import { uploadForm, type UploadOptions } from '../../api/upload';

export type Side = 'organiser' | 'participant';

/** Without live events a conversation still shows new messages within 20 seconds. */
export const POLL_MS = 20_000;

const LIST_PATHS: Record<Side, string> = {
  organiser: '/message/read/byConcours',
  participant: '/message/read/byParticipation',
};

export async function readConversationList(side: Side, signal?: AbortSignal): Promise<ConversationGroupDto[]> {
  const answer = await api.get<{ concours: ConversationGroupDto[] }>(LIST_PATHS[side], signal);
  return answer.results?.concours ?? [];
}

/** The lists of the sides asked for ("Tout" asks both). */
export function useConversationLists(sides: readonly Side[]) {
  const connected = useLiveConnected();
  return useQueries({
    queries: sides.map((side) => ({
      queryKey: liveKeys.conversationList(side),
      queryFn: ({ signal }: { signal: AbortSignal }) => readConversationList(side, signal),
      refetchInterval: connected ? (false as const) : POLL_MS,
    })),
  });
}

export async function readConversation(idParticipation: number, signal?: AbortSignal): Promise<ConversationDto> {
  const answer = await api.get<{ participation: ConversationDto }>(`/message/readByParticipant/${idParticipation}`, signal);
  return answer.results!.participation;
}

export function useConversation(idParticipation: number) {
  const connected = useLiveConnected();
  return useQuery({
    queryKey: liveKeys.conversation(idParticipation),
    queryFn: ({ signal }) => readConversation(idParticipation, signal),
    enabled: Number.isInteger(idParticipation) && idParticipation > 0,
    retry: false,
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

export const validateFinalFiles = (idConcours: number, idParticipation: number) => api.post<never>('/concours/winner/final', { idConcours, idParticipation });

export const reportParticipation = (idParticipation: number) => api.get<never>(`/participation/report/${idParticipation}`);
