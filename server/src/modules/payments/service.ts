/**
 * Pay-ins of organisers (docs/product.md §2 and §3; docs/architecture.md §3): the creation payment that publishes a
 * contest, and the extra prizes needed before finalising with several winners. A promo code
 * discounts the creation payment of its contest only, once; the platform pays the discount
 * into the organiser's wallet at the provider when the pay-in is confirmed, so that the
 * wallet holds every prize the ledger puts in escrow.
 *
 * What is due is decided here, never by the client. The outcome is never taken from the
 * browser coming back from the provider's page: confirmation asks the provider, compares
 * its answer with what was stored, and settles the payment once — the payment row is locked
 * and the ledger key `payin:<id>` can only be posted once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  AppError,
  badRequest,
  canChangeWinners,
  CARD_TYPES,
  conflict,
  CONTEST_DURATION_MS,
  CONTEST_STATUS,
  forbidden,
  formatEuros,
  isFinalised,
  mayPayCreation,
  mayPayExtraPrizes,
  MESSAGES,
  notFound,
  promoDiscountCents,
  RETIRED_CARD_TYPES,
  type CheckPromoCodeInput,
  type PayInConfirmed,
  type PaymentDue,
  type PromoCheck,
  type PayInCreated,
  type PayInPurpose,
  MINUTE_MS,
  webPaths,
} from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { contests, payments, refunds, users } from '../../db/schema';
import { underClaim } from '../../db/claim';
import { accounts, post, type LedgerEntry } from '../ledger/ledger';
import { assertCanOrganise } from '../contests/service';
import { findContest, type ContestRow } from '../contests/repository';
import { uniqueViolation } from '../../db/unique-violation';
import { findPromoCode, promoCodeById, promoCodeState, releasePromoCodeUse, reservePromoCodeUse } from './promo-codes';
import { finaliseOncePaid } from '../participations/judging';
import { rethrowProviderError, type WarnLog } from './provider-errors';
import { notify } from '../notifications/notify';
import { enqueueMail } from '../../jobs/queue';
import { linkMail } from '../auth/mails';
import { settleRefunds } from '../refunds/refund';

const P = MESSAGES.payments;

type PaymentRow = typeof payments.$inferSelect;

/** A pending pay-in younger than this is offered again rather than opening a second one. */
const REUSE_PENDING_MS = 30 * MINUTE_MS;
const AMOUNT_MISMATCH = 'amount_mismatch';
/** A pay-in withdrawn at the provider because its contest closed before it was paid. */
const CONTEST_CLOSED = 'contest_closed';

/** Closed by an admin or refunded: takes no money any more (docs/product.md §3). */
function isClosed(contest: Pick<ContestRow, 'status' | 'refundedAt'>): boolean {
  return contest.status === CONTEST_STATUS.cancelled || contest.refundedAt !== null;
}

/**
 * Whether a pay-in still has a use when it settles: a creation payment while the contest
 * awaits it, extra prizes while the winners can change. Anything else — the contest closed,
 * refunded, already paid (a second tab) or finalised meanwhile — is given back.
 */
function payInApplies(purpose: PaymentRow['purpose'], contest: ContestRow): boolean {
  if (isClosed(contest)) return false;
  return purpose === 'contest' ? contest.status === CONTEST_STATUS.awaitingPayment : canChangeWinners(contest.status);
}

/** The operation that gives back a pay-in that arrived after its purpose was gone. */
export const LATE_RETURN_PREFIX = 'late-payin:';
export const lateReturnKey = (paymentId: number) => `${LATE_RETURN_PREFIX}${paymentId}`;

const ACCEPTED_CARD_TYPES: readonly string[] = CARD_TYPES.map((c) => c.value);

interface Due {
  purpose: PayInPurpose;
  prizes: number;
  amountCents: number;
  discountCents: number;
  /** The code whose use the pay-in takes; null when nothing is discounted. */
  promoCodeId: number | null;
}

/** The open pay-in of a contest that holds its use of a promo code, if any. */
async function heldPromotion(ctx: AppContext, contestId: number): Promise<PaymentRow | null> {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.contestId, contestId), isNotNull(payments.promoCodeId), eq(payments.status, 'created')))
    .limit(1);
  return row ?? null;
}

