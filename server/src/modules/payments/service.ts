/**
 * Pay-ins of organisers (DESIGN decisions 1, 2 and 5): the creation payment that publishes a
 * contest, and the extra prizes needed before finalising with several winners.
 *
 * What is due is decided here, never by the client. The outcome is never taken from the
 * browser coming back from the provider's page: confirmation asks the provider, compares
 * its answer with what was stored, and settles the payment once — the payment row is locked
 * and the ledger key `payin:<id>` can only be posted once.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  AppError,
  badRequest,
  CARD_TYPES,
  conflict,
  CONTEST_DURATION_MS,
  forbidden,
  MESSAGES,
  notFound,
  promoDiscountCents,
  RETIRED_CARD_TYPES,
  type PayInCreated,
  type PayInPurpose,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests, payments, users } from '../../db/schema';
import { underClaim } from '../../db/claim';
import { accounts, post, type LedgerEntry } from '../ledger/ledger';
import { assertCanOrganise } from '../contests/service';
import { findContest, type ContestRow } from '../contests/repository';
import { countPromoCodeUse, usablePromoCodeById } from './promo-codes';
import { rethrowProviderError, type WarnLog } from './provider-errors';

const P = MESSAGES.payments;

type PaymentRow = typeof payments.$inferSelect;

/** A pending pay-in younger than this is offered again rather than opening a second one. */
const REUSE_PENDING_MS = 30 * 60 * 1000;
const AMOUNT_MISMATCH = 'amount_mismatch';

const ACCEPTED_CARD_TYPES: readonly string[] = CARD_TYPES.map((c) => c.value);

interface Due {
  purpose: PayInPurpose;
  prizes: number;
  amountCents: number;
  discountCents: number;
}

async function amountDue(ctx: AppContext, contest: ContestRow): Promise<Due> {
  if (contest.status === 1) {
    let discountCents = 0;
    if (contest.promoCodeId) {
      const promo = await usablePromoCodeById(ctx.db, contest.promoCodeId, ctx.clock());
      if (!promo) {
        // The code lapsed since the contest was created: dropped, so that the next attempt
        // pays the full price knowingly rather than silently.
        await ctx.db.update(contests).set({ promoCodeId: null, updatedAt: ctx.clock() }).where(eq(contests.id, contest.id));
        throw conflict(P.promoExpired);
      }
      discountCents = promoDiscountCents(contest.costCents, promo);
    }
    return { purpose: 'contest', prizes: 1, amountCents: contest.costCents - discountCents, discountCents };
  }
  if ((contest.status === 2 || contest.status === 3) && contest.winnersCount > contest.prizesPaid) {
    const prizes = contest.winnersCount - contest.prizesPaid;
    return { purpose: 'extra_prizes', prizes, amountCents: prizes * contest.costCents, discountCents: 0 };
  }
  throw conflict(P.nothingToPay);
}

function toCreated(row: PaymentRow, discountCents: number): PayInCreated {
  return {
    redirectUrl: row.redirectUrl!,
    idConcours: row.contestId,
    transactionId: row.providerPayinId,
    amount: row.amountCents,
    purpose: row.purpose,
    prizes: row.prizes,
    discount: discountCents,
  };
}

