/** Messaging, delivery, notifications and wallet payloads and answers (docs/architecture.md §10). */
import { z } from 'zod';
import type { DisputeDto } from './disputes';
import { whenMissing } from '../validation';
import { MESSAGING, WALLET } from '../messages/messaging';
import { isValidIban, normaliseIban } from '../iban';
import type { FileDto } from './participations';
import type { MissionDto } from './winners';
import { MESSAGE_MAX } from '../form-values';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /message/create: to a participation, or to a contest (an empty participation is created first). */
export const createMessageSchema = z
  .object({
    idParticipation: id.optional().nullable(),
    idConcours: id.optional().nullable(),
    message: z.string({ error: MESSAGING.messageRequired }).trim().min(1, MESSAGING.messageRequired).max(MESSAGE_MAX, MESSAGING.messageTooLong),
  })
  .refine((v) => v.idParticipation || v.idConcours, { message: MESSAGING.messageRequired, path: ['idParticipation'] });

/** `portfolio`: the organiser lets the work appear in the talent's portfolio (off unless said). */
export const finalValidationSchema = z.object({ idConcours: id, idParticipation: id, portfolio: z.boolean().optional() });

export const bankDetailsSchema = z.object({
  name: z.string({ error: whenMissing(WALLET.holderRequired) }).trim().min(1, WALLET.holderRequired).max(120),
  iban: z
    .string({ error: WALLET.ibanRequired })
    .min(1, WALLET.ibanRequired)
    .transform(normaliseIban)
    .refine(isValidIban, WALLET.ibanInvalid),
});

/** POST /wallet/transfer: the client's key makes a repeated click one payout. */
export const transferSchema = z.object({ idempotencyKey: z.string().trim().min(8).max(80).optional() });

/** A page of the conversation lists: enough to fill a phone screen a few times over. */
export const CONVERSATIONS_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_MAX = 100;

/**
 * GET /message/read/byConcours and /byParticipation. `enCours` is the page's "Seulement les
 * concours en cours" switch, applied by the server so that a page is never emptied by it;
 * `apres` is the `suivant` of the previous page, opaque to the client (its content is
 * checked by the server).
 */
export const conversationsQuery = z.object({
  enCours: z.stringbool({ truthy: ['true'], falsy: ['false'], error: MESSAGING.badListQuery }).default(false),
  pageSize: z.coerce
    .number({ error: MESSAGING.badListQuery })
    .int(MESSAGING.badListQuery)
    .min(1, MESSAGING.badListQuery)
    .max(CONVERSATIONS_PAGE_MAX, MESSAGING.badListQuery)
    .default(CONVERSATIONS_PAGE_SIZE),
  apres: z.string({ error: MESSAGING.badCursor }).regex(/^[A-Za-z0-9_-]{1,200}$/, MESSAGING.badCursor).optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuery>;

/**
 * GET /events?token=: EventSource cannot send headers, so the session token may travel here.
 */
export const eventsQuery = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/).optional() });

export const notificationsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(20) });
export const markReadSchema = z.object({ ids: z.array(id).max(200).optional(), all: z.boolean().optional() });

export interface MessageDto {
  id: number;
  message: string;
  createdAt: string;
  /** 1 normal, 2 system */
  type: number;
  isConcoureurMessage: boolean;
  /** The viewer wrote it: bubble on the right. */
  isMine: boolean;
  authorId: number | null;
  file: FileDto | null;
}

/** One conversation line of /messages. */
export interface ConversationSummaryDto {
  idParticipation: number;
  counterpart: { id: number; pseudo: string | null };
  role: 'organiser' | 'participant';
  isWinner: boolean;
  lastMessage: { message: string; createdAt: string; type: number } | null;
  unread: number;
  /** What the lists are ordered by: the last message's time, or the proposal's while no message exists. */
  activityAt: string;
}

/** One contest's conversations within a page of the lists. */
export interface ConversationGroupDto {
  id: number;
  status: number;
  companyName: string;
  subCategory: { id: number; name: string };
  conversations: ConversationSummaryDto[];
}

/**
 * GET /message/read/byConcours and /byParticipation → results: one page of conversations,
 * most recent activity first, grouped by contest in that order. A contest whose
 * conversations span two pages comes in both, each with its own part. `suivant` is the
 * `apres` of the next page, null on the last one.
 */
export interface ConversationListPage {
  concours: ConversationGroupDto[];
  suivant: string | null;
}

/** GET /message/readByParticipant/{idParticipation} → results.participation */
export interface ConversationDto {
  id: number;
  role: 'organiser' | 'participant';
  isWinner: boolean;
  finalSentAt: string | null;
  finalValidatedAt: string | null;
  /** A won work the organiser lets appear in the talent's public portfolio. */
  portfolioShown?: boolean;
  concour: { id: number; status: number; isPrivate: boolean; companyName: string; endDate: string | null; idConcoureur: number; cost: number; gain: number; subCategory: { id: number; name: string; format: number } };
  /** The other party. */
  User: { id: number; pseudo: string | null };
  messages: MessageDto[];
  fileParticipants: { participantFile: FileDto[]; workFile: FileDto[]; finalFile: FileDto[] };
  /** A winner's delays once the contest is finalised (docs/product.md §4); null otherwise. */
  mission: MissionDto | null;
  /** What the viewer may do now (the server decides; the page only reflects it). */
  can: { send: boolean; uploadWork: boolean; uploadFinal: boolean; validateFinal: boolean; acceptMission: boolean; replaceWinner: boolean; openDispute: boolean };
  /** The latest dispute over a winner's delivery: the open one, or the last settled. */
  dispute: DisputeDto | null;
}

export interface NotificationDto {
  id: number;
  kind: string;
  text: string;
  link: string | null;
  createdAt: string;
  read: boolean;
}

export interface WalletDto {
  /** cents */
  balance: number;
  bankAccount: { name: string; iban: string } | null;
  history: { id: number; kind: string; amount: number; createdAt: string; label: string }[];
  payouts: { id: number; amount: number; status: string; createdAt: string }[];
}

/**
 * The text field sent before `fileFinale`. The same id may also be given in the query string
 * (`?idParticipation=`): the server then refuses a wrong sender before reading any byte.
 */
export const finalFileFieldsSchema = z.object({ idParticipation: id });
export const finalFileQuery = z.object({ idParticipation: id.optional() });

/** GET /notifications/unread-count → results */
export interface UnreadCountsDto {
  /** Unread messages written to the viewer, across every conversation. */
  messages: number;
  notifications: number;
}

/** GET /notifications?page= → results */
export interface NotificationsPage {
  notifications: NotificationDto[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

export interface PayoutDto {
  id: number;
  /** cents */
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
}

/**
 * What GET /events (server-sent events) pushes: `event: message` or `event: notification`,
 * with this as its JSON data. The page refetches what it shows; nothing private travels here.
 */
export interface LiveEventDto {
  type: 'message' | 'notification';
  idParticipation: number | null;
}
