/**
 * Messaging (docs/product.md §2 and §11): one conversation, sending a message and
 * exchanging work files with a winner. The lists of conversations are in conversation-list.ts.
 */
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import {
  ACCEPT_LABELS,
  FORMAT,
  MESSAGES,
  acceptedWorkTypes,
  badRequest,
  finalFileDenial,
  forbidden,
  gainCents,
  notFound,
  validationDenial,
  type ConversationDto,
  type FileDto,
  type MessageDto,
  webPaths,
} from '@creadefi/domain';
import { hasAcceptedNda } from '../contests/nda';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, files, messages, notifications, participations, users } from '../../db/schema';
import type { Viewer } from '../../http/viewer';
import { toFileDto } from '../files/dto';
import { discardUpload, type StoredUpload, type UploadRules } from '../files/upload';
import { notifyGrouped } from '../notifications/notify';
import { publishEvent } from '../events/publish';
import { insertMessage, loadHead, lockHead, toMessageDto, type ConversationHead } from './conversation';
import { messageRefusal, partyOf, workFileRefusal, type Reader } from './rules';
import { recordStoredFile } from '../files/record';
import { readMission } from '../winners/mission';
import { conversationDispute } from '../disputes/open';

const M = MESSAGES.messaging;
const N = MESSAGES.notifications;

export type Actor = Pick<Viewer, 'id' | 'isAdmin'>;

function readerOf(viewer: Actor, head: ConversationHead): Reader {
  const reader = partyOf(viewer, head.organiserId, head.talentId);
  if (!reader) throw forbidden(M.notInConversation);
  return reader;
}

/**
 * GET /message/readByParticipant/{idParticipation}. Opening it marks what the other party
 * wrote as read, and the bell's "new message" for it (an admin reading it marks nothing).
 * `can` is decided here so that the page only mirrors the rules.
 */
export async function readConversation(ctx: AppContext, viewer: Actor, participationId: number): Promise<ConversationDto> {
  const head = await loadHead(ctx.db, participationId);
  const reader = readerOf(viewer, head);
  if (reader !== 'admin') {
    await ctx.db.transaction(async (tx) => {
      const read = await tx
        .update(messages)
        .set({ readAt: ctx.clock() })
        .where(and(eq(messages.participationId, participationId), isNull(messages.readAt), or(isNull(messages.authorId), ne(messages.authorId, viewer.id))))
        .returning({ id: messages.id });
      // The viewer's badge drops in their other tabs too.
      if (read.length > 0) await publishEvent(tx, { userIds: [viewer.id], type: 'message', idParticipation: participationId });
      // What the bell said about this conversation has now been seen.
      const seen = await tx
        .update(notifications)
        .set({ readAt: ctx.clock() })
        .where(and(eq(notifications.userId, viewer.id), eq(notifications.participationId, participationId), eq(notifications.kind, 'new_message'), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (seen.length > 0) await publishEvent(tx, { userIds: [viewer.id], type: 'notification', idParticipation: participationId });
    });
  }

  const counterpartId = reader === 'participant' ? head.organiserId : head.talentId;
  const [rows, fileRows, [counterpart], disputed] = await Promise.all([
    ctx.db
      .select({ message: messages, file: files })
      .from(messages)
      .leftJoin(files, eq(files.id, messages.fileId))
      .where(eq(messages.participationId, participationId))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    ctx.db.select().from(files).where(eq(files.participationId, participationId)).orderBy(asc(files.id)),
    ctx.db.select({ id: users.id, pseudo: users.pseudo }).from(users).where(eq(users.id, counterpartId)).limit(1),
    conversationDispute(ctx.db, reader, head),
  ]);
  const mission = await readMission(ctx.db, reader, head, ctx.clock());
  const byKind = (kind: FileDto['kind']) => fileRows.filter((f) => f.kind === kind).map(toFileDto);
  const state = { status: head.status, isWinner: head.isWinner };
  const validated = head.finalValidatedAt !== null;
  return {
    id: head.participationId,
    role: reader === 'participant' ? 'participant' : 'organiser',
    isWinner: head.isWinner,
    finalSentAt: head.finalSentAt?.toISOString() ?? null,
    finalValidatedAt: head.finalValidatedAt?.toISOString() ?? null,
    portfolioShown: head.portfolioShown,
    concour: {
      id: head.contestId,
      status: head.status,
      isPrivate: head.isPrivate,
      companyName: head.companyName,
      endDate: head.endDate?.toISOString() ?? null,
      idConcoureur: head.organiserId,
      cost: head.costCents,
      gain: gainCents(head.costCents),
      subCategory: head.subCategory,
    },
    User: { id: counterpartId, pseudo: counterpart?.pseudo ?? null },
    messages: rows.map((r) => toMessageDto(r.message, r.file, viewer.id)),
    fileParticipants: { participantFile: byKind('participation'), workFile: byKind('work'), finalFile: byKind('final') },
    mission: mission.mission,
    can: {
      acceptMission: mission.acceptMission,
      replaceWinner: mission.replaceWinner,
      send: messageRefusal(reader, state) === null,
      uploadWork: workFileRefusal(reader, state) === null,
      uploadFinal: finalFileDenial(reader, head.status, { isWinner: head.isWinner, validated }) === null,
      validateFinal: validationDenial(reader, head.status, { isWinner: head.isWinner, sent: head.finalSentAt !== null, validated }) === null,
      openDispute: disputed.mayOpen,
    },
    dispute: disputed.dispute,
  };
}

async function pseudoOf(ctx: AppContext, userId: number): Promise<string> {
  const [row] = await ctx.db.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.pseudo ?? MESSAGES.participations.anonymous;
}

export interface SendMessageInput {
  idParticipation?: number | null;
  idConcours?: number | null;
  message: string;
}

/**
 * POST /message/create. To a participation, or — for a talent writing to a contest before
 * taking part — to the contest: an empty participation (isParticipating false) is created
 * first to hold the conversation (docs/product.md §2). The other party is notified.
 */
export async function sendMessage(ctx: AppContext, viewer: Actor, input: SendMessageInput): Promise<{ message: MessageDto; idParticipation: number }> {
  const text = input.message.trim();
  if (!text) throw badRequest(M.messageRequired);

  // The author's name is read beside the conversation or the contest, not before it.
  if (input.idParticipation) {
    const [pseudo, head] = await Promise.all([pseudoOf(ctx, viewer.id), loadHead(ctx.db, input.idParticipation)]);
    if (input.idConcours && input.idConcours !== head.contestId) throw badRequest(MESSAGES.participations.wrongContest);
    const reader = readerOf(viewer, head);
    const early = messageRefusal(reader, head);
    if (early) throw early;
    const row = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const refusal = messageRefusal(reader, await lockHead(tx, head.participationId, head.contestId));
      if (refusal) throw refusal;
      return write(tx, head, viewer.id, text, pseudo, now);
    });
    return { message: toMessageDto(row, null, viewer.id), idParticipation: head.participationId };
  }

  const contestId = input.idConcours!;
  const [pseudo, [contest]] = await Promise.all([
    pseudoOf(ctx, viewer.id),
    ctx.db.select({ id: contests.id, ownerId: contests.ownerId, isPrivate: contests.isPrivate }).from(contests).where(eq(contests.id, contestId)).limit(1),
  ]);
  if (!contest) throw notFound(MESSAGES.contests.notFound);
  if (contest.ownerId === viewer.id) throw forbidden(M.ownContest);
  // A private contest's organiser is reached only by the talents who accepted its agreement.
  if (!(await hasAcceptedNda(ctx, contest, viewer.id))) throw forbidden(MESSAGES.formats.ndaRequired);
  const { row, participationId } = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [locked] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, contestId)).for('share');
    let [mine] = await tx
      .select({ id: participations.id, isWinner: participations.isWinner })
      .from(participations)
      .where(and(eq(participations.contestId, contestId), eq(participations.userId, viewer.id)))
      .for('update');
    const refusal = messageRefusal('participant', { status: locked!.status, isWinner: mine?.isWinner ?? false });
    if (refusal) throw refusal;
    if (!mine) {
      // Two first messages sent at once: the unique key lets one insert and the other wait for it.
      await tx.insert(participations).values({ contestId, userId: viewer.id, createdAt: now, updatedAt: now }).onConflictDoNothing();
      [mine] = await tx
        .select({ id: participations.id, isWinner: participations.isWinner })
        .from(participations)
        .where(and(eq(participations.contestId, contestId), eq(participations.userId, viewer.id)))
        .for('update');
    }
    const head = await loadHead(tx, mine!.id);
    return { row: await write(tx, head, viewer.id, text, pseudo, now), participationId: mine!.id };
  });
  return { message: toMessageDto(row, null, viewer.id), idParticipation: participationId };
}

