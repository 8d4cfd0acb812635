/**
 * A talent takes back their proposal, or one of its files, while the contest is open, and
 * rewords a text proposal until the end. Each change runs under the contest's row lock, then
 * the participation's, like every other write on proposals: counters move with the proposal
 * they count, and twenty clicks give one effect. A proposal the organiser chose stays.
 *
 * A withdrawn proposal becomes an empty participation again: the conversation it may hold
 * stays, the organiser's pages (which show proposals with content only) no longer list it,
 * and the talent may take part again while the contest is open. Stored bytes are removed
 * once the transaction has committed, so a rollback never leaves a row without its file.
 */
import { and, eq, sql } from 'drizzle-orm';
import { FORMAT, MESSAGES, badRequest, conflict, forbidden, mayChangeProposal, notFound, takesProposals, type RoundWindow, type EditTextInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, files, participations } from '../../db/schema';
import { loadParticipation, lockContest, type Actor, type ContestWithFormat, type ParticipationRow } from './load';
import { starCountRemoval } from './star-counters';

const F = MESSAGES.followUp;
const P = MESSAGES.participations;

interface StoredKeys {
  storageKey: string;
  previewKey: string | null;
  posterKey: string | null;
}

/**
 * Refuses a change `mayChangeProposal` does not allow, saying first that the contest is
 * closed, then that the proposal was chosen, then that the final is its finalists' alone.
 */
function refuseChange(contest: RoundWindow, facts: { isWinner: boolean; isFinalist: boolean }, now: Date, refusal: { closed: string; chosen: string }): void {
  if (mayChangeProposal('participant', contest, facts, now)) return;
  if (!takesProposals(contest, now)) throw conflict(refusal.closed);
  if (facts.isWinner) throw conflict(refusal.chosen);
  throw forbidden(MESSAGES.formats.finalistsOnly);
}

/** The participation, locked after its contest, checked to be the actor's own and still changeable. */
async function lockOwnProposal(tx: Tx, actor: Actor, participationId: number, contestId: number, now: Date): Promise<{ contest: ContestWithFormat; row: ParticipationRow }> {
  const contest = await lockContest(tx, contestId);
  const [row] = await tx.select().from(participations).where(eq(participations.id, participationId)).for('update');
  if (!row) throw notFound(P.notFound);
  if (row.userId !== actor.id) throw forbidden(P.notYours);
  // Its files stay as they are, as the evidence of the team's decision.
  if (row.withdrawnByTeamAt) throw forbidden(P.withdrawnByTeam);
  refuseChange(contest, row, now, { closed: F.withdrawOnlyOpen, chosen: F.winnerCannotWithdraw });
  return { contest, row };
}

/** Empties a proposal with content; returns the stored files to remove after commit. */
async function emptyProposal(tx: Tx, contest: ContestWithFormat, row: ParticipationRow, now: Date): Promise<StoredKeys[]> {
  const removed = await tx
    .delete(files)
    .where(and(eq(files.participationId, row.id), eq(files.kind, 'participation')))
    .returning({ storageKey: files.storageKey, previewKey: files.previewKey, posterKey: files.posterKey });
  await tx
    .update(participations)
    // A proposal sent again is a new one: its answer and its reminder start over.
    .set({ isParticipating: false, inputText: null, number: null, stars: 0, reportedAt: null, comment: null, commentedAt: null, submittedAt: null, awaitingRemindedAt: null, updatedAt: now })
    .where(eq(participations.id, row.id));
  if (row.isParticipating) {
    await tx
      .update(contests)
      .set({ participationsCount: sql`${contests.participationsCount} - 1`, ...starCountRemoval(row.stars), updatedAt: now })
      .where(eq(contests.id, contest.id));
  }
  return removed;
}

async function removeStored(ctx: AppContext, keys: StoredKeys[], log: ErrorLog): Promise<void> {
  for (const k of keys) {
    for (const key of [k.storageKey, k.previewKey, k.posterKey]) {
      if (!key) continue;
      // The row is gone: a file left behind is only disk space, which the sweep of files
      // no row refers to takes back later.
      await ctx.files.delete(key).catch((err: unknown) => log.error({ err, key }, 'withdrawn file not removed'));
    }
  }
}

/** The part of a logger a service needs. */
export interface ErrorLog {
  error(obj: object, msg: string): void;
}

/** POST /participation/withdraw: the whole proposal. Withdrawing an empty one changes nothing. */
export async function withdrawParticipation(ctx: AppContext, actor: Actor, participationId: number, log: ErrorLog): Promise<void> {
  const { participation } = await loadParticipation(ctx.db, participationId);
  if (participation.userId !== actor.id) throw forbidden(P.notYours);
  const keys = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const { contest, row } = await lockOwnProposal(tx, actor, participationId, participation.contestId, now);
    if (!row.isParticipating && row.inputText === null) return [];
    return emptyProposal(tx, contest, row, now);
  });
  await removeStored(ctx, keys, log);
}

/**
 * POST /participation/file/withdraw: one file of the proposal. Without its last file
 * a proposal has no content left, so it is withdrawn as a whole.
 */
export async function withdrawProposalFile(ctx: AppContext, actor: Actor, participationId: number, fileId: number, log: ErrorLog): Promise<{ withdrawn: boolean }> {
  const { participation } = await loadParticipation(ctx.db, participationId);
  if (participation.userId !== actor.id) throw forbidden(P.notYours);
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const { contest, row } = await lockOwnProposal(tx, actor, participationId, participation.contestId, now);
    const [file] = await tx.select({ id: files.id, participationId: files.participationId, kind: files.kind }).from(files).where(eq(files.id, fileId)).limit(1);
    // Already removed by an earlier click: nothing more to do.
    if (!file) return { keys: [], withdrawn: !row.isParticipating };
    if (file.participationId !== row.id || file.kind !== 'participation') throw badRequest(F.notAProposalFile);
    const others = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.participationId, row.id), eq(files.kind, 'participation')));
    if (others.length <= 1) return { keys: await emptyProposal(tx, contest, row, now), withdrawn: true };
    const removed = await tx.delete(files).where(eq(files.id, file.id)).returning({ storageKey: files.storageKey, previewKey: files.previewKey, posterKey: files.posterKey });
    await tx.update(participations).set({ updatedAt: now }).where(eq(participations.id, row.id));
    return { keys: removed, withdrawn: false };
  });
  await removeStored(ctx, outcome.keys, log);
  return { withdrawn: outcome.withdrawn };
}

/** POST /participation/update/text: a text proposal is reworded while the contest is open. */
export async function editProposalText(ctx: AppContext, actor: Actor, input: EditTextInput): Promise<void> {
  const { participation, contest } = await loadParticipation(ctx.db, input.idParticipation);
  if (participation.userId !== actor.id) throw forbidden(P.notYours);
  if (contest.format !== FORMAT.text) throw badRequest(P.textOnlyForText);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const locked = await lockContest(tx, contest.id);
    const [row] = await tx.select().from(participations).where(eq(participations.id, participation.id)).for('update');
    refuseChange(locked, { isWinner: row?.isWinner ?? false, isFinalist: row?.isFinalist ?? false }, now, { closed: F.editOnlyOpen, chosen: F.winnerCannotEdit });
    if (!row?.isParticipating) throw conflict(P.winnerNeedsContent);
    if (row.inputText === input.inputText) return;
    await tx.update(participations).set({ inputText: input.inputText, updatedAt: now }).where(eq(participations.id, row.id));
  });
}
