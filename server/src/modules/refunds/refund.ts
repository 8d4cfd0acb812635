/**
 * Refunds of a contest to its organiser (docs/product.md §3, « Remboursements »). What the
 * organiser paid for a contest goes back to the cards that paid it, through the provider's
 * refunds of its pay-ins, newest first, each at most up to what it paid less its earlier
 * refunds. The ledger follows each refund the provider confirmed:
 *
 *   refund:<id>            escrow:<contest> −a   world:refunds +a
 *   promotion-return:<id>  escrow:<contest> −d   platform:promotions +d
 *
 * A promo code's discount was paid by the platform, not by the organiser: it never goes to
 * the organiser's card. Once everything the organiser paid is being given back, what the
 * escrow still holds of the discount returns to the platform's promotions wallet (a transfer
 * from the organiser's wallet at the provider, where the discount was put).
 *
 * Two steps, so that a caller can decide a refund in its own transaction (a contest closed
 * as refunded under its row lock) and ask the provider after it: `planRefund` writes one
 * `refunds` row per pay-in to refund (and one for the promotion) under an operation key;
 * `settleRefunds` asks the provider for each row not yet succeeded and posts its ledger
 * operation once. Repeating an operation, or running it twice at once, refunds once: its
 * rows exist once (unique key), the provider answers the same idempotency key with the same
 * refund, and a row is settled under its lock. A provider refusal leaves the row failed and
 * visible; running the operation again retries it under a new key. A row left pending (the
 * provider unreachable, or not done yet) is asked again by a job (`settlePendingRefunds`).
 */
import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { AppError, badRequest, conflict, MESSAGES, MINUTE_MS, notFound } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, payments, refunds, users } from '../../db/schema';
import { ProviderRefusedError, ProviderUnavailableError, type RefundState, type TransferState } from '../../adapters/payments/port';
import { accounts, balanceOf, post } from '../ledger/ledger';
import type { WarnLog } from '../payments/provider-errors';

const R = MESSAGES.refunds;

type RefundRow = typeof refunds.$inferSelect;

export interface RefundInput {
  contestId: number;
  /** What the organiser receives: never more than they paid for the contest and have not had back. */
  amountCents: number;
  operationKey: string;
  reason: string;
}

/**
 * Returns to the contest's organiser `amountCents` of what they paid for it, through the
 * provider and the ledger, once per `operationKey`.
 */
export async function refundToOrganiser(ctx: AppContext, input: RefundInput, log?: WarnLog): Promise<{ refundedCents: number }> {
  await ctx.db.transaction(async (tx) => {
    const [contest] = await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, input.contestId)).for('update');
    if (!contest) throw notFound(MESSAGES.contests.notFound);
    await planRefund(ctx, tx, input);
  });
  return settleRefunds(ctx, input.operationKey, log);
}

