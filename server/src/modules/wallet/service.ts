/**
 * The talent's wallet (docs/product.md §3): its
 * balance is the ledger account `wallet:<userId>`, and "Transférer" pays the whole balance out
 * to the saved IBAN through the payment provider — once, however often it is clicked.
 */
import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { AppError, MESSAGES, conflict, formatEuros, notFound, maskIban, type PayoutDto, type WalletDto, MINUTE_MS, webPaths } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { bankAccounts, contests, ledgerAccounts, ledgerEntries, ledgerOperations, legalStatuses, payouts, users } from '../../db/schema';
import { ProviderRefusedError, ProviderUnavailableError, type PayoutState } from '../../adapters/payments/port';
import { accounts, balanceOf, post } from '../ledger/ledger';
import { notify } from '../notifications/notify';
import { rethrowProviderError, type WarnLog } from '../payments/provider-errors';

const W = MESSAGES.wallet;

type PayoutRow = typeof payouts.$inferSelect;

/** The wallet page shows the latest movements; older ones stay in the ledger. */
const HISTORY_SIZE = 100;
const PAYOUTS_SIZE = 20;

/**
 * The provider's idempotency key of one attempt of a pay-out: the first is the talent's
 * request, each later one an admin's retry of a failed pay-out (retryFailedPayout).
 */
const payoutKey = (p: { id: number; attempt: number }) => (p.attempt === 0 ? `payout-${p.id}` : `payout-${p.id}-attempt-${p.attempt}`);
/** Ledger keys of an attempt: the money leaving the wallet, and coming back if it fails. */
const payoutOperationKey = (p: { id: number; attempt: number }) => (p.attempt === 0 ? `payout:${p.id}` : `payout:${p.id}:attempt-${p.attempt}`);
const reversalKey = (p: { id: number; attempt: number }) => (p.attempt === 0 ? `payout-reversal:${p.id}` : `payout-reversal:${p.id}:attempt-${p.attempt}`);

function toPayoutDto(p: PayoutRow): PayoutDto {
  return { id: p.id, amount: p.amountCents, status: p.status, createdAt: p.createdAt.toISOString() };
}

function historyLabel(kind: string, companyName: string | null): string {
  switch (kind) {
    case 'prize':
      return W.history.prize(companyName ?? '—');
    case 'payout':
      return W.history.payout;
    case 'payout_reversal':
      return W.history.payoutReversal;
    default:
      return W.history.other;
  }
}

async function bankAccountOf(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/** GET /wallet */
export async function getWallet(ctx: AppContext, userId: number): Promise<WalletDto> {
  const code = accounts.wallet(userId);
  const [balance, bank, history, recentPayouts] = await Promise.all([
    balanceOf(ctx.db, code),
    bankAccountOf(ctx.db, userId),
    ctx.db
      .select({ id: ledgerEntries.id, amount: ledgerEntries.amountCents, createdAt: ledgerEntries.createdAt, kind: ledgerOperations.kind, companyName: contests.companyName })
      .from(ledgerEntries)
      .innerJoin(ledgerOperations, eq(ledgerOperations.key, ledgerEntries.operationKey))
      .leftJoin(contests, eq(contests.id, ledgerEntries.contestId))
      .where(eq(ledgerEntries.accountCode, code))
      .orderBy(desc(ledgerEntries.id))
      .limit(HISTORY_SIZE),
    ctx.db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt), desc(payouts.id)).limit(PAYOUTS_SIZE),
  ]);
  return {
    balance,
    bankAccount: bank ? { name: bank.holderName, iban: maskIban(bank.iban) } : null,
    history: history.map((h) => ({ id: h.id, kind: h.kind, amount: Number(h.amount), createdAt: h.createdAt.toISOString(), label: historyLabel(h.kind, h.companyName) })),
    payouts: recentPayouts.map(toPayoutDto),
  };
}

export interface BankDetails {
  bankAccount: { name: string; iban: string } | null;
}

/** GET /user/bank-details — the IBAN masked. */
export async function getBankDetails(ctx: AppContext, userId: number): Promise<BankDetails> {
  const bank = await bankAccountOf(ctx.db, userId);
  return { bankAccount: bank ? { name: bank.holderName, iban: maskIban(bank.iban) } : null };
}

/**
 * POST /user/bank-details. The IBAN is registered at the provider first (it needs the
 * account opened by the status form, and the holder's address from it), then saved: a
 * second save replaces the first, and pay-outs use the latest.
 */
