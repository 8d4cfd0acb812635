import { asc, eq, inArray } from 'drizzle-orm';
import type { ParticipationDto, ProposalLookalike } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { files, participations, users } from '../../db/schema';
import { isoString, shownFileColumns, toFileDto, type ShownFile, type WithTimestamps } from '../files/dto';
import type { ParticipationRow } from './load';

/** What a participation's DTO shows: pages read only these columns. */
const shownParticipation = {
  id: participations.id,
  contestId: participations.contestId,
  userId: participations.userId,
  number: participations.number,
  inputText: participations.inputText,
  isParticipating: participations.isParticipating,
  isWinner: participations.isWinner,
  isFinalist: participations.isFinalist,
  stars: participations.stars,
  reportedAt: participations.reportedAt,
  createdAt: participations.createdAt,
  finalSentAt: participations.finalSentAt,
  finalValidatedAt: participations.finalValidatedAt,
  comment: participations.comment,
  commentedAt: participations.commentedAt,
};

export interface ParticipationWithAuthor {
  participation: WithTimestamps<Pick<ParticipationRow, keyof typeof shownParticipation>>;
  pseudo: string;
}

/** Select shape giving ParticipationWithAuthor rows (join users on the author). */
export const withAuthor = { participation: shownParticipation, pseudo: users.pseudo };
export const authorJoin = eq(users.id, participations.userId);

/** DTOs for a page of participations; their files come in one query, never one per row. */
export async function toParticipationDtos(db: Db | Tx, rows: ParticipationWithAuthor[]): Promise<ParticipationDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.participation.id);
  const fileRows = await db.select(shownFileColumns).from(files).where(inArray(files.participationId, ids)).orderBy(asc(files.participationId), asc(files.id));
  const byParticipation = new Map<number, ShownFile[]>();
  for (const f of fileRows) {
    const list = byParticipation.get(f.participationId) ?? [];
    list.push(f);
    byParticipation.set(f.participationId, list);
  }
  return rows.map((row) => participationDto(row, byParticipation.get(row.participation.id) ?? []));
}

/** One participation's DTO, from its row and its own files. */
export function participationDto({ participation: p, pseudo }: ParticipationWithAuthor, ownFiles: WithTimestamps<Omit<ShownFile, 'participationId'>>[], lookalikes: ProposalLookalike[] = []): ParticipationDto {
  const own = ownFiles.map(toFileDto);
  const proposal = own.filter((f) => f.kind === 'participation');
  return {
    id: p.id,
    idParticipation: p.id,
    idConcours: p.contestId,
    idParticipant: p.userId,
    participant: { id: p.userId, pseudo },
    number: p.number,
    inputText: p.inputText,
    isParticipating: p.isParticipating,
    isWinner: p.isWinner,
    isFinalist: p.isFinalist,
    stars: p.stars,
    reported: p.reportedAt !== null,
    createdAt: isoString(p.createdAt),
    fileParticipants: proposal,
    participantFile: proposal,
    workFile: own.filter((f) => f.kind === 'work'),
    finalFile: own.filter((f) => f.kind === 'final'),
    finalSentAt: p.finalSentAt ? isoString(p.finalSentAt) : null,
    finalValidatedAt: p.finalValidatedAt ? isoString(p.finalValidatedAt) : null,
    comment: p.comment && p.commentedAt ? { text: p.comment, at: isoString(p.commentedAt) } : null,
    lookalikes,
  };
}
