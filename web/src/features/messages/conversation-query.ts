/**
 * GET /message/readByParticipant/{id}: one conversation, read by its page and started by its
 * route (router.tsx) as soon as the address is known, so that it travels with the page's code.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ConversationDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { FRESH_MS } from '../../api/contest';
import { liveKeys } from '../../api/events';

async function readConversation(idParticipation: number, signal?: AbortSignal): Promise<ConversationDto> {
  const answer = await api.get<{ participation: ConversationDto }>(`/message/readByParticipant/${idParticipation}`, signal);
  return answer.results!.participation;
}

export const isConversationId = (id: number) => Number.isInteger(id) && id > 0;

export const conversationQuery = (idParticipation: number) =>
  queryOptions({
    queryKey: liveKeys.conversation(idParticipation),
    queryFn: ({ signal }) => readConversation(idParticipation, signal),
    retry: false,
    // The page that mounts just after its route read the conversation takes it as it is; live
    // events and the page's polling refresh it.
    staleTime: FRESH_MS,
  });

export function prefetchConversation(queryClient: QueryClient, idParticipation: number): Promise<void> {
  return isConversationId(idParticipation) ? queryClient.prefetchQuery(conversationQuery(idParticipation)) : Promise.resolve();
}