export async function saveBankDetails(ctx: AppContext, userId: number, input: { name: string; iban: string }, log?: WarnLog): Promise<BankDetails> {
  const [row] = await ctx.db
    .select({ ownerId: users.ownerId, address: legalStatuses.address, zip: legalStatuses.zip, city: legalStatuses.city, country: legalStatuses.country })
    .from(users)
    .leftJoin(legalStatuses, eq(legalStatuses.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.ownerId || !row.address || !row.zip || !row.city || !row.country) throw conflict(W.statusRequired);
  let registered: { bankAccountId: string };
  try {
    registered = await ctx.payments.registerBankAccount({
      ownerId: row.ownerId,
      holderName: input.name,
      iban: input.iban,
      address: { addressLine1: row.address, city: row.city, postalCode: row.zip, country: row.country },
    });
  } catch (error) {
    rethrowProviderError(error, W.bankRefused, log);
  }
  const now = ctx.clock();
  const values = { holderName: input.name, iban: input.iban, providerBankAccountId: registered.bankAccountId, updatedAt: now };
  await ctx.db
    .insert(bankAccounts)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: bankAccounts.userId, set: values });
  return { bankAccount: { name: input.name, iban: maskIban(input.iban) } };
}

export interface PayoutOutcome {
  payout: PayoutDto;
  message: string;
  /** 200 paid, 202 accepted and settled later by the job. */
  httpStatus: 200 | 202;
}

/**
 * POST /wallet/transfer. In one transaction, with the wallet's ledger row locked, the whole
 * balance leaves the wallet for `world:payouts` and a pending pay-out is recorded; twenty
 * concurrent clicks queue on that lock and all but the first find an empty wallet. Only then
 * is the provider asked, under an idempotency key derived from the pay-out's id. The client's
 * own key, when it sends one, makes a click sent again the same pay-out with the same answer. A refusal
 * puts the money back (`payout-reversal:<id>`); an outage leaves the pay-out pending for the
 * settle-payouts job, since the provider may have made it.
 */
export async function requestPayout(ctx: AppContext, userId: number, input: { idempotencyKey?: string | undefined } = {}, log?: WarnLog): Promise<PayoutOutcome> {
  const key = input.idempotencyKey ?? null;
  const opened = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [wallet] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, accounts.wallet(userId))).for('update');
    // Under the wallet's lock: a click that comes again with its key gets the first answer.
    if (key) {
      const [earlier] = await tx.select().from(payouts).where(and(eq(payouts.userId, userId), eq(payouts.idempotencyKey, key)));
      if (earlier) return { earlier };
    }
    const amount = Number(wallet?.balanceCents ?? 0);
    if (amount <= 0) throw conflict(W.emptyBalance);
    const bank = await bankAccountOf(tx, userId);
    if (!bank?.providerBankAccountId) throw conflict(W.noBankAccount);
    const [user] = await tx.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, userId));
    if (!user?.ownerId || !user.payerId) throw conflict(W.statusRequired);
    const [payout] = await tx
      .insert(payouts)
      .values({ userId, bankAccountId: bank.id, amountCents: amount, provider: ctx.payments.name, status: 'pending', idempotencyKey: key, createdAt: now })
      .returning();
    await post(tx, {
      key: payoutOperationKey(payout!),
      kind: 'payout',
      entries: [
        { account: accounts.wallet(userId), amountCents: -amount },
        { account: accounts.worldPayouts, amountCents: amount },
      ],
    });
    return { payout: payout!, ownerId: user.ownerId, payerId: user.payerId, bankAccountId: bank.providerBankAccountId };
  });
  if (opened.earlier) return outcomeOf(opened.earlier);

  const { payout } = opened;
  const sent = await sendPayout(ctx, opened, log);
  if (sent.kind === 'refused') throw new AppError(502, W.transferFailed);
  if (sent.kind === 'unknown') return { payout: toPayoutDto(payout), message: W.transferPending, httpStatus: 202 };
  return outcomeOf(sent.row);
}

type SentPayout = { kind: 'settled'; row: PayoutRow } | { kind: 'refused'; row: PayoutRow; reason: string } | { kind: 'unknown' };

/**
 * Asks the provider for a pay-out already taken from the wallet, under its attempt's key. A
 * refusal gives the money back (`settlePayout`); an outage leaves the pay-out pending for the
 * `suivi des virements` job, which asks again under the same key.
 */
