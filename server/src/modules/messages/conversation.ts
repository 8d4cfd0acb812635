/**
 * The rows a conversation is made of, shared by messaging and delivery: who its two parties
 * are, and how a message (typed, system or carrying a file) is written and announced.
 */
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, notFound, type MessageDto } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { contests, files, messages, participations, subCategories } from '../../db/schema';
import { toFileDto } from '../files/dto';
import { eventNotice } from '../events/publish';

export interface ConversationHead {
  participationId: number;
  talentId: number;
  isWinner: boolean;
  isParticipating: boolean;
  finalSentAt: Date | null;
  finalValidatedAt: Date | null;
  /** The organiser lets this won work appear in the talent's portfolio. */
  portfolioShown: boolean;
  contestId: number;
  organiserId: number;
  status: number;
  /** Private (NDA): its won work never shows in a public portfolio. */
  isPrivate: boolean;
  companyName: string;
  endDate: Date | null;
  costCents: number;
  subCategory: { id: number; name: string; format: number };
}

const headColumns = {
  participationId: participations.id,
  talentId: participations.userId,
  isWinner: participations.isWinner,
  isParticipating: participations.isParticipating,
  finalSentAt: participations.finalSentAt,
  finalValidatedAt: participations.finalValidatedAt,
  portfolioShown: participations.portfolioShown,
  contestId: contests.id,
  organiserId: contests.ownerId,
  status: contests.status,
  isPrivate: contests.isPrivate,
  companyName: contests.companyName,
  endDate: contests.endDate,
  costCents: contests.costCents,
  subId: subCategories.id,
  subName: subCategories.title,
  format: subCategories.format,
};

/** 404 when the participation does not exist. */
export async function loadHead(db: Db | Tx, participationId: number): Promise<ConversationHead> {
  const [row] = await db
    .select(headColumns)
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(eq(participations.id, participationId))
    .limit(1);
  if (!row) throw notFound(MESSAGES.participations.notFound);
  const { subId, subName, format, ...rest } = row;
  return { ...rest, subCategory: { id: subId, name: subName, format } };
}

/**
 * Re-reads what the rules depend on under locks: the contest shared (finalising or
 * validating, which lock it for update, wait for this write and the reverse), the
 * participation exclusively (one writer per conversation at a time).
 */
export async function lockHead(tx: Tx, participationId: number, contestId: number): Promise<{ status: number; isWinner: boolean; finalValidatedAt: Date | null }> {
  const [contest] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, contestId)).for('share');
  const [p] = await tx
    .select({ isWinner: participations.isWinner, finalValidatedAt: participations.finalValidatedAt })
    .from(participations)
    .where(eq(participations.id, participationId))
    .for('update');
  if (!contest || !p) throw notFound(MESSAGES.participations.notFound);
  return { status: contest.status, isWinner: p.isWinner, finalValidatedAt: p.finalValidatedAt };
}

type MessageRow = typeof messages.$inferSelect;
type FileRow = typeof files.$inferSelect;

export function toMessageDto(row: MessageRow, file: FileRow | null, viewerId: number): MessageDto {
  return {
    id: row.id,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    isConcoureurMessage: row.isConcoureurMessage,
    isMine: row.authorId !== null && row.authorId === viewerId,
    authorId: row.authorId,
    file: file ? toFileDto(file) : null,
  };
}

export interface NewMessage {
  participationId: number;
  organiserId: number;
  talentId: number;
  /** null for a system message (type 2). */
  authorId: number | null;
  text: string;
  fileId?: number | null;
  at: Date;
}

/**
 * Writes a message, moves the conversation up the lists and tells both parties' open pages,
 * in one statement (one round trip, under the caller's lock of the participation).
 */
export async function insertMessage(tx: Tx, m: NewMessage): Promise<MessageRow> {
  const row = {
    participationId: m.participationId,
    authorId: m.authorId,
    type: m.authorId === null ? 2 : 1,
    message: m.text,
    isConcoureurMessage: m.authorId !== null && m.authorId === m.organiserId,
    fileId: m.fileId ?? null,
    createdAt: m.at,
  };
  const insert = tx.insert(messages).values(row).returning({ id: messages.id });
  const touch = tx.update(participations).set({ lastMessageAt: m.at }).where(eq(participations.id, m.participationId));
  const notice = eventNotice({ userIds: [m.organiserId, m.talentId], type: 'message', idParticipation: m.participationId })!;
  const result = (await tx.execute(sql`with inserted as (${insert.getSQL()}), touched as (${touch.getSQL()}) select id, ${notice} from inserted`)) as unknown as { rows: { id: number }[] };
  return { ...row, id: Number(result.rows[0]!.id), readAt: null };
}