/**
 * What is due now. A promo code discounts only the creation payment; extra prizes are always
 * paid in full. The discount of a pay-in already open is the one computed when it opened,
 * whatever happened to the code since.
 */
async function amountDue(ctx: AppContext, userId: number, contest: ContestRow, cardType: string, log?: WarnLog): Promise<Due> {
  if (mayPayCreation('organiser', contest.status)) {
    const full: Due = { purpose: 'contest', prizes: 1, amountCents: contest.costCents, discountCents: 0, promoCodeId: null };
    if (!contest.promoCodeId) return full;
    const held = await heldPromotion(ctx, contest.id);
    if (held && !(await heldIsOver(ctx, userId, held, cardType, log))) {
      return { purpose: 'contest', prizes: 1, amountCents: held.amountCents, discountCents: held.discountCents, promoCodeId: held.promoCodeId };
    }
    const promo = await promoCodeById(ctx.db, contest.promoCodeId);
    const discountCents = promo ? promoDiscountCents(contest.costCents, promo) : 0;
    if (discountCents === 0) return full;
    return { purpose: 'contest', prizes: 1, amountCents: contest.costCents - discountCents, discountCents, promoCodeId: promo!.id };
  }
  return extraPrizesDue(contest);
}

/** Extra prizes, always paid in full; refused when the contest has nothing to pay. */
function extraPrizesDue(contest: ContestRow): Due {
  if (mayPayExtraPrizes('organiser', contest.status) && contest.winnersCount > contest.prizesPaid) {
    const prizes = contest.winnersCount - contest.prizesPaid;
    return { purpose: 'extra_prizes', prizes, amountCents: prizes * contest.costCents, discountCents: 0, promoCodeId: null };
  }
  throw conflict(P.nothingToPay);
}

async function ownContest(ctx: AppContext, userId: number, idConcours: number): Promise<ContestRow> {
  const contest = await findContest(ctx.db, idConcours);
  if (!contest) throw notFound(MESSAGES.contests.notFound);
  if (contest.ownerId !== userId) throw forbidden(MESSAGES.contests.notOwner);
  return contest;
}

/**
 * GET /payment/due: what opening a pay-in would ask now, read without opening one — no call
 * to the provider, no use of a code taken. A discounted pay-in already open keeps its amount;
 * otherwise the contest's code discounts the creation payment while it can still be used.
 */
export async function paymentDue(ctx: AppContext, userId: number, idConcours: number): Promise<PaymentDue> {
  const contest = await ownContest(ctx, userId, idConcours);
  if (isClosed(contest)) throw conflict(P.contestClosed);
  if (!mayPayCreation('organiser', contest.status)) {
    const due = extraPrizesDue(contest);
    return { idConcours, purpose: due.purpose, prizes: due.prizes, fullAmount: due.amountCents, discount: 0, amount: due.amountCents, promoCode: null, promoLapsed: false };
  }
  const full = { idConcours, purpose: 'contest' as const, prizes: 1, fullAmount: contest.costCents };
  const promo = contest.promoCodeId ? await promoCodeById(ctx.db, contest.promoCodeId) : null;
  if (!promo) return { ...full, discount: 0, amount: contest.costCents, promoCode: null, promoLapsed: false };
  const held = await heldPromotion(ctx, contest.id);
  if (held) return { ...full, discount: held.discountCents, amount: held.amountCents, promoCode: promo.code, promoLapsed: false };
  const usable = promoCodeState(promo, ctx.clock()) === 'usable';
  const discount = usable ? promoDiscountCents(contest.costCents, promo) : 0;
  return { ...full, discount, amount: contest.costCents - discount, promoCode: promo.code, promoLapsed: !usable };
}

/**
 * POST /concours/promo/check: the price a code gives, before the contest exists (the
 * wizard's price) or for an unpaid contest. A preview: the use is only taken when the pay-in
 * opens, so the answer is what the payment asks as long as the code is not used up meanwhile.
 */
