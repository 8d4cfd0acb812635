/**
 * MangoPay (PAYMENT_PROVIDER=mangopay) through its official SDK, `mangopay4-nodejs-sdk`.
 * Only the calls the product makes: natural and legal users with one EUR wallet each, web
 * card pay-ins, pay-in status, IBAN bank accounts, bank-wire pay-outs and transfers.
 *
 * The SDK answers an HTTP error with the response body alone, and a network failure with a
 * promise that never settles plus an unhandled rejection. A response interceptor on the
 * SDK's own axios instance gives every failure a body carrying its HTTP status (0 when the
 * host could not be reached), so that refusals (4xx) and outages (network, 5xx, 429) are
 * told apart and nothing hangs.
 *
 * The SDK also keeps its base URL in axios's global defaults and its token on a shared
 * prototype: one MangoPay configuration per process (the server only ever builds one).
 */
import { createRequire } from 'node:module';
import MangoPay from 'mangopay4-nodejs-sdk';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type AccountInput,
  type BankAccountRequest,
  type PayInState,
  type PaymentProvider,
  type PayoutRequest,
  type PayoutState,
  type PersonIdentity,
  type PostalAddress,
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

export interface MangopayConfig {
  clientId: string;
  apiKey: string;
  baseUrl: string;
  /**
   * The platform's own MangoPay user and the wallet of it that promotions are paid from; the
   * platform keeps that wallet funded (a bank wire to it), MangoPay refuses a transfer beyond
   * its balance.
   */
  platformUserId: string;
  promotionsWalletId: string;
  /** Per request, milliseconds. */
  timeoutMs?: number;
}

/** What the SDK rejects with once the interceptor has run. */
interface MangoFailure {
  httpStatus?: number;
  Message?: string;
  Type?: string;
  Code?: number;
  errors?: Record<string, string>;
}

interface AxiosErrorLike {
  config?: { baseURL?: string; url?: string };
  response?: { status: number; data: unknown };
  message?: string;
  code?: string;
}

interface AxiosLike {
  interceptors: { response: { use(onFulfilled: undefined, onRejected: (error: AxiosErrorLike) => Promise<never>): number } };
}

type Json = Record<string, unknown>;
type SdkCall = (data: Json, options?: Json) => Promise<Json>;

/** The part of the SDK this adapter uses, typed as it answers with plain objects. */
interface Sdk {
  Users: { create: SdkCall; update: SdkCall; createBankAccount(userId: string, data: Json): Promise<Json> };
  Wallets: { create: SdkCall; get(id: string): Promise<Json> };
  PayIns: { create: SdkCall; get(id: string): Promise<Json>; createRefund(payInId: string, data: Json, callback?: undefined, options?: Json): Promise<Json> };
  PayOuts: { create: SdkCall; get(id: string): Promise<Json> };
  Transfers: { create: SdkCall };
}

const interceptedBaseUrls = new Set<string>();

function sdkAxios(): AxiosLike {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve('mangopay4-nodejs-sdk'))('axios') as AxiosLike;
}

function interceptFailures(baseUrl: string): void {
  if (interceptedBaseUrls.has(baseUrl)) return;
  interceptedBaseUrls.add(baseUrl);
  sdkAxios().interceptors.response.use(undefined, (error) => {
    const base = error.config?.baseURL ?? '';
    const url = error.config?.url ?? '';
    if (base !== baseUrl && !url.startsWith(baseUrl)) return Promise.reject(error);
    if (error.response) {
      const data = error.response.data;
      error.response.data = data && typeof data === 'object' ? { ...(data as Json), httpStatus: error.response.status } : { Message: String(data ?? ''), httpStatus: error.response.status };
    } else if (error.code !== 'ERR_CANCELED') {
      error.response = { status: 0, data: { Message: error.message ?? 'network error', httpStatus: 0 } };
    }
    return Promise.reject(error);
  });
}

function toProviderError(failure: unknown): Error {
  if (failure instanceof ProviderRefusedError || failure instanceof ProviderUnavailableError) return failure;
  if (!failure || typeof failure !== 'object' || failure instanceof Error) {
    return new ProviderUnavailableError('MangoPay: réponse inattendue', { cause: failure });
  }
  const f = failure as MangoFailure;
  // The SDK's own timeout answers { Code: 408 } without an HTTP status.
  const status = f.httpStatus ?? f.Code ?? 0;
  if (status === 0 || status === 408 || status === 429 || status >= 500) {
    return new ProviderUnavailableError(`MangoPay indisponible (${status}) : ${f.Message ?? ''}`, { cause: failure });
  }
  return new ProviderRefusedError(`MangoPay a refusé la requête (${status}) : ${f.Message ?? ''}`, f);
}