async function markFailed(ctx: AppContext, paymentId: number, reason: string): Promise<void> {
  await ctx.db
    .update(payments)
    .set({ status: 'failed', failureReason: reason, confirmedAt: ctx.clock() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')));
}

/** POST /payment/create/web/payin */
export async function createPayIn(ctx: AppContext, userId: number, input: { idConcours: number; cardType: string }, log?: WarnLog): Promise<PayInCreated> {
  // Refused before anything reaches the provider (PAYLIB is gone, spec 1 §7 still sends it).
  if ((RETIRED_CARD_TYPES as readonly string[]).includes(input.cardType) || !ACCEPTED_CARD_TYPES.includes(input.cardType)) {
    throw badRequest(P.cardTypeRefused, { cardType: P.cardTypeRefused });
  }
  const contest = await findContest(ctx.db, input.idConcours);
  if (!contest) throw notFound(MESSAGES.contests.notFound);
  if (contest.ownerId !== userId) throw forbidden(MESSAGES.contests.notOwner);
  const { ownerId, payerId } = await assertCanOrganise(ctx, userId);
  const due = await amountDue(ctx, contest);
  const now = ctx.clock();

  // A second click, or a second tab, gets the pay-in already open for the same amount.
  const reused = await reusePending(ctx, userId, contest.id, due, input.cardType, log);
  if (reused) return toCreated(reused, due.discountCents);

  // Clicks arriving together: one claims the opening, the others wait for its pay-in and
  // reuse it, so the provider is asked once. A holder that fails releases the claim and the
  // next waiter takes it.
  const openedMeanwhile = async () => {
    const opened = await reusePending(ctx, userId, contest.id, due, input.cardType, log);
    return opened ? toCreated(opened, due.discountCents) : null;
  };
  const claim = { holdSeconds: OPENING_CLAIM_SECONDS, waitMs: OPENING_WAIT_MS, busy: () => conflict(P.opening), done: openedMeanwhile };
  return underClaim(ctx.db, ctx.clock, `payin-opening:${contest.id}`, claim, async () => {
    // An unpaid contest may have been deleted while this click waited for the claim.
    if (!(await findContest(ctx.db, contest.id))) throw notFound(MESSAGES.contests.notFound);
    let created;
    try {
      created = await ctx.payments.createWebPayIn({
        ownerId,
        walletId: payerId,
        amountCents: due.amountCents,
        cardType: input.cardType,
        returnUrl: `${ctx.config.publicUrl}/confirmation?idConcours=${contest.id}`,
        tag: `contest:${contest.id}:${due.purpose}`,
      });
    } catch (error) {
      rethrowProviderError(error, P.payInRefused, log);
    }
    const [row] = await ctx.db
      .insert(payments)
      .values({
        contestId: contest.id,
        userId,
        purpose: due.purpose,
        prizes: due.prizes,
        provider: ctx.payments.name,
        providerPayinId: created.payInId,
        amountCents: due.amountCents,
        cardType: input.cardType,
        status: 'created',
        redirectUrl: created.redirectUrl,
        createdAt: now,
      })
      .returning();
    return toCreated(row!, due.discountCents);
  });
}

/** How long a claim to open a pay-in holds if its holder dies, and how long the others wait. */
const OPENING_CLAIM_SECONDS = 60;
const OPENING_WAIT_MS = 15_000;

/**
 * The pay-in already open for this contest and amount, if the provider still offers it. A
 * paid one that was never confirmed is settled now (and the click told so); a dead one is
 * marked failed.
 */
async function reusePending(ctx: AppContext, userId: number, contestId: number, due: Due, cardType: string, log?: WarnLog): Promise<PaymentRow | null> {
  const [pending] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.contestId, contestId),
        eq(payments.userId, userId),
        eq(payments.provider, ctx.payments.name),
        eq(payments.purpose, due.purpose),
        eq(payments.prizes, due.prizes),
        eq(payments.amountCents, due.amountCents),
        eq(payments.cardType, cardType),
        eq(payments.status, 'created'),
        gt(payments.createdAt, new Date(ctx.clock().getTime() - REUSE_PENDING_MS)),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  if (!pending) return null;
  let state;
  try {
    state = await ctx.payments.getPayIn(pending.providerPayinId);
  } catch (error) {
    rethrowProviderError(error, P.payInRefused, log);
  }
  if (state?.status === 'CREATED') return pending;
  if (state?.status === 'SUCCEEDED') {
    // Paid but never confirmed (the payer closed the page on the way back): settle it now.
    await confirmPayIn(ctx, userId, { idConcours: contestId, transactionId: pending.providerPayinId }, log);
    throw conflict(P.alreadyConfirmed);
  }
  await markFailed(ctx, pending.id, state?.resultMessage ?? 'unknown at provider');
  return null;
}

export interface Confirmation {
  message: string;
  idConcours: number;
}

function refusalFor(payment: PaymentRow): AppError {
  return payment.failureReason === AMOUNT_MISMATCH ? badRequest(P.amountMismatch) : new AppError(402, P.failed);
}

/** GET /payment/confirmation/web/payin?idConcours=&transactionId= */
export async function confirmPayIn(ctx: AppContext, userId: number, q: { idConcours: number; transactionId: string }, log?: WarnLog): Promise<Confirmation> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, ctx.payments.name), eq(payments.providerPayinId, q.transactionId)))
    .limit(1);
  if (!payment) throw notFound(P.unknownTransaction);
  if (payment.userId !== userId || payment.contestId !== q.idConcours) throw forbidden(P.notYours);
  if (payment.status === 'succeeded') return { message: P.alreadyConfirmed, idConcours: payment.contestId };
  if (payment.status === 'failed') throw refusalFor(payment);

  let state;
  try {
    state = await ctx.payments.getPayIn(payment.providerPayinId);
  } catch (error) {
    rethrowProviderError(error, P.unknownTransaction, log);
  }
  if (!state) throw notFound(P.unknownTransaction);
  if (state.status === 'CREATED') throw conflict(P.pending);
  if (state.status === 'FAILED') {
    await markFailed(ctx, payment.id, state.resultMessage ?? 'FAILED');
    throw new AppError(402, P.failed);
  }

  const [payer] = await ctx.db.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (state.amountCents !== payment.amountCents || state.creditedWalletId !== payer?.payerId || state.authorId !== payer?.ownerId) {
    await markFailed(ctx, payment.id, AMOUNT_MISMATCH);
    log?.warn(
      { paymentId: payment.id, stored: { amount: payment.amountCents, wallet: payer?.payerId }, provider: state },
      'pay-in does not match what was ordered: refused, a refund is needed',
    );
    throw badRequest(P.amountMismatch);
  }

  const settled = await settlePayment(ctx, payment.id);
  if (!settled) return { message: P.alreadyConfirmed, idConcours: payment.contestId };
  return { message: payment.purpose === 'contest' ? P.confirmed : P.extraConfirmed, idConcours: payment.contestId };
}

