/**
 * Validating a winner's final files (docs/product.md §2 and §4): the winner's
 * wallet is credited with the prize minus 20 % exactly once, and the contest is finished (5)
 * when every winner is validated. The organiser does it from the conversation; without an
 * answer the job auto-validate does it 48 h after the last final file (jobs/auto-validate.ts),
 * through the same applyValidation.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { CONTEST_STATUS, MESSAGES, badRequest, conflict, forbidden, formatEuros, gainCents, platformFeeCents, validationDenial, webPaths } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, participations } from '../../db/schema';
import { accounts, post } from '../ledger/ledger';
import { notify } from '../notifications/notify';
import { insertMessage, loadHead, type ConversationHead } from '../messages/conversation';
import type { WarnLog } from '../payments/provider-errors';
import { transferPrize, type PrizeTarget } from './prize-transfer';
import { closeDisputeByValidation } from '../disputes/open';
import { openHandover } from '../handover/open';
import { storeHandoverDocuments } from '../handover/store';

const M = MESSAGES.messaging;
const N = MESSAGES.notifications;

/** 'admin' when an admin settles a dispute by validating (modules/disputes/resolve.ts). */
export type ValidatedBy = 'organiser' | 'automatic' | 'admin';

export interface Validation extends PrizeTarget {
  companyName: string;
}

export function validationOf(head: ConversationHead): Validation {
  return {
    participationId: head.participationId,
    talentId: head.talentId,
    contestId: head.contestId,
    organiserId: head.organiserId,
    costCents: head.costCents,
    companyName: head.companyName,
  };
}

/**
 * The effects of a validation, in the caller's transaction, which holds the contest's and
 * the participation's row locks and has checked that the files are still unvalidated. The
 * ledger key `prize:<participationId>` is the last guard: a second credit cannot be posted.
 * Returns the contest's status afterwards.
 */
export async function applyValidation(tx: Tx, v: Validation, by: ValidatedBy, now: Date): Promise<number> {
  const gain = gainCents(v.costCents);
  const posted = await post(tx, {
    key: `prize:${v.participationId}`,
    kind: 'prize',
    entries: [
      { account: accounts.escrow(v.contestId), amountCents: -v.costCents },
      { account: accounts.wallet(v.talentId), amountCents: gain, contestId: v.contestId },
      { account: accounts.platformFees, amountCents: platformFeeCents(v.costCents), contestId: v.contestId },
    ],
  });
  if (!posted) throw conflict(M.finalAlreadyValidated);
  // The handover's date and invoice number are taken with the money (docs/decisions/0013).
  await openHandover(tx, v.participationId, now);
  await tx.update(participations).set({ finalValidatedAt: now, finalValidatedBy: by, updatedAt: now }).where(eq(participations.id, v.participationId));
  // The organiser who validates settles a dispute opened on this delivery (an admin's settles it itself).
  if (by === 'organiser') await closeDisputeByValidation(tx, v.participationId, now);
  await insertMessage(tx, {
    participationId: v.participationId,
    organiserId: v.organiserId,
    talentId: v.talentId,
    authorId: null,
    text: by === 'organiser' ? M.validatedSystem : by === 'admin' ? MESSAGES.disputes.adminValidatedSystem : M.autoValidatedSystem,
    at: now,
  });
  const link = webPaths.conversation(v.participationId);
  await notify(tx, { userId: v.talentId, kind: 'files_validated', text: N.filesValidated(v.companyName), link, contestId: v.contestId, participationId: v.participationId, at: now });
  await notify(tx, { userId: v.talentId, kind: 'payment_received', text: N.paymentReceived(formatEuros(gain)), link: webPaths.profile, contestId: v.contestId, participationId: v.participationId, at: now });

  const [pending] = await tx
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.contestId, v.contestId), eq(participations.isWinner, true), isNull(participations.finalValidatedAt)));
  if (Number(pending?.n ?? 0) > 0) return CONTEST_STATUS.awaitingFinalFiles;
  await tx.update(contests).set({ status: CONTEST_STATUS.finished, finishedAt: now, updatedAt: now }).where(eq(contests.id, v.contestId));
  return CONTEST_STATUS.finished;
}

interface Checked {
  status: number;
  isWinner: boolean;
  finalSentAt: Date | null;
  finalValidatedAt: Date | null;
}

/** Called once the viewer is known to be the organiser: every refusal left is about the files' state. */
function refusal(s: Checked) {
  const reason = validationDenial('organiser', s.status, { isWinner: s.isWinner, sent: s.finalSentAt !== null, validated: s.finalValidatedAt !== null });
  if (!reason) return null;
  return reason === 'organiserOnly' ? forbidden(MESSAGES.participations.organiserOnly) : conflict(M[reason]);
}

export interface ValidationResult {
  idConcours: number;
  idParticipation: number;
  /** 5 once every winner is validated. */
  status: number;
}

/** POST /concours/winner/final — the organiser only. */
export async function validateFinalFiles(ctx: AppContext, actor: { id: number }, input: { idConcours: number; idParticipation: number; portfolio?: boolean }, log?: WarnLog): Promise<ValidationResult> {
  const head = await loadHead(ctx.db, input.idParticipation);
  if (head.contestId !== input.idConcours) throw badRequest(MESSAGES.participations.wrongContest);
  if (head.organiserId !== actor.id) throw forbidden(MESSAGES.participations.organiserOnly);
  const early = refusal(head);
  if (early) throw early;
  if (input.portfolio && head.isPrivate) throw conflict(MESSAGES.talents.portfolioPrivate);

  const v = validationOf(head);
  await transferPrize(ctx, v, log);
  const status = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    // Contest first, then participation: the order every writer of both follows.
    const [contest] = await tx.select({ status: contests.status }).from(contests).where(eq(contests.id, v.contestId)).for('update');
    const [p] = await tx.select().from(participations).where(eq(participations.id, v.participationId)).for('update');
    const late = refusal({ status: contest!.status, isWinner: p!.isWinner, finalSentAt: p!.finalSentAt, finalValidatedAt: p!.finalValidatedAt });
    if (late) throw late;
    const after = await applyValidation(tx, v, 'organiser', now);
    if (input.portfolio) await tx.update(participations).set({ portfolioShown: true }).where(eq(participations.id, v.participationId));
    return after;
  });
  storeHandoverAfterCommit(ctx, [v.participationId], log);
  return { idConcours: v.contestId, idParticipation: v.participationId, status };
}

/**
 * Generates the handover documents of deliveries just validated, after the commit and without
 * delaying the answer; the every-minute job `documents de cession` retries what fails here.
 */
export function storeHandoverAfterCommit(ctx: AppContext, participationIds: number[], log?: WarnLog): void {
  const run = () => storeHandoverDocuments(ctx, participationIds);
  if (ctx.background) ctx.background.run('handover documents', run);
  else
    void run().catch((err: unknown) => {
      log?.warn({ err, participationIds }, 'handover documents left to the job');
    });
}