/** What the organiser paid for the contest and has not had back (nor has coming back). */
export async function refundableCents(db: AppContext['db'] | Tx, contestId: number): Promise<number> {
  const [paid] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)::text` })
    .from(payments)
    .where(and(eq(payments.contestId, contestId), eq(payments.status, 'succeeded')));
  const [refunded] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.contestId, contestId), eq(refunds.kind, 'payin')));
  return Number(paid!.total) - Number(refunded!.total);
}

/**
 * Writes the refunds of an operation, inside the caller's transaction, which holds the
 * contest's row lock. Nothing is written when the operation already has its rows. Every row
 * written counts as given back, failed or not: a failed one stays with its operation and is
 * retried by it, so another operation never refunds the same money.
 */
export async function planRefund(ctx: AppContext, tx: Tx, input: RefundInput): Promise<void> {
  const [planned] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.operationKey, input.operationKey)).limit(1);
  if (planned) return;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw badRequest(R.invalidAmount);

  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.contestId, input.contestId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.confirmedAt), desc(payments.id));
  const taken = await tx
    .select({ paymentId: refunds.paymentId, kind: refunds.kind, total: sql<string>`sum(${refunds.amountCents})::text` })
    .from(refunds)
    .where(eq(refunds.contestId, input.contestId))
    .groupBy(refunds.paymentId, refunds.kind);
  const takenOf = (paymentId: number, kind: RefundRow['kind']) => Number(taken.find((t) => t.paymentId === paymentId && t.kind === kind)?.total ?? 0);

  const refundable = paid.reduce((sum, p) => sum + p.amountCents - takenOf(p.id, 'payin'), 0);
  if (input.amountCents > refundable) throw conflict(R.overPaid);
  // Rows of other operations not yet settled still have their money in escrow.
  const [unposted] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.contestId, input.contestId), ne(refunds.status, 'succeeded')));
  const available = (await balanceOf(tx, accounts.escrow(input.contestId))) - Number(unposted!.total);
  if (input.amountCents > available) throw conflict(R.escrowShort);

  const now = ctx.clock();
  const base = { operationKey: input.operationKey, contestId: input.contestId, provider: ctx.payments.name, reason: input.reason, createdAt: now };
  const rows: (typeof refunds.$inferInsert)[] = [];
  let left = input.amountCents;
  for (const p of paid) {
    if (left === 0) break;
    const part = Math.min(left, p.amountCents - takenOf(p.id, 'payin'));
    if (part <= 0) continue;
    rows.push({ ...base, paymentId: p.id, kind: 'payin', amountCents: part });
    left -= part;
  }
  // The discount goes back to the platform with the organiser's last cent.
  if (input.amountCents === refundable) {
    let escrowLeft = available - input.amountCents;
    for (const p of paid) {
      if (p.discountCents === 0 || escrowLeft <= 0) continue;
      const part = Math.min(escrowLeft, p.discountCents - takenOf(p.id, 'promotion'));
      if (part <= 0) continue;
      rows.push({ ...base, paymentId: p.id, kind: 'promotion', amountCents: part });
      escrowLeft -= part;
    }
  }
  await tx.insert(refunds).values(rows);
}

/**
 * Asks the provider for each refund of the operation not yet succeeded, and posts what it
 * confirmed. Throws (503) when any stays unsettled, after settling all the others.
 */
export async function settleRefunds(ctx: AppContext, operationKey: string, log?: WarnLog): Promise<{ refundedCents: number }> {
  const rows = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.operationKey, operationKey), ne(refunds.status, 'succeeded')))
    .orderBy(asc(refunds.id));
  let unsettled = 0;
  for (const row of rows) {
    if (!(await settleOne(ctx, row, log))) unsettled++;
  }
  const [done] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)::text` })
    .from(refunds)
    .where(and(eq(refunds.operationKey, operationKey), eq(refunds.kind, 'payin'), eq(refunds.status, 'succeeded')));
  if (unsettled > 0) throw new AppError(503, R.providerFailed);
  return { refundedCents: Number(done!.total) };
}

/** A pending refund is left to the request that made it for this long before the job asks again. */
export const REFUND_SETTLE_AFTER_MS = 2 * MINUTE_MS;
const SETTLE_BATCH = 50;

/**
 * The job's pass (jobs/index.ts): every refund still pending after REFUND_SETTLE_AFTER_MS is
 * asked again under its own key, so that a refund decided while the provider was unreachable
 * reaches the organiser without anyone running the operation again; the provider answers a key
 * it knows with the refund it made, and the row's lock keeps the ledger from posting it twice.
 * A refused refund waits for an admin, who sees it failed. Returns how many were confirmed.
 */
export async function settlePendingRefunds(ctx: AppContext, log?: WarnLog): Promise<number> {
  let confirmed = 0;
  let afterId = 0;
  let firstError: unknown = null;
  for (;;) {
    const before = new Date(ctx.clock().getTime() - REFUND_SETTLE_AFTER_MS);
    const batch = await ctx.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), eq(refunds.provider, ctx.payments.name), lt(refunds.createdAt, before), gt(refunds.id, afterId)))
      .orderBy(asc(refunds.id))
      .limit(SETTLE_BATCH);
    for (const row of batch) {
      afterId = row.id;
      try {
        if (await settleOne(ctx, row, log)) confirmed++;
      } catch (error) {
        firstError ??= error;
      }
    }
    if (batch.length < SETTLE_BATCH) break;
  }
  // The others were settled; the job runner logs what went wrong.
  if (firstError) throw firstError;
  return confirmed;
}