export async function checkPromoCode(ctx: AppContext, userId: number, input: CheckPromoCodeInput): Promise<PromoCheck> {
  await assertCanOrganise(ctx, userId);
  let cost = input.cost ?? 0;
  if (input.idConcours !== undefined) {
    const contest = await ownContest(ctx, userId, input.idConcours);
    if (!mayPayCreation('organiser', contest.status)) throw conflict(P.promoCreationOnly);
    cost = contest.costCents;
  }
  const promo = await findPromoCode(ctx.db, input.code);
  const state = promo ? promoCodeState(promo, ctx.clock()) : 'notYet';
  if (state === 'notYet') throw new AppError(404, P.promoCheckUnknown, { code: P.promoCheckUnknown });
  if (state === 'expired') throw new AppError(409, P.promoCheckExpired, { code: P.promoCheckExpired });
  if (state === 'usedUp') throw new AppError(409, P.promoCheckUsedUp, { code: P.promoCheckUsedUp });
  if (state === 'disabled') throw new AppError(409, P.promoCheckDisabled, { code: P.promoCheckDisabled });
  const discount = promoDiscountCents(cost, promo!);
  return { code: promo!.code, cost, discount, amount: cost - discount };
}

/**
 * Whether the pay-in holding the contest's promotion is over, so that another may take the
 * code again: true once the provider says it failed (its use is then given back). One that is
 * still payable is offered again for the same card, and blocks a second discounted pay-in
 * for another card: two could both be paid. One that was paid is settled now.
 */
async function heldIsOver(ctx: AppContext, userId: number, held: PaymentRow, cardType: string, log?: WarnLog): Promise<boolean> {
  const age = ctx.clock().getTime() - held.createdAt.getTime();
  if (!held.redirectUrl) {
    // Being opened by another request (the same click waits for it and is offered it), or left
    // behind by one that died before the provider answered.
    if (age < OPENING_CLAIM_SECONDS * 1000) {
      if (held.cardType === cardType) return false;
      throw conflict(P.opening);
    }
    await markFailed(ctx, held.id, 'never opened at the provider');
    return true;
  }
  let state;
  try {
    state = await ctx.payments.getPayIn(held.providerPayinId);
  } catch (error) {
    rethrowProviderError(error, P.payInRefused, log);
  }
  if (state?.status === 'SUCCEEDED') {
    await confirmPayIn(ctx, userId, { idConcours: held.contestId, transactionId: held.providerPayinId }, log);
    throw conflict(P.alreadyConfirmed);
  }
  if (state?.status === 'CREATED') {
    if (held.cardType === cardType && age < REUSE_PENDING_MS) return false;
    throw conflict(P.promoPaymentOpen);
  }
  await markFailed(ctx, held.id, state?.resultMessage ?? 'unknown at provider');
  return true;
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

/** A pay-in that will never be paid: failed once, and the use of its promo code given back. */
async function markFailed(ctx: AppContext, paymentId: number, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', failureReason: reason, confirmedAt: ctx.clock() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
      .returning({ promoCodeId: payments.promoCodeId });
    if (failed?.promoCodeId) await releasePromoCodeUse(tx, failed.promoCodeId);
  });
}

/**
 * Records the pay-in about to be opened, taking its promo code's use in the same
 * transaction. Its provider id is a placeholder until the provider answers.
 */
