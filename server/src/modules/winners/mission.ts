/**
 * A finalised winner's mission (docs/product.md §4): 48 hours to accept it, after which the
 * organiser may choose another winner in the same prize slot; once accepted, the delivery
 * delay of the contest's options runs. Each change runs under the contest's row lock, then
 * the participations', so an acceptance and a replacement never cross.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  MESSAGES,
  acceptMissionDenial,
  acceptanceDueAt,
  conflict,
  deliveryDueAt,
  forbidden,
  isFinalised,
  notFound,
  replacementDenial,
  type MissionDto,
  type ReplaceWinnerInput,
  type ReplacementCandidateDto,
  webPaths,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { contestOptions, contests, options, participations, users } from '../../db/schema';
import { insertMessage, loadHead } from '../messages/conversation';
import { partyOf, type Reader } from '../messages/rules';
import { lockContest, type Actor } from '../participations/load';
import { notify } from '../notifications/notify';

const W = MESSAGES.winners;

/** The delivery due for a mission accepted at `at`, from the contest's options. */
async function deliveryDue(tx: Tx, contestId: number, at: Date): Promise<Date> {
  const chosen = await tx.select({ nom: options.nom }).from(contestOptions).innerJoin(options, eq(options.id, contestOptions.optionId)).where(eq(contestOptions.contestId, contestId));
  return deliveryDueAt(at, chosen);
}

/**
 * Records the acceptance of a winner's mission, once: the caller holds the contest (shared or
 * exclusive) and the participation locked. Returns false when it was already accepted.
 */
export async function recordAcceptance(tx: Tx, participationId: number, contestId: number, now: Date): Promise<boolean> {
  const due = await deliveryDue(tx, contestId, now);
  const changed = await tx
    .update(participations)
    .set({ missionAcceptedAt: now, deliveryDueAt: due, updatedAt: now })
    .where(and(eq(participations.id, participationId), isNull(participations.missionAcceptedAt)))
    .returning({ id: participations.id });
  return changed.length > 0;
}

/** POST /concours/winner/accept: the winner accepts; sent again, nothing changes. */
export async function acceptMission(ctx: AppContext, actor: Actor, participationId: number): Promise<void> {
  const head = await loadHead(ctx.db, participationId);
  const reader = partyOf(actor, head.organiserId, head.talentId) ?? 'admin';
  if (acceptMissionDenial(reader, head.status, head.isWinner)) throw forbidden(W.acceptOnlyWinner);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    // Shared on the contest, as a message is written: a replacement (exclusive) waits for this or the reverse.
    const [contest] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, head.contestId)).for('share');
    const [p] = await tx.select({ isWinner: participations.isWinner }).from(participations).where(eq(participations.id, participationId)).for('update');
    if (!contest || !p) throw notFound(MESSAGES.participations.notFound);
    if (acceptMissionDenial(reader, contest.status, p.isWinner)) throw forbidden(W.acceptOnlyWinner);
    if (!(await recordAcceptance(tx, participationId, head.contestId, now))) return;
    const [talent] = await tx.select({ pseudo: users.pseudo }).from(users).where(eq(users.id, head.talentId)).limit(1);
    const pseudo = talent?.pseudo ?? MESSAGES.participations.anonymous;
    await insertMessage(tx, { participationId, organiserId: head.organiserId, talentId: head.talentId, authorId: null, text: W.acceptedSystem(pseudo), at: now });
    await notify(tx, {
      userId: head.organiserId,
      kind: 'mission_accepted',
      text: W.notifications.missionAccepted(pseudo, head.companyName),
      link: webPaths.conversation(participationId),
      contestId: head.contestId,
      participationId,
      at: now,
    });
  });
}

/**
 * POST /concours/winner/replace (docs/product.md §4). The prize slot passes from the late
 * winner to the proposal chosen: no money moves, the prizes paid and the number of winners
 * stay as they are. Two requests at once: the second finds the first winner replaced.
 */