function isNotFound(failure: unknown): boolean {
  return Boolean(failure && typeof failure === 'object' && (failure as MangoFailure).httpStatus === 404);
}

/** MangoPay dates are Unix timestamps in seconds. */
function unixDate(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 1000;
}

function address(a: PostalAddress): Json {
  return { AddressLine1: a.addressLine1, City: a.city, PostalCode: a.postalCode, Country: a.country };
}

function money(cents: number): Json {
  return { Currency: 'EUR', Amount: cents };
}

function naturalUser(p: PersonIdentity): Json {
  return {
    PersonType: 'NATURAL',
    FirstName: p.firstName,
    LastName: p.lastName,
    Email: p.email,
    Birthday: unixDate(p.birthday),
    Nationality: p.nationality,
    CountryOfResidence: p.countryOfResidence,
    Address: address(p.address),
    // Every member may both pay (organiser) and be paid (talent).
    UserCategory: 'OWNER',
    TermsAndConditionsAccepted: true,
  };
}

function userPayload(input: AccountInput): Json {
  if (input.kind === 'natural') return naturalUser(input.person);
  const r = input.representative;
  return {
    PersonType: 'LEGAL',
    LegalPersonType: input.legalPersonType,
    Name: input.name,
    Email: input.email,
    CompanyNumber: input.companyNumber ?? undefined,
    HeadquartersAddress: address(input.headquarters),
    LegalRepresentativeFirstName: r.firstName,
    LegalRepresentativeLastName: r.lastName,
    LegalRepresentativeEmail: r.email,
    LegalRepresentativeBirthday: unixDate(r.birthday),
    LegalRepresentativeNationality: r.nationality,
    LegalRepresentativeCountryOfResidence: r.countryOfResidence,
    LegalRepresentativeAddress: address(r.address),
    UserCategory: 'OWNER',
    TermsAndConditionsAccepted: true,
  };
}

const idempotent = (key: string): Json => ({ headers: { 'Idempotency-Key': key } });

export class MangopayPaymentProvider implements PaymentProvider {
  readonly name = 'mangopay' as const;
  private readonly sdk: Sdk;
  private readonly platform: { userId: string; promotionsWalletId: string };

  constructor(config: MangopayConfig) {
    this.platform = { userId: config.platformUserId, promotionsWalletId: config.promotionsWalletId };
    const baseUrl = config.baseUrl.replace(/\/$/, '');
    interceptFailures(baseUrl);
    const timeout = config.timeoutMs ?? 20_000;
    this.sdk = new MangoPay({
      clientId: config.clientId,
      clientApiKey: config.apiKey,
      baseUrl,
      connectionTimeout: timeout,
      responseTimeout: timeout,
      // Failures are mapped and reported by the caller; the default prints them to stderr.
      errorHandler: () => {},
    } as unknown as ConstructorParameters<typeof MangoPay>[0]) as unknown as Sdk;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (failure) {
      throw toProviderError(failure);
    }
  }

  async createAccount(input: AccountInput): Promise<ProviderAccount> {
    const user = await this.call(() => this.sdk.Users.create(userPayload(input)));
    const wallet = await this.call(() => this.sdk.Wallets.create({ Owners: [user.Id], Currency: 'EUR', Description: 'Porte-monnaie Créadéfi' }));
    return { ownerId: String(user.Id), walletId: String(wallet.Id) };
  }

  async updateAccount(ownerId: string, input: AccountInput): Promise<void> {
    await this.call(() => this.sdk.Users.update({ ...userPayload(input), Id: ownerId }));
  }

  async createWebPayIn(request: WebPayInRequest): Promise<WebPayIn> {
    const payIn = await this.call(() =>
      this.sdk.PayIns.create({
        PaymentType: 'CARD',
        ExecutionType: 'WEB',
        AuthorId: request.ownerId,
        CreditedWalletId: request.walletId,
        DebitedFunds: money(request.amountCents),
        Fees: money(0),
        ReturnURL: request.returnUrl,
        CardType: request.cardType,
        Culture: 'FR',
        SecureMode: 'DEFAULT',
        Tag: request.tag,
      }),
    );
    return { payInId: String(payIn.Id), redirectUrl: String(payIn.RedirectURL) };
  }

  async getPayIn(payInId: string): Promise<PayInState | null> {
    let payIn: Json;
    try {
      payIn = await this.sdk.PayIns.get(payInId);
    } catch (failure) {
      if (isNotFound(failure)) return null;
      throw toProviderError(failure);
    }
    const status = String(payIn.Status);
    return {
      id: String(payIn.Id),
      status: status === 'SUCCEEDED' || status === 'FAILED' ? status : 'CREATED',
      amountCents: Number((payIn.DebitedFunds as Json | undefined)?.Amount),
      authorId: String(payIn.AuthorId),
      creditedWalletId: String(payIn.CreditedWalletId),
      resultMessage: (payIn.ResultMessage as string | null | undefined) ?? null,
    };
  }