async function recordOpening(ctx: AppContext, userId: number, contest: ContestRow, due: Due, cardType: string): Promise<PaymentRow> {
  const now = ctx.clock();
  try {
    return await ctx.db.transaction(async (tx: Tx) => {
      // A close holds this lock: the pay-in opens before it, and the close withdraws it, or not at all.
      const [locked] = await tx.select({ status: contests.status, refundedAt: contests.refundedAt }).from(contests).where(eq(contests.id, contest.id)).for('update');
      if (!locked) throw notFound(MESSAGES.contests.notFound);
      if (isClosed(locked)) throw conflict(P.contestClosed);
      if (due.promoCodeId) {
        const reservation = await reservePromoCodeUse(tx, due.promoCodeId, now);
        if (reservation !== 'reserved') throw new PromoRefused(reservation);
      }
      const [row] = await tx
        .insert(payments)
        .values({
          contestId: contest.id,
          userId,
          purpose: due.purpose,
          prizes: due.prizes,
          provider: ctx.payments.name,
          providerPayinId: `opening-${randomBytes(12).toString('hex')}`,
          amountCents: due.amountCents,
          promoCodeId: due.promoCodeId,
          discountCents: due.discountCents,
          cardType,
          status: 'created',
          createdAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (error instanceof PromoRefused) {
      // The code lapsed or ran out since the contest was created: dropped, so that the next
      // attempt pays the full price knowingly rather than silently.
      await ctx.db.update(contests).set({ promoCodeId: null, updatedAt: ctx.clock() }).where(eq(contests.id, contest.id));
      throw conflict({ usedUp: P.promoUsedUp, disabled: P.promoDisabled, expired: P.promoExpired }[error.reason]);
    }
    if (uniqueViolation(error) === 'payments_one_promotion_per_contest') throw conflict(P.promoPaymentOpen);
    throw error;
  }
}

/** The provider opened nothing: the pay-in recorded for it goes, and its code's use comes back. */
async function abandonOpening(ctx: AppContext, paymentId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
      .returning({ promoCodeId: payments.promoCodeId });
    if (gone?.promoCodeId) await releasePromoCodeUse(tx, gone.promoCodeId);
  });
}

class PromoRefused extends Error {
  constructor(readonly reason: 'disabled' | 'expired' | 'usedUp') {
    super(`promo code ${reason}`);
  }
}

/** POST /payment/create/web/payin */
export async function createPayIn(ctx: AppContext, userId: number, input: { idConcours: number; cardType: string }, log?: WarnLog): Promise<PayInCreated> {
  // Refused before anything reaches the provider (PAYLIB is gone, older clients still send it: docs/architecture.md §10).
  if ((RETIRED_CARD_TYPES as readonly string[]).includes(input.cardType) || !ACCEPTED_CARD_TYPES.includes(input.cardType)) {
    throw badRequest(P.cardTypeRefused, { cardType: P.cardTypeRefused });
  }
  const contest = await ownContest(ctx, userId, input.idConcours);
  if (isClosed(contest)) throw conflict(P.contestClosed);
  const { ownerId, payerId } = await assertCanOrganise(ctx, userId);
  const due = await amountDue(ctx, userId, contest, input.cardType, log);

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
    const opening = await recordOpening(ctx, userId, contest, due, input.cardType);
    let created;
    try {
      created = await ctx.payments.createWebPayIn({
        ownerId,
        walletId: payerId,
        amountCents: due.amountCents,
        cardType: input.cardType,
        returnUrl: `${ctx.config.publicUrl}${webPaths.paymentReturn(contest.id)}`,
        tag: `contest:${contest.id}:${due.purpose}`,
      });
    } catch (error) {
      await abandonOpening(ctx, opening.id);
      rethrowProviderError(error, P.payInRefused, log);
    }
    const [row] = await ctx.db
      .update(payments)
      .set({ providerPayinId: created.payInId, redirectUrl: created.redirectUrl })
      .where(eq(payments.id, opening.id))
      .returning();
    // Closed while the provider opened it: a close that came meanwhile could not withdraw it yet.
    const now = await findContest(ctx.db, contest.id);
    if (!now || isClosed(now)) {
      await reconcilePayIn(ctx, row!, log);
      throw conflict(P.contestClosed);
    }
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
        isNotNull(payments.redirectUrl),
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

export interface Confirmation extends PayInConfirmed {
  message: string;
}

/**
 * The confirmation of a pay-in whose contest no longer takes it: gone (410), unlike a pay-in
 * still pending (409), so that the page says it rather than offering to ask again.
 */
const gone = (message: string) => new AppError(410, message);

function refusalFor(payment: PaymentRow): AppError {
  if (payment.failureReason === CONTEST_CLOSED) return gone(P.contestClosed);
  return payment.failureReason === AMOUNT_MISMATCH ? badRequest(P.amountMismatch) : new AppError(402, P.failed);
}

/** The refusal of a pay-in given back because it arrived after its purpose was gone; null for any other. */
async function lateReturnRefusal(ctx: AppContext, payment: PaymentRow): Promise<AppError | null> {
  const [given] = await ctx.db
    .select({ reason: refunds.reason })
    .from(refunds)
    .where(and(eq(refunds.operationKey, lateReturnKey(payment.id)), eq(refunds.kind, 'payin')))
    .limit(1);
  if (!given) return null;
  const amount = formatEuros(payment.amountCents);
  return gone(given.reason === P.returnedReasonPaid ? P.returnedPaid(amount) : P.returnedLate(amount));
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
  return settleWithProvider(ctx, payment, log);
}

/**
 * Asks the provider about a pay-in and applies what it says, once: the organiser's
 * confirmation, and the passes that follow pay-ins nobody came back to.
 */
async function settleWithProvider(ctx: AppContext, payment: PaymentRow, log?: WarnLog): Promise<Confirmation> {
  if (payment.status === 'succeeded') {
    const late = await lateReturnRefusal(ctx, payment);
    if (late) {
      // Asked again in case the provider was away when it was decided; the job does it too.
      await settleRefunds(ctx, lateReturnKey(payment.id), log).catch(() => {});
      throw late;
    }
    return confirmation(ctx, payment, P.alreadyConfirmed);
  }
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
    const contest = await findContest(ctx.db, payment.contestId);
    const closed = !contest || isClosed(contest);
    await markFailed(ctx, payment.id, closed ? CONTEST_CLOSED : (state.resultMessage ?? 'FAILED'));
    throw closed ? gone(P.contestClosed) : new AppError(402, P.failed);
  }

  const [payer] = await ctx.db.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, payment.userId)).limit(1);
  if (state.amountCents !== payment.amountCents || state.creditedWalletId !== payer?.payerId || state.authorId !== payer?.ownerId) {
    await markFailed(ctx, payment.id, AMOUNT_MISMATCH);
    log?.warn(
      { paymentId: payment.id, stored: { amount: payment.amountCents, wallet: payer?.payerId }, provider: state },
      'pay-in does not match what was ordered: refused, a refund is needed',
    );
    throw badRequest(P.amountMismatch);
  }

  if (payment.discountCents > 0) await fundPromotion(ctx, payment, payer.payerId, log);
  const settled = await settlePayment(ctx, payment.id);
  const late = settled === 'applied' ? null : await lateReturnRefusal(ctx, payment);
  if (late) {
    // The money came for a contest that no longer takes it: back to the card now; a provider
    // away leaves the refund pending for the job.
    await settleRefunds(ctx, lateReturnKey(payment.id), log).catch(() => {});
    throw late;
  }
  return confirmation(ctx, payment, settled === 'applied' ? null : P.alreadyConfirmed);
}

