/**
 * Opening a dispute over a finalised winner's delivery (docs/product.md §2, disputes), and
 * what a conversation shows of it. The organiser or the winner opens it with a reason; both
 * sides and every admin are told; until an admin settles it the files are not validated
 * automatically (jobs/auto-validate.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import { AppError, conflict, disputeDenial, forbidden, MESSAGES, webPaths, type DisputeDto, type DisputeRefusal, type Reader } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { disputes, users } from '../../db/schema';
import { insertMessage, loadHead, lockHead, type ConversationHead } from '../messages/conversation';
import { partyOf } from '../messages/rules';
import { notify } from '../notifications/notify';

const D = MESSAGES.disputes;

/** The refusal as the server answers it: who asks is a 403, the delivery's state a 409. */
export function disputeRefusal(reason: DisputeRefusal | null, isWinner: boolean): AppError | null {
  if (!reason) return null;
  if (reason === 'onlyParties' || (reason === 'onlyAwaitingDelivery' && !isWinner)) return forbidden(D[reason]);
  return conflict(D[reason]);
}

type DisputeRow = typeof disputes.$inferSelect;

export function toDisputeDto(row: DisputeRow, organiserId: number): DisputeDto {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    openedAt: row.createdAt.toISOString(),
    openedBy: row.openedBy === organiserId ? 'organiser' : 'participant',
    outcome: row.outcome,
    resolutionReason: row.resolutionReason,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    extraDays: row.extraDays,
  };
}

/** The participation's latest dispute: the open one, or the last one settled. */
export async function latestDispute(db: Db | Tx, participationId: number): Promise<DisputeRow | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.participationId, participationId)).orderBy(desc(disputes.createdAt), desc(disputes.id)).limit(1);
  return row ?? null;
}

/** What the conversation shows: the latest dispute, and whether the viewer may open one now. */
export async function conversationDispute(db: Db, reader: Reader, head: ConversationHead): Promise<{ dispute: DisputeDto | null; mayOpen: boolean }> {
  const row = head.isWinner ? await latestDispute(db, head.participationId) : null;
  const mayOpen = disputeDenial(reader, head.status, { isWinner: head.isWinner, validated: head.finalValidatedAt !== null, open: row?.status === 'open' }) === null;
  return { dispute: row ? toDisputeDto(row, head.organiserId) : null, mayOpen };
}

async function adminIds(tx: Tx): Promise<number[]> {
  return (await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).map((u) => u.id);
}

/** POST /participation/{idParticipation}/dispute. */
export async function openDispute(ctx: AppContext, viewer: { id: number; isAdmin: boolean }, participationId: number, reason: string): Promise<DisputeDto> {
  const head = await loadHead(ctx.db, participationId);
  const reader = partyOf(viewer, head.organiserId, head.talentId);
  if (!reader || reader === 'admin') throw forbidden(D.onlyParties);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    // Under the participation's lock: a validation (organiser's or automatic) waits, or was first.
    const state = await lockHead(tx, participationId, head.contestId);
    const [open] = await tx.select({ id: disputes.id }).from(disputes).where(and(eq(disputes.participationId, participationId), eq(disputes.status, 'open')));
    const refused = disputeRefusal(disputeDenial(reader, state.status, { isWinner: state.isWinner, validated: state.finalValidatedAt !== null, open: open !== undefined }), state.isWinner);
    if (refused) throw refused;
    const [row] = await tx.insert(disputes).values({ participationId, openedBy: viewer.id, reason, createdAt: now }).returning();
    await insertMessage(tx, { participationId, organiserId: head.organiserId, talentId: head.talentId, authorId: null, text: D.openedSystem(reader), at: now });
    const link = webPaths.conversation(participationId);
    const text = D.openedNotice(head.companyName);
    for (const userId of [head.organiserId, head.talentId]) {
      await notify(tx, { userId, kind: 'dispute_opened', text, link, contestId: head.contestId, participationId, at: now });
    }
    for (const userId of await adminIds(tx)) {
      if (userId === head.organiserId || userId === head.talentId) continue;
      await notify(tx, { userId, kind: 'dispute_opened', text, link: webPaths.adminDisputes, contestId: head.contestId, participationId, at: now });
    }
    return toDisputeDto(row!, head.organiserId);
  });
}

/**
 * The organiser validated the files themselves: the open dispute is settled by that
 * validation (no admin decided it). In the validation's transaction, under its locks.
 */
export async function closeDisputeByValidation(tx: Tx, participationId: number, now: Date): Promise<void> {
  await tx
    .update(disputes)
    .set({ status: 'resolved', outcome: 'validate', resolvedAt: now, resolutionReason: D.closedByValidation })
    .where(and(eq(disputes.participationId, participationId), eq(disputes.status, 'open')));
}