async function sendPayout(ctx: AppContext, opened: { payout: PayoutRow; ownerId: string; payerId: string; bankAccountId: string }, log?: WarnLog): Promise<SentPayout> {
  const { payout } = opened;
  let state: PayoutState;
  try {
    state = await ctx.payments.createPayout({
      ownerId: opened.ownerId,
      walletId: opened.payerId,
      bankAccountId: opened.bankAccountId,
      amountCents: payout.amountCents,
      tag: `payout:${payout.id}`,
      idempotencyKey: payoutKey(payout),
    });
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      log?.warn({ err: error, payoutId: payout.id, attempt: payout.attempt }, 'payout refused by the provider: balance restored');
      return { kind: 'refused', row: await settlePayout(ctx, payout.id, { status: 'FAILED', reason: error.message }), reason: error.message };
    }
    if (error instanceof ProviderUnavailableError) {
      log?.warn({ err: error, payoutId: payout.id, attempt: payout.attempt }, 'payout outcome unknown: left pending for the settle-payouts job');
      return { kind: 'unknown' };
    }
    throw error;
  }
  return { kind: 'settled', row: await settlePayout(ctx, payout.id, { status: state.status, providerPayoutId: state.payoutId, reason: state.resultMessage }) };
}

export interface RetryOutcome {
  payout: PayoutRow;
  /** 200 paid, 202 sent and settled later by the job, 502 refused again (the money is back). */
  httpStatus: 200 | 202 | 502;
  message: string;
}

/**
 * An admin sends a failed pay-out again (docs/product.md §2, « Argent »). A failed pay-out
 * gave its money back to the wallet (`payout-reversal`), so a retry is the same pay-out taken
 * again: in one transaction, with the pay-out's row then the wallet's ledger row locked, the
 * amount leaves the wallet again and the pay-out is pending under its next attempt, then the
 * provider is asked under that attempt's own key. A second click, or a second admin, finds
 * the pay-out no longer failed; a member who asked for a new transfer meanwhile emptied the
 * wallet, and the retry is refused rather than paying the same money twice. `record` writes
 * the admin's action in the same transaction.
 */
export async function retryFailedPayout(
  ctx: AppContext,
  payoutId: number,
  record: (tx: Tx, payout: PayoutRow, at: Date) => Promise<void>,
  log?: WarnLog,
): Promise<RetryOutcome> {
  const M = MESSAGES.admin.money;
  const opened = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [failed] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!failed) throw notFound(M.payoutNotFound);
    if (failed.status !== 'failed') throw conflict(M.payoutNotFailed);
    const [wallet] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, accounts.wallet(failed.userId))).for('update');
    if (Number(wallet?.balanceCents ?? 0) < failed.amountCents) throw conflict(M.payoutMoneyGone);
    const bank = await bankAccountOf(tx, failed.userId);
    const [user] = await tx.select({ ownerId: users.ownerId, payerId: users.payerId }).from(users).where(eq(users.id, failed.userId));
    if (!bank?.providerBankAccountId || !user?.ownerId || !user.payerId) throw conflict(M.payoutNoBankAccount);
    const [payout] = await tx
      .update(payouts)
      .set({ status: 'pending', attempt: failed.attempt + 1, bankAccountId: bank.id, providerPayoutId: null, failureReason: null, completedAt: null })
      .where(eq(payouts.id, payoutId))
      .returning();
    await post(tx, {
      key: payoutOperationKey(payout!),
      kind: 'payout',
      entries: [
        { account: accounts.wallet(failed.userId), amountCents: -failed.amountCents },
        { account: accounts.worldPayouts, amountCents: failed.amountCents },
      ],
    });
    await record(tx, failed, now);
    return { payout: payout!, ownerId: user.ownerId, payerId: user.payerId, bankAccountId: bank.providerBankAccountId };
  });

  const { payout } = opened;
  const sent = await sendPayout(ctx, opened, log);
  if (sent.kind === 'refused') return { payout: sent.row, httpStatus: 502, message: M.payoutRetryRefused(sent.reason) };
  if (sent.kind === 'unknown') return { payout, httpStatus: 202, message: M.payoutRetryPending };
  const row = sent.row;
  if (row.status === 'succeeded') return { payout: row, httpStatus: 200, message: M.payoutRetried(formatEuros(row.amountCents)) };
  if (row.status === 'failed') return { payout: row, httpStatus: 502, message: M.payoutRetryRefused(row.failureReason ?? '—') };
  return { payout: row, httpStatus: 202, message: M.payoutRetryPending };
}

function outcomeOf(payout: PayoutRow): PayoutOutcome {
  if (payout.status === 'failed') throw new AppError(502, W.transferFailed);
  return {
    payout: toPayoutDto(payout),
    message: payout.status === 'succeeded' ? W.transferStarted(formatEuros(payout.amountCents)) : W.transferPending,
    httpStatus: payout.status === 'succeeded' ? 200 : 202,
  };
}