  /**
   * MangoPay offers no call that withdraws a web card pay-in: its page stays payable until it
   * expires. A payment made there after the contest closed is refunded when it settles.
   */
  async cancelPayIn(): Promise<boolean> {
    return false;
  }

  async registerBankAccount(request: BankAccountRequest): Promise<{ bankAccountId: string }> {
    const account = await this.call(() =>
      this.sdk.Users.createBankAccount(request.ownerId, { Type: 'IBAN', OwnerName: request.holderName, OwnerAddress: address(request.address), IBAN: request.iban }),
    );
    return { bankAccountId: String(account.Id) };
  }

  async createPayout(request: PayoutRequest): Promise<PayoutState> {
    const payout = await this.call(() =>
      this.sdk.PayOuts.create(
        {
          PaymentType: 'BANK_WIRE',
          AuthorId: request.ownerId,
          DebitedWalletId: request.walletId,
          DebitedFunds: money(request.amountCents),
          Fees: money(0),
          BankAccountId: request.bankAccountId,
          BankWireRef: 'CREADEFI',
          Tag: request.tag,
        },
        idempotent(request.idempotencyKey),
      ),
    );
    return toPayout(payout);
  }

  async getPayout(payoutId: string): Promise<PayoutState | null> {
    try {
      return toPayout(await this.sdk.PayOuts.get(payoutId));
    } catch (failure) {
      if (isNotFound(failure)) return null;
      throw toProviderError(failure);
    }
  }

  async fundPromotion(request: PromotionRequest): Promise<TransferState> {
    return this.transfer({
      authorId: this.platform.userId,
      debitedWalletId: this.platform.promotionsWalletId,
      creditedWalletId: request.creditedWalletId,
      amountCents: request.amountCents,
      feesCents: 0,
      tag: request.tag,
      idempotencyKey: request.idempotencyKey,
    });
  }

  async returnPromotion(request: PromotionReturnRequest): Promise<TransferState> {
    return this.transfer({ ...request, creditedWalletId: this.platform.promotionsWalletId, feesCents: 0 });
  }

  /** POST /payins/{PayInId}/refunds: MangoPay debits the wallet the pay-in credited. */
  async refundPayIn(request: RefundRequest): Promise<RefundState> {
    const refund = await this.call(() =>
      this.sdk.PayIns.createRefund(
        request.payInId,
        { AuthorId: request.authorId, DebitedFunds: money(request.amountCents), Fees: money(0), Tag: request.tag },
        undefined,
        idempotent(request.idempotencyKey),
      ),
    );
    return {
      refundId: String(refund.Id),
      status: settledStatus(refund.Status),
      amountCents: Number((refund.DebitedFunds as Json | undefined)?.Amount),
      resultMessage: (refund.ResultMessage as string | null | undefined) ?? null,
    };
  }

  async walletBalance(walletId: string): Promise<number | null> {
    let wallet: Json;
    try {
      wallet = await this.sdk.Wallets.get(walletId);
    } catch (failure) {
      if (isNotFound(failure)) return null;
      throw toProviderError(failure);
    }
    return Number((wallet.Balance as Json | undefined)?.Amount);
  }

  async transfer(request: TransferRequest): Promise<TransferState> {
    const transfer = await this.call(() =>
      this.sdk.Transfers.create(
        {
          AuthorId: request.authorId,
          DebitedWalletId: request.debitedWalletId,
          CreditedWalletId: request.creditedWalletId,
          DebitedFunds: money(request.amountCents),
          Fees: money(request.feesCents),
          Tag: request.tag,
        },
        idempotent(request.idempotencyKey),
      ),
    );
    const status = String(transfer.Status);
    return {
      transferId: String(transfer.Id),
      status: status === 'SUCCEEDED' || status === 'FAILED' ? status : 'CREATED',
      resultMessage: (transfer.ResultMessage as string | null | undefined) ?? null,
    };
  }
}

function settledStatus(value: unknown): 'CREATED' | 'SUCCEEDED' | 'FAILED' {
  const status = String(value);
  return status === 'SUCCEEDED' || status === 'FAILED' ? status : 'CREATED';
}

function toPayout(payout: Json): PayoutState {
  const status = String(payout.Status);
  return {
    payoutId: String(payout.Id),
    status: status === 'SUCCEEDED' || status === 'FAILED' ? status : 'CREATED',
    amountCents: Number((payout.DebitedFunds as Json | undefined)?.Amount),
    resultMessage: (payout.ResultMessage as string | null | undefined) ?? null,
  };
}