/**
 * The effects of a succeeded pay-in, all in one transaction with the payment row locked:
 * ledger, prizes paid, and for the creation payment the contest goes online (decision 1).
 * Returns false when another request settled it first.
 */
async function settlePayment(ctx: AppContext, paymentId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.status === 'succeeded') return false;
    if (payment.status === 'failed') throw refusalFor(payment);
    const [contest] = await tx.select().from(contests).where(eq(contests.id, payment.contestId)).for('update');
    const now = ctx.clock();

    const covered = contest!.costCents * payment.prizes;
    const discount = covered - payment.amountCents;
    if (discount < 0) throw new Error(`payment ${payment.id} is larger than the prizes it covers`);
    const entries: LedgerEntry[] = [
      { account: accounts.worldPayins, amountCents: -payment.amountCents, contestId: contest!.id },
      { account: accounts.escrow(contest!.id), amountCents: covered },
    ];
    if (discount > 0) entries.push({ account: accounts.platformPromotions, amountCents: -discount, contestId: contest!.id });
    const posted = await post(tx, { key: `payin:${payment.id}`, kind: 'payin', entries });
    if (!posted) throw new Error(`ledger operation payin:${payment.id} exists for an unsettled payment`);

    await tx.update(payments).set({ status: 'succeeded', confirmedAt: now }).where(eq(payments.id, payment.id));
    // A duplicate creation payment (two tabs paid) still counts: it pre-pays a prize.
    const opens = payment.purpose === 'contest' && contest!.status === 1;
    await tx
      .update(contests)
      .set({
        prizesPaid: sql`${contests.prizesPaid} + ${payment.prizes}`,
        updatedAt: now,
        ...(opens ? { status: 2, paidAt: now, endDate: new Date(now.getTime() + CONTEST_DURATION_MS) } : {}),
      })
      .where(eq(contests.id, contest!.id));
    if (discount > 0 && contest!.promoCodeId) await countPromoCodeUse(tx, contest!.promoCodeId);
    return true;
  });
}