/** Operations with a refund not yet succeeded (for the admin's view and retries). */
export async function unsettledOperations(ctx: AppContext, contestIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (contestIds.length === 0) return out;
  const rows = await ctx.db
    .selectDistinct({ contestId: refunds.contestId, operationKey: refunds.operationKey })
    .from(refunds)
    .where(and(inArray(refunds.contestId, contestIds), ne(refunds.status, 'succeeded')));
  for (const r of rows) out.set(r.contestId, [...(out.get(r.contestId) ?? []), r.operationKey]);
  return out;
}

async function settleOne(ctx: AppContext, row: RefundRow, log?: WarnLog): Promise<boolean> {
  let current = row;
  if (current.status === 'failed') {
    // Refused before: the same key would be answered with the same refusal.
    const [retried] = await ctx.db
      .update(refunds)
      .set({ status: 'pending', attempt: current.attempt + 1, failureReason: null })
      .where(and(eq(refunds.id, current.id), eq(refunds.status, 'failed'), eq(refunds.attempt, current.attempt)))
      .returning();
    if (retried) current = retried;
    else {
      // Another run of the operation took the retry: this one follows it under the same key.
      const [now] = await ctx.db.select().from(refunds).where(eq(refunds.id, current.id)).limit(1);
      if (now!.status !== 'pending') return now!.status === 'succeeded';
      current = now!;
    }
  }
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, current.paymentId)).limit(1);
  const [organiser] = await ctx.db
    .select({ ownerId: users.ownerId, payerId: users.payerId })
    .from(contests)
    .innerJoin(users, eq(users.id, contests.ownerId))
    .where(eq(contests.id, current.contestId))
    .limit(1);
  const idempotencyKey = `refund-${current.id}-${current.attempt}`;
  let answer: RefundState | TransferState;
  try {
    answer =
      current.kind === 'payin'
        ? await ctx.payments.refundPayIn({ payInId: payment!.providerPayinId, authorId: organiser!.ownerId!, amountCents: current.amountCents, tag: `refund:${current.id}`, idempotencyKey })
        : await ctx.payments.returnPromotion({ authorId: organiser!.ownerId!, debitedWalletId: organiser!.payerId!, amountCents: current.amountCents, tag: `promotion-return:${current.id}`, idempotencyKey });
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      await markFailed(ctx, current, error.message);
      log?.warn({ err: error, refundId: current.id }, 'payment provider refused a refund');
      return false;
    }
    if (error instanceof ProviderUnavailableError) {
      log?.warn({ err: error, refundId: current.id }, 'payment provider unavailable for a refund: it stays pending');
      return false;
    }
    throw error;
  }
  if (answer.status === 'FAILED') {
    await markFailed(ctx, current, answer.resultMessage ?? 'FAILED');
    return false;
  }
  if (answer.status !== 'SUCCEEDED') return false;
  const providerId = 'refundId' in answer ? answer.refundId : answer.transferId;
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(refunds).where(eq(refunds.id, current.id)).for('update');
    if (locked!.status === 'succeeded') return true;
    await tx.update(refunds).set({ status: 'succeeded', providerRefundId: providerId, failureReason: null, settledAt: ctx.clock() }).where(eq(refunds.id, current.id));
    const escrow = { account: accounts.escrow(current.contestId), amountCents: -current.amountCents };
    await post(
      tx,
      current.kind === 'payin'
        ? { key: `refund:${current.id}`, kind: 'refund', entries: [escrow, { account: accounts.worldRefunds, amountCents: current.amountCents, contestId: current.contestId }] }
        : { key: `promotion-return:${current.id}`, kind: 'promotion_return', entries: [escrow, { account: accounts.platformPromotions, amountCents: current.amountCents, contestId: current.contestId }] },
    );
    return true;
  });
}

async function markFailed(ctx: AppContext, row: RefundRow, reason: string): Promise<void> {
  await ctx.db
    .update(refunds)
    .set({ status: 'failed', failureReason: reason.slice(0, 500) })
    .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending'), eq(refunds.attempt, row.attempt)));
}
