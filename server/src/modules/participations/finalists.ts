/**
 * The final round (docs/product.md §2 "Manche qualificative et finale"). The qualifying period
 * is the contest's ordinary open period (2), which the end-date job closes (3). There the
 * organiser picks up to six finalists, then starts the final: the contest is open again (2)
 * for three days, to its finalists only (`mayProposeInRound`), and the job closes it again
 * (3), where winners are chosen as in any contest. Every change takes the contest's row lock
 * first, so two selections at once cannot pass six; the table's check is the last guard.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError, CONTEST_STATUS, FINAL_ROUND_DURATION_MS, MESSAGES, finalistDenial, webPaths, type FinalRoundRefusal, MAX_FINALISTS } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, participations } from '../../db/schema';
import { tellParticipants } from '../notifications/contest-closed';
import { lockContest, type Actor, type ContestWithFormat } from './load';

const F = MESSAGES.formats;

const REFUSALS: Record<FinalRoundRefusal, [number, string]> = {
  organiserOnly: [403, F.organiserOnly],
  noFinalRound: [409, F.noFinalRound],
  notQualifyingEnded: [409, F.notQualifyingEnded],
  finalRoundStarted: [409, F.finalRoundAlreadyStarted],
  tooManyFinalists: [409, F.tooManyFinalists],
  noFinalist: [409, F.noFinalist],
  notAProposal: [404, F.notAProposal],
};

function refuse(reason: FinalRoundRefusal): never {
  const [status, text] = REFUSALS[reason];
  throw new AppError(status, text);
}

async function lockForFinalists(tx: Tx, actor: Actor, contestId: number): Promise<ContestWithFormat> {
  const contest = await lockContest(tx, contestId);
  const refusal = finalistDenial(contest.ownerId === actor.id, contest);
  if (refusal) refuse(refusal);
  return contest;
}

/** POST /concours/finalist/add and /delete: one proposal in or out of the finalists; asking twice changes nothing. */
export async function setFinalist(ctx: AppContext, actor: Actor, input: { idConcours: number; idParticipation: number }, finalist: boolean): Promise<{ finalists: number }> {
  return ctx.db.transaction(async (tx) => {
    const contest = await lockForFinalists(tx, actor, input.idConcours);
    const [proposal] = await tx
      .select({ id: participations.id, isFinalist: participations.isFinalist })
      .from(participations)
      .where(and(eq(participations.id, input.idParticipation), eq(participations.contestId, contest.id), eq(participations.isParticipating, true), sql`${participations.withdrawnByTeamAt} is null`))
      .for('update');
    if (!proposal) refuse('notAProposal');
    if (proposal.isFinalist === finalist) return { finalists: contest.finalistsCount };
    if (finalist && contest.finalistsCount >= MAX_FINALISTS) refuse('tooManyFinalists');
    await tx.update(participations).set({ isFinalist: finalist, updatedAt: ctx.clock() }).where(eq(participations.id, proposal.id));
    const [row] = await tx
      .update(contests)
      .set({ finalistsCount: sql`${contests.finalistsCount} + ${finalist ? 1 : -1}` })
      .where(eq(contests.id, contest.id))
      .returning({ finalists: contests.finalistsCount });
    return { finalists: row!.finalists };
  });
}

/** POST /concours/{idConcours}/finale: opens the final round to the finalists; everyone who took part is told where they stand. */
export async function startFinalRound(ctx: AppContext, actor: Actor, contestId: number): Promise<{ endDate: string }> {
  return ctx.db.transaction(async (tx) => {
    const contest = await lockForFinalists(tx, actor, contestId);
    if (contest.finalistsCount === 0) refuse('noFinalist');
    const now = ctx.clock();
    const endDate = new Date(now.getTime() + FINAL_ROUND_DURATION_MS);
    await tx.update(contests).set({ status: CONTEST_STATUS.open, finalRoundStartedAt: now, endDate, updatedAt: now }).where(eq(contests.id, contest.id));
    const link = webPaths.contestDetails(contest.id);
    await tellParticipants(tx, contest.id, { kind: 'finalist_chosen', text: F.youAreFinalist(contest.companyName), link }, now, sql`p.is_finalist`);
    await tellParticipants(tx, contest.id, { kind: 'finalist_not_chosen', text: F.youAreNotFinalist(contest.companyName), link }, now, sql`not p.is_finalist`);
    return { endDate: endDate.toISOString() };
  });
}
