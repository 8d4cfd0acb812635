/**
 * The payment provider (docs/architecture.md §1.3: `sandbox` built in, `mangopay`). Money is integer
 * cents in euros. The product never trusts a browser about a payment: it asks the provider
 * (`getPayIn`) and compares what it answers with what it stored (docs/architecture.md §3).
 *
 * Escrow model: an organiser's pay-in credits the organiser's own wallet at the provider;
 * the prize leaves it by a transfer to the winner's wallet (platform fee kept by the
 * provider as transfer fees), then a pay-out to the winner's bank account.
 */

export interface PostalAddress {
  addressLine1: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

export interface PersonIdentity {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** ISO 3166-1 alpha-2 */
  nationality: string;
  countryOfResidence: string;
  email: string;
  address: PostalAddress;
}

/** statut 0 is a natural user; 1 a sole trader; 2 and 3 a business (docs/product.md §8). */
export type AccountInput =
  | { kind: 'natural'; person: PersonIdentity }
  | {
      kind: 'legal';
      legalPersonType: 'SOLETRADER' | 'BUSINESS';
      name: string;
      email: string;
      companyNumber: string | null;
      headquarters: PostalAddress;
      representative: PersonIdentity;
    };

export interface ProviderAccount {
  ownerId: string;
  walletId: string;
}

type PayInStatus = 'CREATED' | 'SUCCEEDED' | 'FAILED';

export interface WebPayInRequest {
  ownerId: string;
  walletId: string;
  amountCents: number;
  cardType: string;
  /** The provider appends `transactionId=<payInId>` when it sends the payer back. */
  returnUrl: string;
  tag: string;
}

export interface WebPayIn {
  payInId: string;
  redirectUrl: string;
}

export interface PayInState {
  id: string;
  status: PayInStatus;
  amountCents: number;
  authorId: string;
  creditedWalletId: string;
  resultMessage: string | null;
}

export interface BankAccountRequest {
  ownerId: string;
  holderName: string;
  iban: string;
  address: PostalAddress;
}

type PayoutStatus = 'CREATED' | 'SUCCEEDED' | 'FAILED';

export interface PayoutRequest {
  ownerId: string;
  walletId: string;
  bankAccountId: string;
  amountCents: number;
  tag: string;
  /** Same key, same pay-out: a retried request never sends the money twice. */
  idempotencyKey: string;
}

export interface PayoutState {
  payoutId: string;
  status: PayoutStatus;
  amountCents: number;
  resultMessage: string | null;
}

export interface TransferRequest {
  authorId: string;
  debitedWalletId: string;
  creditedWalletId: string;
  /** Leaves the debited wallet. */
  amountCents: number;
  /** Kept by the platform out of `amountCents`; the credited wallet receives the rest. */
  feesCents: number;
  tag: string;
  idempotencyKey: string;
}

export interface TransferState {
  transferId: string;
  status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  resultMessage: string | null;
}

/**
 * What a promo code took off an organiser's pay-in, moved from the platform's promotions
 * wallet to the organiser's wallet, so that the wallet holds the whole prize it pays out.
 */
export interface PromotionRequest {
  creditedWalletId: string;
  amountCents: number;
  tag: string;
  idempotencyKey: string;
}

/**
 * Money of a pay-in given back to the card that paid it, from the wallet the pay-in credited.
 * Several refunds of one pay-in may follow each other, never beyond what it paid.
 */
export interface RefundRequest {
  payInId: string;
  /** The pay-in's author (the organiser's provider user). */
  authorId: string;
  amountCents: number;
  tag: string;
  /** Same key, same refund: a retried request never gives the money back twice. */
  idempotencyKey: string;
}

export interface RefundState {
  refundId: string;
  status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  amountCents: number;
  resultMessage: string | null;
}

/** A promotion given back: from the organiser's wallet to the platform's promotions wallet. */
export interface PromotionReturnRequest {
  authorId: string;
  debitedWalletId: string;
  amountCents: number;
  tag: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** Stored in `payments.provider`: pay-in ids are unique per provider only. */
  readonly name: 'sandbox' | 'mangopay';
  createAccount(input: AccountInput): Promise<ProviderAccount>;
  updateAccount(ownerId: string, input: AccountInput): Promise<void>;
  createWebPayIn(request: WebPayInRequest): Promise<WebPayIn>;
  /** null when the provider does not know this id. */
  getPayIn(payInId: string): Promise<PayInState | null>;
  /**
   * Withdraws a pay-in not yet paid, whose purpose is gone (its contest closed): true when
   * the provider will now never take the money. A provider that cannot withdraw one answers
   * false, and a payment made anyway is given back when it settles.
   */
  cancelPayIn(payInId: string): Promise<boolean>;
  registerBankAccount(request: BankAccountRequest): Promise<{ bankAccountId: string }>;
  createPayout(request: PayoutRequest): Promise<PayoutState>;
  getPayout(payoutId: string): Promise<PayoutState | null>;
  transfer(request: TransferRequest): Promise<TransferState>;
  /** Same key, same transfer: a confirmation retried never funds a promotion twice. */
  fundPromotion(request: PromotionRequest): Promise<TransferState>;
  /** Same key, same transfer: what a promotion paid goes back to the platform once. */
  returnPromotion(request: PromotionReturnRequest): Promise<TransferState>;
  /** A (partial) refund of a succeeded pay-in; same key, same refund. */
  refundPayIn(request: RefundRequest): Promise<RefundState>;
  /** A wallet's balance in cents, null when the provider does not know the wallet. */
  walletBalance(walletId: string): Promise<number | null>;
}

/** The provider refused the request (invalid data, card type, insufficient funds…). */
export class ProviderRefusedError extends Error {
  constructor(
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ProviderRefusedError';
  }
}

/** A person's account cannot become a company's, nor the reverse (MangoPay's PersonType is fixed). */
export class AccountKindLockedError extends ProviderRefusedError {
  constructor() {
    super('PersonType cannot change');
    this.name = 'AccountKindLockedError';
  }
}

/** The provider could not be reached or failed on its side: the same request may succeed later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** MangoPay's ReturnURL behaviour: `transactionId=<payInId>` appended to the query. */
export function returnUrlWithTransaction(returnUrl: string, payInId: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('transactionId', payInId);
  return url.toString();
}
