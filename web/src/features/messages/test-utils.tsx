/** Builders of the messaging answers for component tests. */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@creadefi/domain';
import type { ConversationDto, ConversationGroupDto, ConversationListPage, ConversationSummaryDto, FileDto, MessageDto } from '@creadefi/domain';
import { afterEach } from 'vitest';
import { resetLiveEventsForTests } from '../../api/events';
import type { ApiRoutes } from '../../test/render';

// Mantine's autosizing Textarea listens to font loading, which happy-dom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

afterEach(() => resetLiveEventsForTests());

/** The live stream refuses the test token: the pages then fall back to polling, without retries. */
export const noLiveEvents: ApiRoutes = { 'GET /api/events': { status: 401, body: { message: { message: 'Non connecté', code: 401 } } } };

/** The activity follows the last message unless given. */
export function buildSummary(overrides: Partial<ConversationSummaryDto> = {}): ConversationSummaryDto {
  const lastMessage = overrides.lastMessage === undefined ? { message: 'Bonjour, voici ma proposition', createdAt: new Date().toISOString(), type: 1 } : overrides.lastMessage;
  return {
    idParticipation: 40,
    counterpart: { id: 3, pseudo: 'lea' },
    role: 'organiser',
    isWinner: false,
    unread: 0,
    activityAt: lastMessage?.createdAt ?? new Date().toISOString(),
    ...overrides,
    lastMessage,
  };
}

/** One page of a conversation list, as the server answers it. */
export function buildPage(concours: ConversationGroupDto[], suivant: string | null = null): { results: ConversationListPage } {
  return { results: { concours, suivant } };
}

export function buildGroup(overrides: Partial<ConversationGroupDto> = {}): ConversationGroupDto {
  return {
    id: 7,
    status: 2,
    companyName: 'Boulangerie Dupain',
    subCategory: { id: 1, name: 'Logo' },
    conversations: [buildSummary()],
    ...overrides,
  };
}

export function buildFile(overrides: Partial<FileDto> = {}): FileDto {
  const id = overrides.id ?? 500;
  return {
    id,
    filename: `fichier-${id}.pdf`,
    filepath: `/api/files/${id}`,
    preview: null,
    inline: null,
    inlineMime: null,
    previewStatus: null,
    waveform: null,
    mime: 'application/pdf',
    size: 120_000,
    kind: 'work',
    isFinalFile: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

let nextId = 1;
export function buildMessage(overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id: nextId++,
    message: 'Bonjour',
    createdAt: new Date().toISOString(),
    type: 1,
    isConcoureurMessage: false,
    isMine: false,
    authorId: 3,
    file: null,
    ...overrides,
  };
}

export function buildConversation(overrides: Partial<ConversationDto> & { status?: number } = {}): ConversationDto {
  const { status = 2, ...rest } = overrides;
  return {
    id: 40,
    role: 'organiser',
    isWinner: false,
    finalSentAt: null,
    finalValidatedAt: null,
    concour: {
      id: 7,
      status,
      isPrivate: false,
      companyName: 'Boulangerie Dupain',
      endDate: new Date(Date.now() + 2 * DAY_MS + 4 * HOUR_MS + 2 * MINUTE_MS).toISOString(),
      idConcoureur: 1,
      cost: 24000,
      gain: 19200,
      subCategory: { id: 1, name: 'Logo', format: 1 },
    },
    User: { id: 3, pseudo: 'lea' },
    messages: [],
    fileParticipants: { participantFile: [], workFile: [], finalFile: [] },
    mission: null,
    can: { send: true, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false },
    dispute: null,
    ...rest,
  };
}
