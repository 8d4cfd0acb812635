/**
 * The organiser's private comment on a proposal (docs/product.md §2 « Commentaires de
 * l’organisateur »). One comment per proposal: writing again replaces it, and each version
 * reaches the talent as a system message of their conversation with the organiser, which
 * keeps the history, and through the bell (and its mail, unless switched off). Only the
 * organiser writes it; only the organiser, the author and admins ever read a participation.
 *
 * The write runs under the contest's row lock then the participation's, like every judging
 * write: the same comment sent twenty times at once is written, announced and mailed once.
 */
import { eq } from 'drizzle-orm';
import { MESSAGES, badRequest, commentDenial, conflict, forbidden, notFound, webPaths, type CommentInput, type ProposalComment, type Reader } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { participations } from '../../db/schema';
import { insertMessage } from '../messages/conversation';
import { notifyGrouped } from '../notifications/notify';
import { loadParticipation, lockContest, type Actor, type ParticipationRow } from './load';

const F = MESSAGES.feedback;

function readerOf(actor: Actor, ownerId: number): Reader {
  if (ownerId === actor.id) return 'organiser';
  return actor.isAdmin ? 'admin' : 'participant';
}

/** Refuses a comment the rules or the proposal's state do not allow, in the order a person would want to hear it. */
function refuse(actor: Actor, contest: { ownerId: number; status: number }, row: ParticipationRow): void {
  const denial = commentDenial(readerOf(actor, contest.ownerId), contest.status);
  if (denial === 'organiserOnly') throw forbidden(F.organiserOnly);
  // A proposal hidden from the organiser (author suspended) does not exist for them.
  if (row.hiddenBySuspensionAt) throw notFound(MESSAGES.participations.notFound);
  if (row.withdrawnByTeamAt) throw conflict(F.withdrawnByTeam);
  if (denial === 'onlyWhileJudging') throw conflict(F.onlyWhileJudging);
  if (!row.isParticipating) throw badRequest(F.notAProposal);
}

/** POST /participation/comment */
export async function commentProposal(ctx: AppContext, actor: Actor, input: CommentInput): Promise<ProposalComment> {
  const first = await loadParticipation(ctx.db, input.idParticipation);
  refuse(actor, first.contest, first.participation);
  return ctx.db.transaction(async (tx) => {
    const contest = await lockContest(tx, first.contest.id);
    const [row] = await tx.select().from(participations).where(eq(participations.id, input.idParticipation)).for('update');
    if (!row) throw notFound(MESSAGES.participations.notFound);
    refuse(actor, contest, row);
    if (row.comment === input.comment && row.commentedAt) return { text: row.comment, at: row.commentedAt.toISOString() };

    const now = ctx.clock();
    await tx.update(participations).set({ comment: input.comment, commentedAt: now, updatedAt: now }).where(eq(participations.id, row.id));
    await insertMessage(tx, { participationId: row.id, organiserId: contest.ownerId, talentId: row.userId, authorId: null, text: F.systemMessage(row.number, input.comment), at: now });
    await notifyGrouped(tx, {
      userId: row.userId,
      kind: 'proposal_comment',
      text: F.notifications.comment(contest.companyName),
      link: webPaths.contestDetails(contest.id),
      contestId: contest.id,
      participationId: row.id,
      at: now,
    });
    return { text: input.comment, at: now.toISOString() };
  });
}
