/**
 * The built-in payment provider (PAYMENT_PROVIDER=sandbox, the default): behaves like
 * MangoPay for everything the product does — accounts, wallets with balances, web card
 * pay-ins on a hosted page, bank accounts, pay-outs and transfers — and keeps its state in
 * the database (`sandbox_operations`) so it survives restarts and works across instances.
 *
 * Its hosted payment page (served by the app under /sandbox/payin/:id) is the only way a
 * pay-in succeeds, as with a real provider: the product learns the outcome by asking
 * `getPayIn`, never from the browser that comes back.
 *
 * Calls never run inside the caller's transaction: like a remote provider, each call is its
 * own unit of work (and PGlite serves one transaction at a time).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { CARD_TYPES, isValidIban, normaliseIban, SANDBOX_PAGE, MINUTE_MS } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { sandboxOperations } from '../../db/schema';
import {
  AccountKindLockedError,
  ProviderRefusedError,
  returnUrlWithTransaction,
  type AccountInput,
  type BankAccountRequest,
  type PayInState,
  type PaymentProvider,
  type PayoutRequest,
  type PayoutState,
  type PromotionRequest,
  type PromotionReturnRequest,
  type ProviderAccount,
  type RefundRequest,
  type RefundState,
  type TransferRequest,
  type TransferState,
  type WebPayIn,
  type WebPayInRequest,
} from './port';

/**
 * Documented in README.md (« Paiement de test ») and on the hosted page itself. Numbers in
 * MangoPay's test ranges, with a valid Luhn key so that they pass the page's own checks.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4970 1010 0000 0152',
  declined: '4972 4858 3000 0005',
} as const;

/**
 * The platform's own account and the wallet promotions are paid from. The sandbox tops that
 * wallet up from the platform's bank (a pay-in of the platform's) whenever a promotion needs
 * more than it holds, as the platform's treasury would with MangoPay.
 */
const SANDBOX_PLATFORM = { ownerId: 'usr_platform', promotionsWalletId: 'wlt_platform_promotions' } as const;

/** A hosted page left unpaid for this long expires and its pay-in fails. */
export const SANDBOX_PAYIN_TTL_MS = 15 * MINUTE_MS;

const ACCEPTED_CARD_TYPES: readonly string[] = CARD_TYPES.map((c) => c.value);

type Row = typeof sandboxOperations.$inferSelect;

interface PayInData {
  cardType: string;
  returnUrl: string;
  tag: string;
  /**
   * Carried by the hosted page's address and its links: the pay-in's id travels back in the
   * merchant's return address (and so in histories and logs), this secret only to the payer.
   */
  pageSecret?: string;
}

export interface HostedPayIn {
  id: string;
  amountCents: number;
  cardType: string;
  status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  /** Where the payer goes back, `transactionId` appended. */
  returnUrl: string;
  expired: boolean;
  /** Withdrawn by the merchant: its contest closed before it was paid. */
  withdrawn: boolean;
  /** The page's own secret, repeated in its form and its cancel link. */
  pageSecret: string;
}

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFormErrors = Partial<Record<keyof CardForm, string>>;

