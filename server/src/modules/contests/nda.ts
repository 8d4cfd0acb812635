/**
 * Accepting a private contest's confidentiality agreement (docs/product.md §3): one record
 * per talent and contest, with the version and digest of the text accepted and the moment.
 * Accepting again, or twenty times at once, keeps the first record.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, NDA_TEXT, NDA_VERSION, badRequest, maySeeContest, notFound, type ContestDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contestNdaAcceptances } from '../../db/schema';
import { findContest } from './repository';
import { readContest } from './service';

const F = MESSAGES.formats;

/** The digest of the agreement's text, kept with each acceptance: the exact words accepted. */
export const NDA_SHA256 = createHash('sha256').update(NDA_TEXT).digest('hex');

/** POST /concours/{idConcours}/nda: the viewer accepts the agreement and gets the contest with its brief. */
export async function acceptNda(ctx: AppContext, viewer: { id: number; isAdmin: boolean }, contestId: number): Promise<ContestDto> {
  const contest = await findContest(ctx.db, contestId);
  if (!contest || !maySeeContest(contest.ownerId === viewer.id, contest.status)) throw notFound(MESSAGES.contests.notFound);
  if (!contest.isPrivate) throw badRequest(F.ndaNotPrivate);
  if (contest.ownerId === viewer.id) throw badRequest(F.ndaOwner);
  await ctx.db
    .insert(contestNdaAcceptances)
    .values({ contestId, userId: viewer.id, textVersion: NDA_VERSION, textSha256: NDA_SHA256, acceptedAt: ctx.clock() })
    .onConflictDoNothing();
  return readContest(ctx, viewer, contestId);
}

/** Whether `userId` accepted the agreement of this contest (true for a contest that is not private). */
export async function hasAcceptedNda(ctx: AppContext, contest: { id: number; isPrivate: boolean; ownerId: number }, userId: number): Promise<boolean> {
  if (!contest.isPrivate || contest.ownerId === userId) return true;
  const [row] = await ctx.db
    .select({ contestId: contestNdaAcceptances.contestId })
    .from(contestNdaAcceptances)
    .where(and(eq(contestNdaAcceptances.contestId, contest.id), eq(contestNdaAcceptances.userId, userId)))
    .limit(1);
  return row !== undefined;
}
