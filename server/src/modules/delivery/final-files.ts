/**
 * Final files (docs/product.md §2 and §11): a winner sends them while
 * the contest is finalised (4) and until they are validated. Each one resets the 48 h after
 * which they are validated automatically: the delay runs from the LAST final file sent.
 */
import {
  AppError,
  MESSAGES,
  acceptedFinalTypes,
  conflict,
  finalFileDenial,
  forbidden,
  type FileDto,
  MINUTE_MS,
  webPaths,
} from '@creadefi/domain';
import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { files, messages, participations } from '../../db/schema';
import { toFileDto } from '../files/dto';
import { discardUpload, type StoredUpload, type UploadRules } from '../files/upload';
import { insertMessage, loadHead, lockHead, type ConversationHead } from '../messages/conversation';
import { notifyGrouped } from '../notifications/notify';
import { publishEvent } from '../events/publish';
import { workTypeNames } from '../messages/service';
import { recordStoredFile } from '../files/record';
import { recordAcceptance } from '../winners/mission';

const M = MESSAGES.messaging;

interface FinalState {
  status: number;
  isWinner: boolean;
  finalValidatedAt: Date | null;
}

function refusal(viewerId: number, head: Pick<ConversationHead, 'talentId'>, s: FinalState): AppError | null {
  const reason = finalFileDenial(viewerId === head.talentId ? 'participant' : 'organiser', s.status, { isWinner: s.isWinner, validated: s.finalValidatedAt !== null });
  // Validated files close the delivery (the contest may be finished by then): a conflict, not a refusal of the person.
  if (reason === 'finalAlreadyValidated') return conflict(M.finalAlreadyValidated);
  return reason ? forbidden(M[reason]) : null;
}

export function finalRules(format: number): UploadRules {
  return { accept: acceptedFinalTypes(format), acceptLabel: M.acceptList([...workTypeNames(format), M.archives]) };
}

/** Refusals that need no bytes, run before a byte of the file is read. */
export async function prepareFinalFile(ctx: AppContext, viewer: { id: number }, participationId: number): Promise<ConversationHead> {
  const head = await loadHead(ctx.db, participationId);
  const refused = refusal(viewer.id, head, head);
  if (refused) throw refused;
  return head;
}

/**
 * Final files sent one after the other, with nothing said in between, are one sending: the
 * organiser gets one message naming them all rather than one per file.
 */
const SENDING_GAP_MS = 10 * MINUTE_MS;

type FileRow = typeof files.$inferSelect;

/**
 * The system message of a sending. Runs under the participation's row lock (lockHead), so
 * files arriving together still share one message. The message points at the sending's
 * first file; the files sent since then are the sending.
 */
async function announceFinalFile(tx: Tx, head: ConversationHead, file: FileRow, now: Date): Promise<void> {
  const [last] = await tx
    .select({ id: messages.id, type: messages.type, createdAt: messages.createdAt, fileKind: files.kind })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.fileId))
    .where(eq(messages.participationId, head.participationId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  const sending = last?.type === 2 && last.fileKind === 'final' ? await filesSentSince(tx, head.participationId, last.createdAt, file.id) : [];
  const previous = sending.at(-1);
  if (last && previous && now.getTime() - previous.createdAt.getTime() <= SENDING_GAP_MS) {
    const names = [...sending, file].map((f) => f.filename);
    // Unread again: the organiser has not seen the files added since.
    await tx.update(messages).set({ message: M.finalSentSystem(names), readAt: null }).where(eq(messages.id, last.id));
    await tx.update(participations).set({ lastMessageAt: now }).where(eq(participations.id, head.participationId));
    await publishEvent(tx, { userIds: [head.organiserId, head.talentId], type: 'message', idParticipation: head.participationId });
    return;
  }
  await insertMessage(tx, { participationId: head.participationId, organiserId: head.organiserId, talentId: head.talentId, authorId: null, text: M.finalSentSystem([file.filename]), fileId: file.id, at: now });
}

function filesSentSince(tx: Tx, participationId: number, since: Date, except: number) {
  return tx
    .select({ filename: files.filename, createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.participationId, participationId), eq(files.kind, 'final'), gte(files.createdAt, since), ne(files.id, except)))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** Saves a stored final file; on any refusal the bytes are removed. */
export async function commitFinalFile(ctx: AppContext, viewer: { id: number }, participationId: number, stored: StoredUpload): Promise<FileDto> {
  try {
    const head = await prepareFinalFile(ctx, viewer, participationId);
    const rules = finalRules(head.subCategory.format);
    if (!rules.accept.includes(stored.mime)) throw new AppError(415, MESSAGES.participations.wrongType(rules.acceptLabel));
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const refused = refusal(viewer.id, head, await lockHead(tx, head.participationId, head.contestId));
      if (refused) throw refused;
      const file = await recordStoredFile(tx, { participationId: head.participationId, kind: 'final', uploadedBy: viewer.id }, stored, now);
      await tx.update(participations).set({ finalSentAt: now, updatedAt: now }).where(eq(participations.id, head.participationId));
      // Sending final files accepts the mission (permissions.ts, finalFileDenial).
      await recordAcceptance(tx, head.participationId, head.contestId, now);
      await announceFinalFile(tx, head, file, now);
      await notifyGrouped(tx, {
        userId: head.organiserId,
        kind: 'final_files_received',
        text: MESSAGES.notifications.finalFilesReceived(head.companyName),
        link: webPaths.conversation(head.participationId),
        contestId: head.contestId,
        participationId: head.participationId,
        at: now,
      });
      return toFileDto(file);
    });
  } catch (error) {
    await discardUpload(ctx.files, stored);
    throw error;
  }
}
