/**
 * Polls (docs/product.md « Talents »): the organiser shares a secret link to 2 to 8 of their
 * contest's proposals; anyone holding it votes once per browser, without an account. The
 * browser draws its own random voter token; the unique key (poll_id, voter) refuses a second
 * vote however many arrive at once, and results are counted from the votes themselves, so
 * concurrent votes can neither be lost nor counted twice. Only downscaled previews are shown.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CONTEST_STATUS, MESSAGES, badRequest, conflict, forbidden, notFound, type PollDto, type PollItemDto, type PollResultsDto, type PollSummaryDto, type PollVoteInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contests, files, participations, pollItems, pollVotes, polls } from '../../db/schema';
import { previewDelivery, type FileDelivery } from '../files/access';

const T = MESSAGES.talents;
const COMMENTS_SHOWN = 200;

export const pollPreviewUrl = (token: string, fileId: number) => `/api/polls/${token}/preview/${fileId}`;

/** A proposal shown in a poll: with content, neither withdrawn nor hidden, and an image preview. */
const showable = and(eq(participations.isParticipating, true), isNull(participations.withdrawnByTeamAt), isNull(participations.hiddenBySuspensionAt));
const previewable = and(eq(files.kind, 'participation'), eq(files.previewMime, 'image/webp'));

async function ownedContest(ctx: AppContext, organiserId: number, contestId: number) {
  const [contest] = await ctx.db.select({ id: contests.id, ownerId: contests.ownerId, status: contests.status, companyName: contests.companyName }).from(contests).where(eq(contests.id, contestId)).limit(1);
  if (!contest || contest.status === CONTEST_STATUS.awaitingPayment) throw notFound(MESSAGES.contests.notFound);
  if (contest.ownerId !== organiserId) throw forbidden(T.pollOnlyOrganiser);
  return contest;
}

/** The first preview of each proposal, in the order given. */
async function firstPreviews(db: Db, participationIds: number[]): Promise<Map<number, number>> {
  if (participationIds.length === 0) return new Map();
  const rows = await db
    .select({ participationId: files.participationId, fileId: sql<number>`min(${files.id})` })
    .from(files)
    .where(and(inArray(files.participationId, participationIds), previewable))
    .groupBy(files.participationId);
  return new Map(rows.map((r) => [r.participationId, Number(r.fileId)]));
}

export async function createPoll(ctx: AppContext, organiserId: number, contestId: number, ids: number[]): Promise<{ token: string }> {
  await ownedContest(ctx, organiserId, contestId);
  const found = await ctx.db
    .select({ id: participations.id })
    .from(participations)
    .where(and(inArray(participations.id, ids), eq(participations.contestId, contestId), showable));
  if (found.length !== ids.length) throw badRequest(T.pollWrongProposal, { participations: T.pollWrongProposal });
  const previews = await firstPreviews(ctx.db, ids);
  if (ids.some((id) => !previews.has(id))) throw badRequest(T.pollNoPreview, { participations: T.pollNoPreview });
  // 192 random bits: the link is the only key to the poll.
  const token = randomBytes(24).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const [poll] = await tx.insert(polls).values({ contestId, token, createdBy: organiserId, createdAt: ctx.clock() }).returning({ id: polls.id });
    await tx.insert(pollItems).values(ids.map((participationId, position) => ({ pollId: poll!.id, participationId, position })));
  });
  return { token };
}

async function pollByToken(db: Db, token: string) {
  const [poll] = await db
    .select({ id: polls.id, contestId: polls.contestId, ownerId: contests.ownerId, companyName: contests.companyName })
    .from(polls)
    .innerJoin(contests, eq(contests.id, polls.contestId))
    .where(eq(polls.token, token))
    .limit(1);
  if (!poll) throw notFound(T.pollNotFound);
  return poll;
}

async function itemsOf(db: Db, pollId: number, token: string): Promise<PollItemDto[]> {
  const rows = await db
    .select({ id: participations.id, number: participations.number })
    .from(pollItems)
    .innerJoin(participations, eq(participations.id, pollItems.participationId))
    .where(and(eq(pollItems.pollId, pollId), showable))
    .orderBy(asc(pollItems.position));
  const previews = await firstPreviews(db, rows.map((r) => r.id));
  return rows.flatMap((r) => {
    const fileId = previews.get(r.id);
    return fileId ? [{ idParticipation: r.id, number: r.number, previewUrl: pollPreviewUrl(token, fileId) }] : [];
  });
}