/** A typed message (or a work file's) and the grouped notification of the other party. */
async function write(tx: Tx, head: ConversationHead, authorId: number, text: string, pseudo: string, now: Date, fileId?: number) {
  const row = await insertMessage(tx, { participationId: head.participationId, organiserId: head.organiserId, talentId: head.talentId, authorId, text, fileId, at: now });
  await notifyGrouped(tx, {
    userId: authorId === head.organiserId ? head.talentId : head.organiserId,
    kind: 'new_message',
    text: N.newMessage(pseudo),
    link: webPaths.conversation(head.participationId),
    contestId: head.contestId,
    participationId: head.participationId,
    at: now,
  });
  return row;
}

/** Names of what a work file may be: the format's own type, and images and PDF for any format. */
export function workTypeNames(format: number): string[] {
  const own = format === FORMAT.image || format === FORMAT.text ? [] : [ACCEPT_LABELS[format] ?? ACCEPT_LABELS[FORMAT.text]!];
  return [...own, 'PNG', 'JPEG', 'PDF'];
}

export interface WorkFileTarget {
  head: ConversationHead;
  reader: Reader;
  rules: UploadRules;
}

/** Refusals of POST /message/add/file/{idParticipation} that need no bytes, before the body is read. */
export async function prepareWorkFile(ctx: AppContext, viewer: Actor, participationId: number): Promise<WorkFileTarget> {
  const head = await loadHead(ctx.db, participationId);
  const reader = readerOf(viewer, head);
  const refusal = workFileRefusal(reader, head);
  if (refusal) throw refusal;
  return { head, reader, rules: { accept: acceptedWorkTypes(head.subCategory.format), acceptLabel: M.acceptList(workTypeNames(head.subCategory.format)) } };
}

/** Saves a stored work file and the message carrying it; on any refusal the bytes are removed. */
export async function commitWorkFile(ctx: AppContext, viewer: Actor, target: WorkFileTarget, stored: StoredUpload): Promise<{ message: MessageDto; file: FileDto }> {
  try {
    const pseudo = await pseudoOf(ctx, viewer.id);
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const { head } = target;
      const refusal = workFileRefusal(target.reader, await lockHead(tx, head.participationId, head.contestId));
      if (refusal) throw refusal;
      const file = await recordStoredFile(tx, { participationId: head.participationId, kind: 'work', uploadedBy: viewer.id }, stored, now);
      const row = await write(tx, head, viewer.id, stored.filename, pseudo, now, file.id);
      return { message: toMessageDto(row, file, viewer.id), file: toFileDto(file) };
    });
  } catch (error) {
    await discardUpload(ctx.files, stored);
    throw error;
  }
}