export type CardOutcome =
  /** The form needs correcting; nothing changed. */
  | { kind: 'invalid'; payIn: HostedPayIn; errors: CardFormErrors; values: Omit<CardForm, 'cvc'> }
  /** The page expired before the card was sent; the pay-in is now FAILED. */
  | { kind: 'expired'; payIn: HostedPayIn }
  /** The merchant withdrew the pay-in before the card was sent; nothing is taken. */
  | { kind: 'withdrawn'; payIn: HostedPayIn }
  /** Paid, declined or already processed: back to the merchant. */
  | { kind: 'redirect'; url: string };

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks of a card form as a payment page does them, in French (spec: hosted page). */
function checkCardForm(form: CardForm, cardType: string, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  const number = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.number = SANDBOX_PAGE.cardNumberInvalid;
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  if (!expiry) {
    errors.expiry = SANDBOX_PAGE.expiryInvalid;
  } else {
    // A card is valid until the last moment of its expiry month.
    const endOfMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
    if (endOfMonth <= now.getTime()) errors.expiry = SANDBOX_PAGE.cardExpired;
  }
  const cvcDigits = cardType === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcDigits}}$`).test(form.cvc.trim())) errors.cvc = SANDBOX_PAGE.cvcInvalid(cvcDigits);
  return errors;
}

function requireText(value: string | null | undefined, what: string): void {
  if (!value || !value.trim()) throw new ProviderRefusedError(`${what} manquant`);
}

function checkAccount(input: AccountInput): void {
  const person = input.kind === 'natural' ? input.person : input.representative;
  requireText(person.firstName, 'FirstName');
  requireText(person.lastName, 'LastName');
  requireText(person.email, 'Email');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(person.birthday)) throw new ProviderRefusedError('Birthday invalide');
  if (input.kind === 'legal') requireText(input.name, 'Name');
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    /** Base of the hosted pages' addresses (PUBLIC_URL). */
    private readonly publicUrl: string,
  ) {}

  async createAccount(input: AccountInput): Promise<ProviderAccount> {
    checkAccount(input);
    const now = this.clock();
    const ownerId = newId('usr');
    const walletId = newId('wlt');
    await this.db.transaction(async (tx) => {
      await tx.insert(sandboxOperations).values({ id: ownerId, kind: 'user', status: 'ACTIVE', data: input, createdAt: now, updatedAt: now });
      await tx.insert(sandboxOperations).values({ id: walletId, kind: 'wallet', ownerId, balanceCents: 0, status: 'ACTIVE', data: { currency: 'EUR' }, createdAt: now, updatedAt: now });
    });
    return { ownerId, walletId };
  }

  async updateAccount(ownerId: string, input: AccountInput): Promise<void> {
    checkAccount(input);
    const user = await this.find(ownerId, 'user');
    if (!user) throw new ProviderRefusedError('Utilisateur inconnu');
    // Like MangoPay, a natural user never becomes a legal one (nor the reverse).
    if ((user.data as AccountInput).kind !== input.kind) throw new AccountKindLockedError();
    await this.db.update(sandboxOperations).set({ data: input, updatedAt: this.clock() }).where(eq(sandboxOperations.id, ownerId));
  }

  async createWebPayIn(request: WebPayInRequest): Promise<WebPayIn> {
    if (!ACCEPTED_CARD_TYPES.includes(request.cardType)) throw new ProviderRefusedError(`CardType ${request.cardType} non accepté`);
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new ProviderRefusedError('Montant invalide');
    const wallet = await this.find(request.walletId, 'wallet');
    if (!wallet || wallet.ownerId !== request.ownerId) throw new ProviderRefusedError('Portefeuille inconnu pour cet utilisateur');
    const now = this.clock();
    const id = newId('pay');
    const pageSecret = randomBytes(24).toString('base64url');
    const data: PayInData = { cardType: request.cardType, returnUrl: request.returnUrl, tag: request.tag, pageSecret };
    await this.db.insert(sandboxOperations).values({
      id,
      kind: 'payin',
      ownerId: request.ownerId,
      walletId: request.walletId,
      amountCents: request.amountCents,
      status: 'CREATED',
      data,
      createdAt: now,
      updatedAt: now,
    });
    return { payInId: id, redirectUrl: `${this.publicUrl}/sandbox/payin/${encodeURIComponent(id)}?secret=${pageSecret}` };
  }

  async getPayIn(payInId: string): Promise<PayInState | null> {
    let row = await this.find(payInId, 'payin');
    if (!row) return null;
    if (row.status === 'CREATED' && this.isExpired(row)) row = await this.fail(row, SANDBOX_PAGE.expiredResult);
    return {
      id: row.id,
      status: row.status as PayInState['status'],
      amountCents: Number(row.amountCents),
      authorId: row.ownerId!,
      creditedWalletId: row.walletId!,
      resultMessage: row.resultMessage,
    };
  }

  /** Its page then says the payment is no longer possible, and paying there takes nothing. */
  async cancelPayIn(payInId: string): Promise<boolean> {
    await this.failById(payInId, SANDBOX_PAGE.withdrawnResult);
    return (await this.find(payInId, 'payin'))?.status === 'FAILED';
  }

  async registerBankAccount(request: BankAccountRequest): Promise<{ bankAccountId: string }> {
    const owner = await this.find(request.ownerId, 'user');
    if (!owner) throw new ProviderRefusedError('Utilisateur inconnu');
    if (!isValidIban(request.iban)) throw new ProviderRefusedError('IBAN invalide');
    requireText(request.holderName, 'OwnerName');
    const now = this.clock();
    const id = newId('bnk');
    await this.db.insert(sandboxOperations).values({
      id,
      kind: 'bank_account',
      ownerId: request.ownerId,
      status: 'ACTIVE',
      data: { holderName: request.holderName, iban: normaliseIban(request.iban), address: request.address },
      createdAt: now,
      updatedAt: now,
    });
    return { bankAccountId: id };
  }

  async createPayout(request: PayoutRequest): Promise<PayoutState> {
    const existing = await this.byIdempotencyKey(request.idempotencyKey);
    if (existing) return toPayout(existing);
    const bank = await this.find(request.bankAccountId, 'bank_account');
    if (!bank || bank.ownerId !== request.ownerId) throw new ProviderRefusedError('Compte bancaire inconnu pour cet utilisateur');
    const id = newId('out');
    const row = await this.moveMoney(request.idempotencyKey, async (tx, now) => {
      await this.debit(tx, request.walletId, request.ownerId, request.amountCents);
      const [created] = await tx
        .insert(sandboxOperations)
        .values({
          id,
          kind: 'payout',
          ownerId: request.ownerId,
          walletId: request.walletId,
          amountCents: request.amountCents,
          status: 'SUCCEEDED',
          idempotencyKey: request.idempotencyKey,
          data: { bankAccountId: request.bankAccountId, tag: request.tag },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created!;
    });
    return toPayout(row);
  }

  async getPayout(payoutId: string): Promise<PayoutState | null> {
    const row = await this.find(payoutId, 'payout');
    return row ? toPayout(row) : null;
  }

  async transfer(request: TransferRequest): Promise<TransferState> {
    const existing = await this.byIdempotencyKey(request.idempotencyKey);
    if (existing) return toTransfer(existing);
    if (request.feesCents < 0 || request.feesCents > request.amountCents) throw new ProviderRefusedError('Frais invalides');
    const credited = await this.find(request.creditedWalletId, 'wallet');
    if (!credited) throw new ProviderRefusedError('Portefeuille crédité inconnu');
    const row = await this.moveMoney(request.idempotencyKey, (tx, now) => this.recordTransfer(tx, request, now));
    return toTransfer(row);
  }

  async fundPromotion(request: PromotionRequest): Promise<TransferState> {
    const existing = await this.byIdempotencyKey(request.idempotencyKey);
    if (existing) return toTransfer(existing);
    const credited = await this.find(request.creditedWalletId, 'wallet');
    if (!credited) throw new ProviderRefusedError('Portefeuille crédité inconnu');
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new ProviderRefusedError('Montant invalide');
    const { ownerId, promotionsWalletId } = SANDBOX_PLATFORM;
    const row = await this.moveMoney(request.idempotencyKey, async (tx, now) => {
      await this.ensurePlatform(tx, now);
      const [wallet] = await tx.select().from(sandboxOperations).where(eq(sandboxOperations.id, promotionsWalletId)).for('update');
      const short = request.amountCents - Number(wallet!.balanceCents);
      if (short > 0) {
        await tx.insert(sandboxOperations).values({
          id: newId('pay'),
          kind: 'payin',
          ownerId,
          walletId: promotionsWalletId,
          amountCents: short,
          status: 'SUCCEEDED',
          resultMessage: 'Success',
          data: { tag: 'platform-funding' },
          createdAt: now,
          updatedAt: now,
        });
        await tx
          .update(sandboxOperations)
          .set({ balanceCents: sql`${sandboxOperations.balanceCents} + ${short}`, updatedAt: now })
          .where(eq(sandboxOperations.id, promotionsWalletId));
      }
      return this.recordTransfer(
        tx,
        { authorId: ownerId, debitedWalletId: promotionsWalletId, creditedWalletId: request.creditedWalletId, amountCents: request.amountCents, feesCents: 0, tag: request.tag, idempotencyKey: request.idempotencyKey },
        now,
      );
    });
    return toTransfer(row);
  }

  async returnPromotion(request: PromotionReturnRequest): Promise<TransferState> {
    const existing = await this.byIdempotencyKey(request.idempotencyKey);
    if (existing) return toTransfer(existing);
    const { promotionsWalletId } = SANDBOX_PLATFORM;
    const row = await this.moveMoney(request.idempotencyKey, async (tx, now) => {
      await this.ensurePlatform(tx, now);
      return this.recordTransfer(tx, { ...request, creditedWalletId: promotionsWalletId, feesCents: 0 }, now);
    });
    return toTransfer(row);
  }

  /**
   * Debits the wallet the pay-in credited, as MangoPay does: refused beyond what the pay-in
   * paid less its earlier refunds, or beyond the wallet's balance.
   */
  async refundPayIn(request: RefundRequest): Promise<RefundState> {
    const existing = await this.byIdempotencyKey(request.idempotencyKey);
    if (existing) return toRefund(existing);
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new ProviderRefusedError('Montant invalide');
    const row = await this.moveMoney(request.idempotencyKey, async (tx, now) => {
      // Locked so that two refunds of one pay-in are counted one after the other.
      const [payIn] = await tx
        .select()
        .from(sandboxOperations)
        .where(and(eq(sandboxOperations.id, request.payInId), eq(sandboxOperations.kind, 'payin')))
        .for('update');
      if (!payIn || payIn.status !== 'SUCCEEDED') throw new ProviderRefusedError('Paiement inconnu ou non abouti');
      if (payIn.ownerId !== request.authorId) throw new ProviderRefusedError('AuthorId ne correspond pas au paiement');
      const [done] = await tx
        .select({ total: sql<string>`coalesce(sum(${sandboxOperations.amountCents}), 0)::text` })
        .from(sandboxOperations)
        .where(and(eq(sandboxOperations.kind, 'refund'), eq(sandboxOperations.status, 'SUCCEEDED'), sql`${sandboxOperations.data}->>'payInId' = ${payIn.id}`));
      if (request.amountCents > Number(payIn.amountCents) - Number(done?.total ?? 0)) throw new ProviderRefusedError('Montant supérieur au reste remboursable du paiement');
      await this.debit(tx, payIn.walletId!, payIn.ownerId, request.amountCents);
      const [created] = await tx
        .insert(sandboxOperations)
        .values({
          id: newId('rfd'),
          kind: 'refund',
          ownerId: request.authorId,
          walletId: payIn.walletId,
          amountCents: request.amountCents,
          status: 'SUCCEEDED',
          resultMessage: 'Success',
          idempotencyKey: request.idempotencyKey,
          data: { payInId: payIn.id, tag: request.tag },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created!;
    });
    return toRefund(row);
  }

  async walletBalance(walletId: string): Promise<number | null> {
    const wallet = await this.find(walletId, 'wallet');
    return wallet ? Number(wallet.balanceCents) : null;
  }

  private async ensurePlatform(tx: Tx, now: Date): Promise<void> {
    const { ownerId, promotionsWalletId } = SANDBOX_PLATFORM;
    await tx
      .insert(sandboxOperations)
      .values([
        { id: ownerId, kind: 'user', status: 'ACTIVE', data: { platform: true }, createdAt: now, updatedAt: now },
        { id: promotionsWalletId, kind: 'wallet', ownerId, balanceCents: 0, status: 'ACTIVE', data: { currency: 'EUR' }, createdAt: now, updatedAt: now },
      ])
      .onConflictDoNothing();
  }

  private async recordTransfer(tx: Tx, request: TransferRequest, now: Date): Promise<Row> {
    const id = newId('trf');
    await this.debit(tx, request.debitedWalletId, request.authorId, request.amountCents);
    await tx
      .update(sandboxOperations)
      .set({ balanceCents: sql`${sandboxOperations.balanceCents} + ${request.amountCents - request.feesCents}`, updatedAt: now })
      .where(eq(sandboxOperations.id, request.creditedWalletId));
    const [created] = await tx
      .insert(sandboxOperations)
      .values({
        id,
        kind: 'transfer',
        ownerId: request.authorId,
        walletId: request.debitedWalletId,
        creditedWalletId: request.creditedWalletId,
        amountCents: request.amountCents,
        status: 'SUCCEEDED',
        idempotencyKey: request.idempotencyKey,
        data: { feesCents: request.feesCents, tag: request.tag },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  }

  // —— The hosted page (sandbox only) ——

  /** Whether `secret` is the one the pay-in's page address carries: the page answers nothing else. */
  async pageSecretMatches(payInId: string, secret: string): Promise<boolean> {
    const row = await this.find(payInId, 'payin');
    const expected = (row?.data as PayInData | undefined)?.pageSecret;
    if (!expected || secret.length !== expected.length) return false;
    return timingSafeEqual(Buffer.from(secret), Buffer.from(expected));
  }

  /** The page's view of a pay-in; opening an expired page fails the pay-in. */
  async hostedPayIn(payInId: string): Promise<HostedPayIn | null> {
    let row = await this.find(payInId, 'payin');
    if (!row) return null;
    if (row.status === 'CREATED' && this.isExpired(row)) row = await this.fail(row, SANDBOX_PAGE.expiredResult);
    return this.hosted(row);
  }

  async payWithCard(payInId: string, form: CardForm): Promise<CardOutcome | null> {
    const payIn = await this.hostedPayIn(payInId);
    if (!payIn) return null;
    if (payIn.expired) return { kind: 'expired', payIn };
    if (payIn.withdrawn) return { kind: 'withdrawn', payIn };
    if (payIn.status !== 'CREATED') return { kind: 'redirect', url: payIn.returnUrl };
    const errors = checkCardForm(form, payIn.cardType, this.clock());
    if (Object.keys(errors).length > 0) return { kind: 'invalid', payIn, errors, values: { number: form.number, expiry: form.expiry } };
    const number = form.number.replace(/[\s-]/g, '');
    if (number === SANDBOX_TEST_CARDS.succeeds.replace(/\s/g, '')) await this.succeed(payInId);
    else await this.failById(payInId, number === SANDBOX_TEST_CARDS.declined.replace(/\s/g, '') ? SANDBOX_PAGE.declinedResult : SANDBOX_PAGE.unknownCardResult);
    return { kind: 'redirect', url: payIn.returnUrl };
  }

  /** "Annuler": the pay-in fails and the payer goes back to the merchant. */
  async cancel(payInId: string): Promise<string | null> {
    const payIn = await this.hostedPayIn(payInId);
    if (!payIn) return null;
    if (payIn.status === 'CREATED') await this.failById(payInId, SANDBOX_PAGE.cancelledResult);
    return payIn.returnUrl;
  }

  // —— Internals ——

  private hosted(row: Row): HostedPayIn {
    const data = row.data as PayInData;
    return {
      id: row.id,
      amountCents: Number(row.amountCents),
      cardType: data.cardType,
      status: row.status as HostedPayIn['status'],
      returnUrl: returnUrlWithTransaction(data.returnUrl, row.id),
      expired: row.status === 'FAILED' && row.resultMessage === SANDBOX_PAGE.expiredResult,
      withdrawn: row.status === 'FAILED' && row.resultMessage === SANDBOX_PAGE.withdrawnResult,
      pageSecret: data.pageSecret ?? '',
    };
  }

  private isExpired(row: Row): boolean {
    return this.clock().getTime() - row.createdAt.getTime() >= SANDBOX_PAYIN_TTL_MS;
  }

  private async find(id: string, kind: Row['kind']): Promise<Row | null> {
    const [row] = await this.db
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.id, id), eq(sandboxOperations.kind, kind)))
      .limit(1);
    return row ?? null;
  }

  private async byIdempotencyKey(key: string): Promise<Row | null> {
    const [row] = await this.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, key)).limit(1);
    return row ?? null;
  }

  /** Only a CREATED pay-in changes: two submissions of the page settle it once. */
  private async fail(row: Row, reason: string): Promise<Row> {
    await this.failById(row.id, reason);
    return (await this.find(row.id, 'payin'))!;
  }

  private async failById(id: string, reason: string): Promise<void> {
    await this.db
      .update(sandboxOperations)
      .set({ status: 'FAILED', resultMessage: reason, updatedAt: this.clock() })
      .where(and(eq(sandboxOperations.id, id), eq(sandboxOperations.status, 'CREATED')));
  }

  private async succeed(id: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [paid] = await tx
        .update(sandboxOperations)
        .set({ status: 'SUCCEEDED', resultMessage: 'Success', updatedAt: now })
        .where(and(eq(sandboxOperations.id, id), eq(sandboxOperations.status, 'CREATED')))
        .returning();
      if (!paid) return;
      await tx
        .update(sandboxOperations)
        .set({ balanceCents: sql`${sandboxOperations.balanceCents} + ${paid.amountCents}`, updatedAt: now })
        .where(eq(sandboxOperations.id, paid.walletId!));
    });
  }

  private async debit(tx: Tx, walletId: string, ownerId: string, amountCents: number): Promise<void> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new ProviderRefusedError('Montant invalide');
    const [wallet] = await tx
      .select()
      .from(sandboxOperations)
      .where(and(eq(sandboxOperations.id, walletId), eq(sandboxOperations.kind, 'wallet')))
      .for('update');
    if (!wallet || wallet.ownerId !== ownerId) throw new ProviderRefusedError('Portefeuille inconnu pour cet utilisateur');
    if (Number(wallet.balanceCents) < amountCents) throw new ProviderRefusedError('Solde insuffisant');
    await tx
      .update(sandboxOperations)
      .set({ balanceCents: sql`${sandboxOperations.balanceCents} - ${amountCents}`, updatedAt: this.clock() })
      .where(eq(sandboxOperations.id, walletId));
  }

  /** Runs a money movement once per idempotency key, even when two requests race. */
  private async moveMoney(key: string, work: (tx: Tx, now: Date) => Promise<Row>): Promise<Row> {
    try {
      return await this.db.transaction((tx) => work(tx, this.clock()));
    } catch (error) {
      const again = await this.byIdempotencyKey(key);
      if (again) return again;
      throw error;
    }
  }
}

function toPayout(row: Row): PayoutState {
  return { payoutId: row.id, status: row.status as PayoutState['status'], amountCents: Number(row.amountCents), resultMessage: row.resultMessage };
}

function toRefund(row: Row): RefundState {
  return { refundId: row.id, status: row.status as RefundState['status'], amountCents: Number(row.amountCents), resultMessage: row.resultMessage };
}

function toTransfer(row: Row): TransferState {
  return { transferId: row.id, status: row.status as TransferState['status'], resultMessage: row.resultMessage };
}
