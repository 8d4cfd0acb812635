/**
 * The near-copy rule (docs/product.md, originality): an image proposal whose difference hash
 * is within NEAR_COPY_MAX_DISTANCE bits of another talent's proposal in the same contest, or
 * of a recently won proposal elsewhere, is accepted but flagged for the organiser and put in
 * the admins' reports queue.
 *
 * Cost (docs/architecture.md, originality): within the contest, every image file of its
 * proposals is compared (participations_contest_idx then files_participation_idx; a contest
 * holds tens to a few hundred images). Elsewhere, the WON_PROPOSALS_COMPARED latest winners
 * are read from the partial index participations_winner_idx, at most 5 files each: a bounded
 * set of bit counts, a few milliseconds, whatever the number of contests.
 */
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { files, participations, reports, resemblances } from '../../db/schema';
import { NEAR_COPY_MAX_DISTANCE } from './dhash';

/** How many of the latest won proposals an upload is compared with. */
export const WON_PROPOSALS_COMPARED = 5_000;

export interface UploadedImage {
  fileId: number;
  participationId: number;
  contestId: number;
  userId: number;
  dhash: bigint;
}

interface Resemblance {
  similarFileId: number;
  similarParticipationId: number;
  distance: number;
}

/** Bits that differ between a stored hash and the new one, in SQL. */
const distanceTo = (hash: bigint) => sql<number>`bit_count((${files.dhash} # ${hash.toString()}::bigint)::bit(64))::int`.mapWith(Number);

const proposalImage = (participationId: AnyPgColumn) => and(eq(files.participationId, participationId), eq(files.kind, 'participation'), isNotNull(files.dhash));

/** The closest image of another talent's proposal shown in the same contest. */
async function closestInContest(tx: Tx, image: UploadedImage): Promise<Resemblance | null> {
  const distance = distanceTo(image.dhash);
  const [found] = await tx
    .select({ similarFileId: files.id, similarParticipationId: participations.id, distance })
    .from(participations)
    .innerJoin(files, proposalImage(participations.id))
    .where(
      and(
        eq(participations.contestId, image.contestId),
        eq(participations.isParticipating, true),
        isNull(participations.withdrawnByTeamAt),
        ne(participations.userId, image.userId),
        lte(distance, NEAR_COPY_MAX_DISTANCE),
      ),
    )
    .orderBy(distance, asc(participations.number), asc(files.id))
    .limit(1);
  return found ?? null;
}

/** The closest image of another talent's latest won proposals in other contests. */
async function closestWonElsewhere(tx: Tx, image: UploadedImage): Promise<Resemblance | null> {
  const distance = distanceTo(image.dhash);
  const won = tx
    .select({ id: participations.id, contestId: participations.contestId, userId: participations.userId })
    .from(participations)
    .where(eq(participations.isWinner, true))
    .orderBy(desc(participations.winnerAt), desc(participations.id))
    .limit(WON_PROPOSALS_COMPARED)
    .as('won');
  const [found] = await tx
    .select({ similarFileId: files.id, similarParticipationId: won.id, distance })
    .from(won)
    .innerJoin(files, proposalImage(won.id))
    .where(and(ne(won.contestId, image.contestId), ne(won.userId, image.userId), lte(distance, NEAR_COPY_MAX_DISTANCE)))
    .orderBy(distance, asc(files.id))
    .limit(1);
  return found ?? null;
}

/**
 * Records the closest resemblance of a new image, the same contest first (the organiser can
 * compare the two), and opens the automatic report the admins see. Runs in the upload's
 * transaction, under the contest's lock: two near copies sent at once see each other.
 */
export async function flagResemblance(tx: Tx, image: UploadedImage, now: Date): Promise<boolean> {
  const found = (await closestInContest(tx, image)) ?? (await closestWonElsewhere(tx, image));
  if (!found) return false;
  await tx.insert(resemblances).values({ fileId: image.fileId, ...found, createdAt: now });
  await tx.insert(reports).values({ participationId: image.participationId, reporterId: null, fileId: image.fileId, reason: 'plagiarism', createdAt: now });
  return true;
}