/**
 * What the organiser is told of a settled pay-in: what it paid for, and for extra prizes
 * whether the contest is now finalised (it is unless winners were added while paying).
 */
async function confirmation(ctx: AppContext, payment: PaymentRow, message: string | null): Promise<Confirmation> {
  const base = { idConcours: payment.contestId, purpose: payment.purpose };
  if (payment.purpose === 'contest') return { ...base, finalised: false, message: message ?? P.confirmed };
  const [contest] = await ctx.db.select({ status: contests.status }).from(contests).where(eq(contests.id, payment.contestId)).limit(1);
  const finalised = contest !== undefined && isFinalised(contest.status);
  return { ...base, finalised, message: message ?? (finalised ? P.extraConfirmedFinalised : P.extraConfirmed) };
}

/**
 * The platform pays the discount into the organiser's wallet at the provider before the
 * pay-in is settled, under a key of its own: a confirmation retried, repeated or concurrent
 * replays the same transfer. Until it succeeds the pay-in stays unsettled (and the contest
 * unpublished): the escrow never counts money the provider does not hold.
 */
async function fundPromotion(ctx: AppContext, payment: PaymentRow, organiserWalletId: string, log?: WarnLog): Promise<void> {
  let status: string;
  try {
    const state = await ctx.payments.fundPromotion({
      creditedWalletId: organiserWalletId,
      amountCents: payment.discountCents,
      tag: `promotion:${payment.id}`,
      idempotencyKey: promotionKey(payment),
    });
    status = state.status;
  } catch (error) {
    log?.warn({ err: error, paymentId: payment.id }, 'promotion could not be paid from the platform wallet: the pay-in waits');
    throw new AppError(503, P.promotionDelayed);
  }
  if (status === 'FAILED') {
    // MangoPay refuses a transfer beyond the promotions wallet's balance, and answers the same
    // key with the same refusal: the next attempt, once the platform has funded the wallet,
    // needs a key of its own. A refused transfer moved nothing, so a new key cannot pay twice.
    await ctx.db
      .update(payments)
      .set({ promotionAttempt: payment.promotionAttempt + 1 })
      .where(and(eq(payments.id, payment.id), eq(payments.promotionAttempt, payment.promotionAttempt)));
    log?.warn({ paymentId: payment.id }, 'promotion transfer refused: is the platform promotions wallet funded?');
    throw new AppError(503, P.promotionDelayed);
  }
  if (status !== 'SUCCEEDED') throw new AppError(503, P.promotionDelayed);
}