/** What a voter sees: the contest's company and the proposals' previews, nothing of their authors. */
export async function pollForVoter(db: Db, token: string): Promise<PollDto> {
  const poll = await pollByToken(db, token);
  return { token, companyName: poll.companyName, items: await itemsOf(db, poll.id, token) };
}

export async function pollPreview(db: Db, token: string, fileId: number): Promise<FileDelivery> {
  const poll = await pollByToken(db, token);
  const [row] = await db
    .select({ file: files })
    .from(files)
    .innerJoin(pollItems, and(eq(pollItems.participationId, files.participationId), eq(pollItems.pollId, poll.id)))
    .innerJoin(participations, eq(participations.id, files.participationId))
    .where(and(eq(files.id, fileId), previewable, showable))
    .limit(1);
  if (!row) throw notFound(MESSAGES.participations.fileNotFound);
  return previewDelivery(row.file, 'view');
}

export async function votePoll(ctx: AppContext, token: string, input: PollVoteInput): Promise<void> {
  const poll = await pollByToken(ctx.db, token);
  const [item] = await ctx.db
    .select({ id: pollItems.participationId })
    .from(pollItems)
    .where(and(eq(pollItems.pollId, poll.id), eq(pollItems.participationId, input.idParticipation)))
    .limit(1);
  if (!item) throw badRequest(T.pollChoiceUnknown, { idParticipation: T.pollChoiceUnknown });
  const [vote] = await ctx.db
    .insert(pollVotes)
    .values({ pollId: poll.id, participationId: input.idParticipation, voter: input.voter, comment: input.comment ? input.comment : null, createdAt: ctx.clock() })
    .onConflictDoNothing({ target: [pollVotes.pollId, pollVotes.voter] })
    .returning({ id: pollVotes.id });
  if (!vote) throw conflict(T.pollAlreadyVoted);
}

export async function pollResults(ctx: AppContext, organiserId: number, token: string): Promise<PollResultsDto> {
  const poll = await pollByToken(ctx.db, token);
  if (poll.ownerId !== organiserId) throw forbidden(T.pollOnlyOrganiser);
  const [items, counts, comments] = [
    await itemsOf(ctx.db, poll.id, token),
    await ctx.db.select({ idParticipation: pollVotes.participationId, votes: count() }).from(pollVotes).where(eq(pollVotes.pollId, poll.id)).groupBy(pollVotes.participationId),
    await ctx.db
      .select({ idParticipation: pollVotes.participationId, comment: pollVotes.comment, createdAt: pollVotes.createdAt })
      .from(pollVotes)
      .where(and(eq(pollVotes.pollId, poll.id), isNotNull(pollVotes.comment)))
      .orderBy(desc(pollVotes.createdAt), desc(pollVotes.id))
      .limit(COMMENTS_SHOWN),
  ];
  const byItem = new Map(counts.map((c) => [c.idParticipation, Number(c.votes)]));
  return {
    token,
    idConcours: poll.contestId,
    companyName: poll.companyName,
    items,
    total: [...byItem.values()].reduce((a, b) => a + b, 0),
    counts: items.map((i) => ({ idParticipation: i.idParticipation, votes: byItem.get(i.idParticipation) ?? 0 })),
    comments: comments.map((c) => ({ idParticipation: c.idParticipation, comment: c.comment!, createdAt: c.createdAt.toISOString() })),
  };
}

/** The organiser's polls of one contest, newest first, with their number of votes. */
export async function contestPolls(ctx: AppContext, organiserId: number, contestId: number): Promise<PollSummaryDto[]> {
  await ownedContest(ctx, organiserId, contestId);
  const rows = await ctx.db
    .select({ token: polls.token, createdAt: polls.createdAt, votes: count(pollVotes.id) })
    .from(polls)
    .leftJoin(pollVotes, eq(pollVotes.pollId, polls.id))
    .where(eq(polls.contestId, contestId))
    .groupBy(polls.id)
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .limit(50);
  return rows.map((r) => ({ token: r.token, createdAt: r.createdAt.toISOString(), votes: Number(r.votes) }));
}