interface ProviderOutcome {
  status: PayoutState['status'];
  providerPayoutId?: string | null;
  reason?: string | null;
}

/**
 * Records what the provider said about a pending pay-out, once: a succeeded one notifies the
 * talent, a failed one gives the money back to the wallet, a CREATED one only keeps the
 * provider's id for the job to ask again. A pay-out that is no longer pending is left as is.
 */
async function settlePayout(ctx: AppContext, payoutId: number, outcome: ProviderOutcome): Promise<PayoutRow> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw new Error(`payout ${payoutId} does not exist`);
    if (payout.status !== 'pending') return payout;
    const providerPayoutId = outcome.providerPayoutId ?? payout.providerPayoutId;
    if (outcome.status === 'CREATED') {
      const [row] = await tx.update(payouts).set({ providerPayoutId }).where(eq(payouts.id, payoutId)).returning();
      return row!;
    }
    if (outcome.status === 'SUCCEEDED') {
      const [row] = await tx.update(payouts).set({ status: 'succeeded', providerPayoutId, completedAt: now }).where(eq(payouts.id, payoutId)).returning();
      await notify(tx, { userId: payout.userId, kind: 'payout_sent', text: MESSAGES.notifications.payoutSent(formatEuros(payout.amountCents)), link: webPaths.profile, at: now });
      return row!;
    }
    const [row] = await tx
      .update(payouts)
      .set({ status: 'failed', providerPayoutId, failureReason: (outcome.reason ?? 'FAILED').slice(0, 500), completedAt: now })
      .where(eq(payouts.id, payoutId))
      .returning();
    await post(tx, {
      key: reversalKey(payout),
      kind: 'payout_reversal',
      entries: [
        { account: accounts.wallet(payout.userId), amountCents: payout.amountCents },
        { account: accounts.worldPayouts, amountCents: -payout.amountCents },
      ],
    });
    return row!;
  });
}

/** A pay-out younger than this may still be in the hands of the request that opened it. */
export const PAYOUT_SETTLE_AFTER_MS = 2 * MINUTE_MS;
const BATCH = 50;

/**
 * Settles pay-outs left pending (a crash between the ledger and the provider, an outage, a
 * provider that answers CREATED and pays later): asks the provider about the ones it knows,
 * and sends again — under the same idempotency key, so never twice — the ones it never
 * acknowledged. Safe on several instances: settlePayout changes a pending row once.
 */
export async function settlePendingPayouts(ctx: AppContext): Promise<number> {
  let settled = 0;
  let afterId = 0;
  let firstError: unknown = null;
  for (;;) {
    const before = new Date(ctx.clock().getTime() - PAYOUT_SETTLE_AFTER_MS);
    const batch = await ctx.db
      .select({ payout: payouts, ownerId: users.ownerId, payerId: users.payerId, providerBankAccountId: bankAccounts.providerBankAccountId })
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
      .where(and(eq(payouts.status, 'pending'), eq(payouts.provider, ctx.payments.name), lt(payouts.createdAt, before), gt(payouts.id, afterId)))
      .orderBy(asc(payouts.id))
      .limit(BATCH);
    for (const { payout, ownerId, payerId, providerBankAccountId } of batch) {
      afterId = payout.id;
      try {
        let state: PayoutState | null;
        if (payout.providerPayoutId) {
          state = await ctx.payments.getPayout(payout.providerPayoutId);
        } else {
          state = await ctx.payments.createPayout({
            ownerId: ownerId!,
            walletId: payerId!,
            bankAccountId: providerBankAccountId!,
            amountCents: payout.amountCents,
            tag: `payout:${payout.id}`,
            idempotencyKey: payoutKey(payout),
          });
        }
        if (!state) continue;
        const row = await settlePayout(ctx, payout.id, { status: state.status, providerPayoutId: state.payoutId, reason: state.resultMessage });
        if (row.status !== 'pending') settled++;
      } catch (error) {
        if (error instanceof ProviderRefusedError) {
          await settlePayout(ctx, payout.id, { status: 'FAILED', reason: error.message });
          settled++;
        } else if (!(error instanceof ProviderUnavailableError)) {
          firstError ??= error;
        }
      }
    }
    if (batch.length < BATCH) break;
  }
  // The others were settled; the job runner logs what went wrong.
  if (firstError) throw firstError;
  return settled;
}