const promotionKey = (payment: { id: number; promotionAttempt: number }) => `promotion-${payment.id}-${payment.promotionAttempt}`;

/**
 * The effects of a succeeded pay-in, all in one transaction with the payment row and the
 * contest row locked: ledger, prizes paid, and for the creation payment the contest goes
 * online (docs/product.md §2). The contest is read under its lock, as it is now, not as it was
 * when the pay-in opened: a pay-in whose purpose is gone (the contest closed, refunded or
 * finalised meanwhile) comes into the escrow and is planned back to the card in the same
 * transaction, the organiser told. Returns 'done' when another request settled it first.
 */
async function settlePayment(ctx: AppContext, paymentId: number): Promise<'applied' | 'returned' | 'done'> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.status === 'succeeded') return 'done';
    if (payment.status === 'failed') throw refusalFor(payment);
    const [contest] = await tx.select().from(contests).where(eq(contests.id, payment.contestId)).for('update');
    const now = ctx.clock();

    const discount = payment.discountCents;
    if (payment.amountCents + discount !== contest!.costCents * payment.prizes) throw new Error(`payment ${payment.id} does not cover its prizes exactly`);
    const entries: LedgerEntry[] = [
      { account: accounts.worldPayins, amountCents: -payment.amountCents, contestId: contest!.id },
      { account: accounts.escrow(contest!.id), amountCents: payment.amountCents },
    ];
    const posted = await post(tx, { key: `payin:${payment.id}`, kind: 'payin', entries });
    if (!posted) throw new Error(`ledger operation payin:${payment.id} exists for an unsettled payment`);
    if (discount > 0) {
      // The transfer from the platform's promotions wallet, done at the provider just before.
      await post(tx, {
        key: `promotion:${payment.id}`,
        kind: 'promotion',
        entries: [
          { account: accounts.platformPromotions, amountCents: -discount, contestId: contest!.id },
          { account: accounts.escrow(contest!.id), amountCents: discount },
        ],
      });
    }
    await tx.update(payments).set({ status: 'succeeded', confirmedAt: now }).where(eq(payments.id, payment.id));

    if (!payInApplies(payment.purpose, contest!)) {
      await planLateReturn(ctx, tx, payment, contest!, now);
      return 'returned';
    }
    // A creation payment applies only to a contest awaiting it: it publishes it.
    const opens = payment.purpose === 'contest';
    await tx
      .update(contests)
      .set({
        prizesPaid: sql`${contests.prizesPaid} + ${payment.prizes}`,
        updatedAt: now,
        ...(opens ? { status: CONTEST_STATUS.open, paidAt: now, endDate: new Date(now.getTime() + CONTEST_DURATION_MS) } : {}),
      })
      .where(eq(contests.id, contest!.id));
    // Extra prizes are paid to finalise: done here, once, under the same locks.
    if (payment.purpose === 'extra_prizes') await finaliseOncePaid(ctx, tx, contest!.id);
    return 'applied';
  });
}

/**
 * Under the payment's and the contest's locks: the whole pay-in (and the discount the
 * platform put with it) planned back, as refunds the provider is asked for after the commit
 * (`settleRefunds`, or the refunds' job); the organiser told in the app and by mail.
 */
