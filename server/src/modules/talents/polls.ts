/**
 * Polls (docs/product.md « Talents »): the organiser shares a secret link to 2 to 8 of their
 * contest's proposals; anyone holding it votes once. The server names every voter, never the
 * browser: a signed-in member votes as themselves; a visitor gives an address and the vote
 * counts once the link mailed there is followed. Unique keys per poll on the member and on the
 * address (hashed) refuse a second vote however many arrive at once; each refusal is counted
 * and shown with the results. Results are counted from the votes themselves, so concurrent
 * votes can neither be lost nor counted twice. Only downscaled previews are shown.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  CONTEST_STATUS,
  HOUR_MS,
  MESSAGES,
  badRequest,
  conflict,
  durationInHours,
  forbidden,
  notFound,
  webPaths,
  type PollDto,
  type PollItemDto,
  type PollResultsDto,
  type PollSummaryDto,
  type PollVoteDto,
  type PollVoteInput,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contests, files, participations, pollItems, pollVoteRequests, pollVotes, polls, users } from '../../db/schema';
import { enqueueMail } from '../../jobs/queue';
import { previewDelivery, type FileDelivery } from '../files/access';
import { linkMail, oneLine } from '../auth/mails';
import { mailAllowed } from '../auth/service';
import { hashToken, newToken } from '../auth/tokens';

const T = MESSAGES.talents;
const COMMENTS_SHOWN = 200;
/** A visitor's confirmation link works this long, once. */
export const POLL_VOTE_LINK_TTL_MS = 48 * HOUR_MS;

/** An address as a poll tells voters apart: trimmed, lower-case, hashed (the address is not kept). */
export const addressKey = (email: string) => hashToken(email.trim().toLowerCase());

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

type VoteValues = { participationId: number; comment: string | null; emailHash: string; userId?: number };

/** A refusal is counted in the transaction that refuses, so that the results show it. */
async function refuseVote(tx: Tx, pollId: number): Promise<void> {
  await tx.update(polls).set({ refusedVotes: sql`${polls.refusedVotes} + 1` }).where(eq(polls.id, pollId));
}

/** Counts the vote, or refuses it when its member or address already voted in this poll. */
async function castVote(tx: Tx, pollId: number, values: VoteValues, now: Date): Promise<boolean> {
  const [vote] = await tx
    .insert(pollVotes)
    .values({ pollId, ...values, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: pollVotes.id });
  if (!vote) await refuseVote(tx, pollId);
  return Boolean(vote);
}

function pollVoteMail(to: string, companyName: string, link: string) {
  const M = T.pollMail;
  return linkMail({ to, link, subject: oneLine(M.subject(companyName)), intro: M.intro(companyName), button: M.button, notes: [M.validity(durationInHours(POLL_VOTE_LINK_TTL_MS)), M.ignore] });
}

/**
 * A member's vote counts at once, under their id and their account's address, so that the
 * same person cannot vote again as a visitor. A visitor's waits for the link mailed to the
 * address given; the answer is the same whether or not that address already voted.
 */
export async function votePoll(ctx: AppContext, token: string, input: PollVoteInput, viewer: { id: number } | null): Promise<PollVoteDto> {
  const poll = await pollByToken(ctx.db, token);
  const [item] = await ctx.db
    .select({ id: pollItems.participationId })
    .from(pollItems)
    .where(and(eq(pollItems.pollId, poll.id), eq(pollItems.participationId, input.idParticipation)))
    .limit(1);
  if (!item) throw badRequest(T.pollChoiceUnknown, { idParticipation: T.pollChoiceUnknown });
  const now = ctx.clock();
  const comment = input.comment ? input.comment : null;
  if (viewer) {
    const [member] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).limit(1);
    const values = { participationId: item.id, comment, userId: viewer.id, emailHash: addressKey(member!.email) };
    if (!(await ctx.db.transaction((tx) => castVote(tx, poll.id, values, now)))) throw conflict(T.pollAlreadyVoted);
    return { pending: false };
  }
  if (!input.email) throw badRequest(T.pollEmailRequired, { email: T.pollEmailRequired });
  const email = input.email;
  // Past its share of mails this hour an address gets none, and the same answer.
  if (!(await mailAllowed(ctx, email))) return { pending: true };
  await ctx.db.transaction(async (tx) => {
    const link = newToken();
    await tx.insert(pollVoteRequests).values({
      pollId: poll.id,
      participationId: item.id,
      emailHash: addressKey(email),
      comment,
      tokenHash: hashToken(link),
      expiresAt: new Date(now.getTime() + POLL_VOTE_LINK_TTL_MS),
      createdAt: now,
    });
    await enqueueMail(ctx.queue, tx, pollVoteMail(email, poll.companyName, `${ctx.config.publicUrl}${webPaths.pollVoteConfirm(link)}`));
  });
  return { pending: true };
}

/**
 * Follows a visitor's link: marking it used is one UPDATE … RETURNING, so two clicks at once
 * cannot both count. A link followed again is a refused vote; an expired one was already
 * counted as refused (never confirmed in time, see pollResults) and is not counted twice.
 */
export async function confirmPollVote(ctx: AppContext, token: string): Promise<{ pollToken: string }> {
  const now = ctx.clock();
  const tokenHash = hashToken(token);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .update(pollVoteRequests)
      .set({ usedAt: now })
      .where(and(eq(pollVoteRequests.tokenHash, tokenHash), isNull(pollVoteRequests.usedAt), gt(pollVoteRequests.expiresAt, now)))
      .returning();
    if (request) {
      const values = { participationId: request.participationId, comment: request.comment, emailHash: request.emailHash };
      return { kind: (await castVote(tx, request.pollId, values, now)) ? 'counted' : 'duplicate', pollId: request.pollId } as const;
    }
    const [known] = await tx.select({ pollId: pollVoteRequests.pollId, usedAt: pollVoteRequests.usedAt }).from(pollVoteRequests).where(eq(pollVoteRequests.tokenHash, tokenHash)).limit(1);
    if (!known) return { kind: 'unknown' } as const;
    if (known.usedAt) await refuseVote(tx, known.pollId);
    return { kind: known.usedAt ? 'used' : 'expired', pollId: known.pollId } as const;
  });
  if (outcome.kind === 'unknown') throw badRequest(T.pollLinkInvalid);
  if (outcome.kind === 'used') throw conflict(T.pollLinkUsed);
  if (outcome.kind === 'expired') throw badRequest(T.pollLinkExpired);
  if (outcome.kind === 'duplicate') throw conflict(T.pollAddressAlreadyVoted);
  const [poll] = await ctx.db.select({ token: polls.token }).from(polls).where(eq(polls.id, outcome.pollId)).limit(1);
  return { pollToken: poll!.token };
}

/** Refused votes: those counted as refused, and the links left unfollowed until they expired. */
async function refusedVotes(db: Db, pollId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({
      refused: sql<number>`(select ${polls.refusedVotes} from ${polls} where ${polls.id} = ${pollId}) + count(*)`,
    })
    .from(pollVoteRequests)
    .where(and(eq(pollVoteRequests.pollId, pollId), isNull(pollVoteRequests.usedAt), lte(pollVoteRequests.expiresAt, now)));
  return Number(row!.refused);
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
    refused: await refusedVotes(ctx.db, poll.id, ctx.clock()),
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