export async function replaceWinner(ctx: AppContext, actor: Actor, input: ReplaceWinnerInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [found] = await tx.select({ contestId: participations.contestId }).from(participations).where(eq(participations.id, input.idParticipation)).limit(1);
    if (!found) throw notFound(MESSAGES.participations.notFound);
    const contest = await lockContest(tx, found.contestId);
    if (contest.ownerId !== actor.id) throw forbidden(MESSAGES.participations.organiserOnly);
    const rows = await tx
      .select()
      .from(participations)
      .where(inArray(participations.id, [input.idParticipation, input.idParticipationNew]))
      .orderBy(asc(participations.id))
      .for('update');
    const late = rows.find((r) => r.id === input.idParticipation)!;
    const denial = replacementDenial('organiser', contest.status, { isWinner: late.isWinner, accepted: late.missionAcceptedAt !== null, acceptanceDueAt: late.acceptanceDueAt }, now);
    if (denial) throw denial === 'organiserOnly' ? forbidden(MESSAGES.participations.organiserOnly) : conflict(W[denial]);
    const chosen = rows.find((r) => r.id === input.idParticipationNew);
    if (!chosen || chosen.contestId !== contest.id) throw notFound(MESSAGES.participations.notFound);
    if (chosen.id === late.id || !isCandidate(chosen)) throw conflict(W.candidateInvalid);

    await tx
      .update(participations)
      .set({ isWinner: false, winnerAt: null, acceptanceDueAt: null, acceptanceRemindedAt: null, updatedAt: now })
      .where(eq(participations.id, late.id));
    await tx
      .update(participations)
      // Fresh delays: a proposal replaced once may be chosen again later.
      .set({ isWinner: true, winnerAt: now, acceptanceDueAt: acceptanceDueAt(now), acceptanceRemindedAt: null, missionAcceptedAt: null, deliveryDueAt: null, deliveryAlertedAt: null, updatedAt: now })
      .where(eq(participations.id, chosen.id));

    const common = { organiserId: contest.ownerId, authorId: null, at: now };
    await insertMessage(tx, { ...common, participationId: late.id, talentId: late.userId, text: W.replacedSystem });
    await insertMessage(tx, { ...common, participationId: chosen.id, talentId: chosen.userId, text: MESSAGES.participations.winnerSystemMessage(contest.companyName) });
    await notify(tx, { userId: late.userId, kind: 'winner_replaced', text: W.notifications.replaced(contest.companyName), link: webPaths.conversation(late.id), contestId: contest.id, participationId: late.id, at: now });
    await notify(tx, {
      userId: chosen.userId,
      kind: 'chosen_winner',
      text: MESSAGES.notifications.chosenWinner(contest.companyName),
      link: webPaths.conversation(chosen.id),
      contestId: contest.id,
      participationId: chosen.id,
      at: now,
    });
  });
}

type ParticipationRow = typeof participations.$inferSelect;

/** A proposal that may take a winner's place: with content, not withdrawn, not already a winner. */
function isCandidate(p: Pick<ParticipationRow, 'isParticipating' | 'withdrawnByTeamAt' | 'isWinner'>): boolean {
  return p.isParticipating && p.withdrawnByTeamAt === null && !p.isWinner;
}

async function candidatesOf(db: Db, contestId: number): Promise<ReplacementCandidateDto[]> {
  const rows = await db
    .select({ idParticipation: participations.id, number: participations.number, pseudo: users.pseudo })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.contestId, contestId), eq(participations.isParticipating, true), eq(participations.isWinner, false), isNull(participations.withdrawnByTeamAt)))
    .orderBy(asc(participations.number), asc(participations.id));
  return rows.map((r) => ({ ...r, pseudo: r.pseudo ?? MESSAGES.participations.anonymous }));
}

export interface MissionView {
  mission: MissionDto | null;
  acceptMission: boolean;
  replaceWinner: boolean;
}

/** What the conversation shows of a winner's mission, and what the viewer may do with it. */
export async function readMission(db: Db, reader: Reader, head: { participationId: number; contestId: number; status: number; isWinner: boolean }, now: Date): Promise<MissionView> {
  if (!head.isWinner || !isFinalised(head.status)) return { mission: null, acceptMission: false, replaceWinner: false };
  const [[p], [contest], chosen] = await Promise.all([
    db
      .select({ acceptanceDueAt: participations.acceptanceDueAt, acceptedAt: participations.missionAcceptedAt, deliveryDueAt: participations.deliveryDueAt })
      .from(participations)
      .where(eq(participations.id, head.participationId))
      .limit(1),
    db.select({ message: contests.message }).from(contests).where(eq(contests.id, head.contestId)).limit(1),
    db
      .select({ nom: options.nom })
      .from(contestOptions)
      .innerJoin(options, eq(options.id, contestOptions.optionId))
      .where(and(eq(contestOptions.contestId, head.contestId), eq(options.isPayant, true)))
      .orderBy(asc(options.id)),
  ]);
  if (!p || !contest) return { mission: null, acceptMission: false, replaceWinner: false };
  const accepted = p.acceptedAt !== null;
  const acceptMission = !accepted && acceptMissionDenial(reader, head.status, head.isWinner) === null;
  const replace = replacementDenial(reader, head.status, { isWinner: head.isWinner, accepted, acceptanceDueAt: p.acceptanceDueAt }, now) === null;
  return {
    mission: {
      acceptanceDueAt: p.acceptanceDueAt?.toISOString() ?? null,
      acceptedAt: p.acceptedAt?.toISOString() ?? null,
      deliveryDueAt: p.deliveryDueAt?.toISOString() ?? null,
      requests: { message: contest.message, options: chosen.map((o) => o.nom) },
      candidates: replace ? await candidatesOf(db, head.contestId) : [],
    },
    acceptMission,
    replaceWinner: replace,
  };
}