async function planLateReturn(ctx: AppContext, tx: Tx, payment: PaymentRow, contest: ContestRow, now: Date): Promise<void> {
  const closed = isClosed(contest);
  const reason = closed ? P.returnedReasonClosed : P.returnedReasonPaid;
  const base = { operationKey: lateReturnKey(payment.id), contestId: contest.id, paymentId: payment.id, provider: payment.provider, reason, createdAt: now };
  await tx.insert(refunds).values([
    { ...base, kind: 'payin' as const, amountCents: payment.amountCents },
    ...(payment.discountCents > 0 ? [{ ...base, kind: 'promotion' as const, amountCents: payment.discountCents }] : []),
  ]);
  const amount = formatEuros(payment.amountCents);
  const text = (closed ? P.returnedNotice : P.returnedPaidNotice)(contest.companyName, amount);
  const link = webPaths.proposals(contest.id);
  await notify(tx, { userId: payment.userId, kind: 'payin_returned', text, link, contestId: contest.id, at: now });
  const [organiser] = await tx.select({ email: users.email, firstName: users.firstName, pseudo: users.pseudo }).from(users).where(eq(users.id, payment.userId));
  await enqueueMail(
    ctx.queue,
    tx,
    linkMail({ to: organiser!.email, name: organiser!.firstName ?? organiser!.pseudo, subject: P.returnedMailSubject, intro: text, link: `${ctx.config.publicUrl}${link}`, notes: [P.returnedMailNote] }),
  );
}

/** An open pay-in holding a promo code's use is looked at again after this long. */
export const PROMOTION_HOLD_CHECK_MS = REUSE_PENDING_MS;

/**
 * What the provider says of one open pay-in, applied: settled when paid (given back if its
 * contest no longer takes it), failed when it failed, and withdrawn at the provider when its
 * contest closed. Provider outages and refusals are left for the next pass.
 */
async function reconcilePayIn(ctx: AppContext, payment: PaymentRow, log?: WarnLog): Promise<boolean> {
  if (!payment.redirectUrl) {
    // Its opening died before the provider answered (the job only sees it long after): its code's use comes back.
    await markFailed(ctx, payment.id, 'never opened at the provider');
    return true;
  }
  try {
    const contest = await findContest(ctx.db, payment.contestId);
    if (contest && isClosed(contest)) {
      // Not withdrawn (the provider away, or it cannot): what it says next is applied below.
      await ctx.payments.cancelPayIn(payment.providerPayinId).catch((error: unknown) => log?.warn({ err: error, paymentId: payment.id }, 'pay-in of a closed contest not withdrawn'));
    }
    await settleWithProvider(ctx, payment, log);
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Settled or given back now (409, 410), failed (402, 410); still payable or the provider away: next pass.
    return error.status !== 503 && error.message !== P.pending;
  }
}

/**
 * After a contest closes (admin cancellation, approved refund request): its pay-ins still open
 * are withdrawn at the provider where it allows, and one paid meanwhile is given back.
 */
export async function withdrawOpenPayIns(ctx: AppContext, contestId: number, log?: WarnLog): Promise<void> {
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.contestId, contestId), eq(payments.status, 'created'), eq(payments.provider, ctx.payments.name), isNotNull(payments.redirectUrl)))
    .orderBy(asc(payments.id));
  for (const payment of open) await reconcilePayIn(ctx, payment, log).catch((error: unknown) => log?.warn({ err: error, paymentId: payment.id }, 'open pay-in of a closed contest left to the job'));
}

/**
 * The pass of the job `paiements ouverts` (jobs/index.ts): pay-ins nobody came back to. Those of
 * a closed contest at once — withdrawn, or given back when paid anyway —, the others
 * PROMOTION_HOLD_CHECK_MS after they opened — settled when paid, failed when they failed (and
 * a promo code's use given back). Safe on several instances: a pay-in fails once, settles once,
 * and is given back once.
 */
export async function settleOpenPayIns(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock().getTime() - PROMOTION_HOLD_CHECK_MS);
  const open = await ctx.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(contests, eq(contests.id, payments.contestId))
    .where(
      and(
        eq(payments.status, 'created'),
        eq(payments.provider, ctx.payments.name),
        or(lt(payments.createdAt, before), and(isNotNull(payments.redirectUrl), or(eq(contests.status, CONTEST_STATUS.cancelled), isNotNull(contests.refundedAt)))),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(200);
  let done = 0;
  for (const { payment } of open) if (await reconcilePayIn(ctx, payment)) done++;
  return done;
}
