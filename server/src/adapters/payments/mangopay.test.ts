import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { MangopayPaymentProvider } from './mangopay';
import { startMangopayStub, type MangopayStub } from './mangopay-stub';
import { ProviderRefusedError, ProviderUnavailableError, type PersonIdentity } from './port';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPromoCode, buildProposal, buildUser, statutForm } from '../../test/factories';
import { contests, notifications, participations, payments, promoCodes } from '../../db/schema';
import { settleOpenPayIns } from '../../modules/payments/service';
import { checkLedger, checkProviderBalances } from '../../modules/ledger/check';
import { finaliseContest, setWinner } from '../../modules/participations/judging';
import { validateFinalFiles } from '../../modules/delivery/validate';
import { accounts, balanceOf } from '../../modules/ledger/ledger';

let stub: MangopayStub;
let provider: MangopayPaymentProvider;
beforeAll(async () => {
  stub = await startMangopayStub();
  provider = new MangopayPaymentProvider({ clientId: stub.clientId, apiKey: stub.apiKey, baseUrl: stub.baseUrl, platformUserId: stub.platformUserId, promotionsWalletId: stub.promotionsWalletId, timeoutMs: 3000 });
});
afterAll(() => stub.close());
beforeEach(() => {
  stub.requests.length = 0;
});

const person: PersonIdentity = {
  firstName: 'Claire',
  lastName: 'Martin',
  birthday: '1985-04-12',
  nationality: 'FR',
  countryOfResidence: 'FR',
  email: 'claire@exemple.fr',
  address: { addressLine1: '12 rue des Lilas', city: 'Lyon', postalCode: '69003', country: 'FR' },
};
const BIRTHDAY = Date.UTC(1985, 3, 12) / 1000;

/** API calls only (the OAuth token request is checked on its own). */
const apiCalls = () => stub.requests.filter((r) => r.path !== '/v2.01/oauth/token');
const api = (path: string) => `/v2.01/${stub.clientId}${path}`;

describe('MangoPay adapter against a local stub of its API', () => {
  it('authenticates with OAuth client credentials, then opens a natural user and its EUR wallet', async () => {
    const account = await provider.createAccount({ kind: 'natural', person });
    const token = stub.requests.find((r) => r.path === '/v2.01/oauth/token');
    expect(token).toBeDefined();
    expect(token!.method).toBe('POST');
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from(`${stub.clientId}:${stub.apiKey}`).toString('base64')}`);
    expect(token!.body).toBe('grant_type=client_credentials');
    const [user, wallet] = apiCalls();
    expect(user).toMatchObject({ method: 'POST', path: api('/users/natural') });
    expect(user!.headers.authorization).toBe('Bearer jeton-de-test');
    expect(user!.body).toMatchObject({
      FirstName: 'Claire',
      LastName: 'Martin',
      Email: 'claire@exemple.fr',
      Birthday: BIRTHDAY,
      Nationality: 'FR',
      CountryOfResidence: 'FR',
      Address: { AddressLine1: '12 rue des Lilas', City: 'Lyon', PostalCode: '69003', Country: 'FR' },
      UserCategory: 'OWNER',
      TermsAndConditionsAccepted: true,
    });
    expect(wallet).toMatchObject({ method: 'POST', path: api('/wallets') });
    expect(wallet!.body).toMatchObject({ Currency: 'EUR', Owners: [account.ownerId] });
    expect(account.ownerId).toMatch(/^\d+$/);
    expect(account.walletId).toMatch(/^\d+$/);
  });

  it('opens a legal user (business or sole trader) with its legal representative, and updates it', async () => {
    const legal = {
      kind: 'legal' as const,
      legalPersonType: 'SOLETRADER' as const,
      name: 'Claire Martin EI',
      email: 'claire@exemple.fr',
      companyNumber: '85249112000014',
      headquarters: { addressLine1: '3 quai Rambaud', city: 'Lyon', postalCode: '69002', country: 'FR' },
      representative: person,
    };
    const account = await provider.createAccount(legal);
    const [user] = apiCalls();
    expect(user).toMatchObject({ method: 'POST', path: api('/users/legal') });
    expect(user!.body).toMatchObject({
      LegalPersonType: 'SOLETRADER',
      Name: 'Claire Martin EI',
      CompanyNumber: '85249112000014',
      HeadquartersAddress: { AddressLine1: '3 quai Rambaud', City: 'Lyon', PostalCode: '69002', Country: 'FR' },
      LegalRepresentativeFirstName: 'Claire',
      LegalRepresentativeLastName: 'Martin',
      LegalRepresentativeBirthday: BIRTHDAY,
      LegalRepresentativeNationality: 'FR',
      LegalRepresentativeCountryOfResidence: 'FR',
      LegalRepresentativeEmail: 'claire@exemple.fr',
      UserCategory: 'OWNER',
    });
    stub.requests.length = 0;
    await provider.updateAccount(account.ownerId, { ...legal, legalPersonType: 'BUSINESS', name: 'Martin SAS' });
    const [put] = apiCalls();
    expect(put).toMatchObject({ method: 'PUT', path: api(`/users/legal/${account.ownerId}`) });
    expect(put!.body).toMatchObject({ LegalPersonType: 'BUSINESS', Name: 'Martin SAS', Id: account.ownerId });
  });

  it('creates a web card pay-in and reads its status back', async () => {
    const payIn = await provider.createWebPayIn({ ownerId: '11', walletId: '12', amountCents: 24_000, cardType: 'CB_VISA_MASTERCARD', returnUrl: 'https://creadefi.fr/confirmation?idConcours=7', tag: 'contest:7:contest' });
    const [call] = apiCalls();
    expect(call).toMatchObject({ method: 'POST', path: api('/payins/card/web/') });
    expect(call!.body).toMatchObject({
      AuthorId: '11',
      CreditedWalletId: '12',
      DebitedFunds: { Currency: 'EUR', Amount: 24_000 },
      Fees: { Currency: 'EUR', Amount: 0 },
      ReturnURL: 'https://creadefi.fr/confirmation?idConcours=7',
      CardType: 'CB_VISA_MASTERCARD',
      Culture: 'FR',
      SecureMode: 'DEFAULT',
      Tag: 'contest:7:contest',
    });
    expect(payIn.redirectUrl).toBe(`https://paiement.stub.test/pay/${payIn.payInId}`);

    expect(await provider.getPayIn(payIn.payInId)).toEqual({ id: payIn.payInId, status: 'CREATED', amountCents: 24_000, authorId: '11', creditedWalletId: '12', resultMessage: null });
    stub.payIns.get(payIn.payInId)!.Status = 'SUCCEEDED';
    expect((await provider.getPayIn(payIn.payInId))!.status).toBe('SUCCEEDED');
    expect(apiCalls().at(-1)).toMatchObject({ method: 'GET', path: api(`/payins/${payIn.payInId}`) });
    expect(await provider.getPayIn('424242')).toBeNull();
  });

  it('registers an IBAN, pays out and transfers with idempotency keys', async () => {
    const bank = await provider.registerBankAccount({ ownerId: '11', holderName: 'Claire Martin', iban: 'FR7630006000011234567890189', address: person.address });
    expect(apiCalls()[0]).toMatchObject({
      method: 'POST',
      path: api('/users/11/bankaccounts/iban'),
      body: { OwnerName: 'Claire Martin', IBAN: 'FR7630006000011234567890189', OwnerAddress: { AddressLine1: '12 rue des Lilas', City: 'Lyon', PostalCode: '69003', Country: 'FR' } },
    });
    const payout = await provider.createPayout({ ownerId: '11', walletId: '12', bankAccountId: bank.bankAccountId, amountCents: 19_200, tag: 'payout:3', idempotencyKey: 'payout-3' });
    const payoutCall = apiCalls()[1]!;
    expect(payoutCall).toMatchObject({ method: 'POST', path: api('/payouts/bankwire/') });
    expect(payoutCall.headers['idempotency-key']).toBe('payout-3');
    expect(payoutCall.body).toMatchObject({ AuthorId: '11', DebitedWalletId: '12', BankAccountId: bank.bankAccountId, DebitedFunds: { Currency: 'EUR', Amount: 19_200 }, Fees: { Currency: 'EUR', Amount: 0 } });
    expect(payout).toEqual({ payoutId: payout.payoutId, status: 'CREATED', amountCents: 19_200, resultMessage: null });
    expect(await provider.getPayout(payout.payoutId)).toMatchObject({ status: 'CREATED', amountCents: 19_200 });
    expect(await provider.getPayout('424242')).toBeNull();

    const transfer = await provider.transfer({ authorId: '11', debitedWalletId: '12', creditedWalletId: '22', amountCents: 24_000, feesCents: 4_800, tag: 'prize:9', idempotencyKey: 'prize-9' });
    const transferCall = apiCalls().at(-1)!;
    expect(transferCall).toMatchObject({ method: 'POST', path: api('/transfers') });
    expect(transferCall.headers['idempotency-key']).toBe('prize-9');
    expect(transferCall.body).toMatchObject({ DebitedFunds: { Currency: 'EUR', Amount: 24_000 }, Fees: { Currency: 'EUR', Amount: 4_800 }, DebitedWalletId: '12', CreditedWalletId: '22' });
    expect(transfer.status).toBe('SUCCEEDED');
  });

  it('refunds a pay-in partly, with its idempotency key, and never beyond what it paid', async () => {
    const payIn = await provider.createWebPayIn({ ownerId: '31', walletId: '32', amountCents: 10_000, cardType: 'CB_VISA_MASTERCARD', returnUrl: 'https://creadefi.fr/r', tag: 'contest:8:contest' });
    stub.payIns.get(payIn.payInId)!.Status = 'SUCCEEDED';
    const refund = await provider.refundPayIn({ payInId: payIn.payInId, authorId: '31', amountCents: 4_000, tag: 'refund:8', idempotencyKey: 'refund-8-a' });
    const call = apiCalls().at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: api(`/payins/${payIn.payInId}/refunds`) });
    expect(call.headers['idempotency-key']).toBe('refund-8-a');
    expect(call.body).toMatchObject({ AuthorId: '31', DebitedFunds: { Currency: 'EUR', Amount: 4_000 }, Fees: { Currency: 'EUR', Amount: 0 }, Tag: 'refund:8' });
    expect(refund).toEqual({ refundId: refund.refundId, status: 'SUCCEEDED', amountCents: 4_000, resultMessage: 'Success' });
    expect(stub.balance('32')).toBe(6_000);

    const again = await provider.refundPayIn({ payInId: payIn.payInId, authorId: '31', amountCents: 4_000, tag: 'refund:8', idempotencyKey: 'refund-8-a' });
    expect(again.refundId).toBe(refund.refundId);
    expect(stub.balance('32')).toBe(6_000);

    const over = await provider.refundPayIn({ payInId: payIn.payInId, authorId: '31', amountCents: 6_001, tag: 'refund:8', idempotencyKey: 'refund-8-b' });
    expect(over.status).toBe('FAILED');
    expect(stub.balance('32')).toBe(6_000);
    await expect(provider.refundPayIn({ payInId: '424242', authorId: '31', amountCents: 1, tag: 'x', idempotencyKey: 'refund-x' })).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('returns a promotion to the platform’s promotions wallet by a transfer', async () => {
    await provider.returnPromotion({ authorId: '31', debitedWalletId: '32', amountCents: 500, tag: 'promotion-return:8', idempotencyKey: 'promo-back-8' });
    const call = apiCalls().at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: api('/transfers') });
    expect(call.headers['idempotency-key']).toBe('promo-back-8');
    expect(call.body).toMatchObject({ AuthorId: '31', DebitedWalletId: '32', CreditedWalletId: stub.promotionsWalletId, DebitedFunds: { Currency: 'EUR', Amount: 500 }, Fees: { Currency: 'EUR', Amount: 0 } });
  });

  it('tells a refusal (4xx) from an outage (5xx, 429, unreachable), without hanging', async () => {
    stub.failNext(400);
    await expect(provider.createAccount({ kind: 'natural', person })).rejects.toBeInstanceOf(ProviderRefusedError);
    stub.failNext(500, { Message: 'Internal server error' });
    await expect(provider.createWebPayIn({ ownerId: '1', walletId: '2', amountCents: 100, cardType: 'AMEX', returnUrl: 'https://x.fr/', tag: 't' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    stub.failNext(429, { Message: 'Too many requests' });
    await expect(provider.getPayIn('1')).rejects.toBeInstanceOf(ProviderUnavailableError);

    // A port where nothing listens.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = new MangopayPaymentProvider({ ...stub, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000 });
    await expect(down.createAccount({ kind: 'natural', person })).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(down.getPayIn('1')).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});

describe('the app with PAYMENT_PROVIDER=mangopay (stubbed)', () => {
  let t: TestApp;
  let appStub: MangopayStub;
  beforeAll(async () => {
    appStub = await startMangopayStub('creadefi-app', 'autre-cle');
    t = await createTestApp({ env: appStub.env });
  });
  afterAll(async () => {
    await t.close();
    await appStub.close();
  });

  it('opens the account from the status form, then pays a contest through MangoPay', async () => {
    expect(t.ctx.payments.name).toBe('mangopay');
    const user = await buildUser(t.ctx);
    const statut = await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: user.headers, payload: statutForm() });
    expect(statut.statusCode, statut.body).toBe(200);
    const { ownerId, payerId } = statut.json().results.user;
    expect(appStub.requests.some((r) => r.path === `/v2.01/creadefi-app/users/legal`)).toBe(true);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours/create',
      headers: user.headers,
      payload: { companyName: 'Martin', companySkills: 'Pain', target: 'Tous', message: 'Un logo', idSubCategory: 1, cost: 24_000 },
    });
    const id = created.json().results.newConcours.id;

    appStub.requests.length = 0;
    const paylib = await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: user.headers, payload: { idConcours: id, cardType: 'PAYLIB' } });
    expect(paylib.statusCode).toBe(400);
    expect(paylib.json().message.message).toBe(MESSAGES.payments.cardTypeRefused);
    expect(appStub.requests).toHaveLength(0);

    const payIn = await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: user.headers, payload: { idConcours: id, cardType: 'MAESTRO' } });
    expect(payIn.statusCode, payIn.body).toBe(200);
    const results = payIn.json().results;
    expect(results.redirectUrl).toMatch(/^https:\/\/paiement\.stub\.test\/pay\//);
    const call = appStub.requests.find((r) => r.path === '/v2.01/creadefi-app/payins/card/web/')!;
    expect(call.body).toMatchObject({ AuthorId: ownerId, CreditedWalletId: payerId, CardType: 'MAESTRO', ReturnURL: `http://localhost:3000/confirmation?idConcours=${id}`, DebitedFunds: { Amount: 24_000, Currency: 'EUR' } });

    const confirm = () => t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${results.transactionId}`, headers: user.headers });
    expect((await confirm()).statusCode).toBe(409);
    appStub.payIns.get(results.transactionId)!.Status = 'SUCCEEDED';
    const ok = await confirm();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.payments.confirmed);
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
    expect(row!.status).toBe(2);
  });

  it('a winner’s provider wallet holds what the ledger credits: the promotion is a transfer from the platform’s wallet', async () => {
    const member = async () => {
      const user = await buildUser(t.ctx);
      const res = await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: user.headers, payload: statutForm() });
      expect(res.statusCode, res.body).toBe(200);
      return { ...user, payerId: res.json().results.user.payerId as string };
    };
    const organiser = await member();
    const talent = await member();
    const promo = await buildPromoCode(t.ctx, { percentOff: 90, maxUses: 1 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours/create',
      headers: organiser.headers,
      payload: { companyName: 'Martin', companySkills: 'Pain', target: 'Tous', message: 'Un logo', idSubCategory: 1, cost: 30_000, promoCode: promo.code },
    });
    const id = created.json().results.newConcours.id;
    const payIn = (await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: organiser.headers, payload: { idConcours: id, cardType: 'CB_VISA_MASTERCARD' } })).json().results;
    expect(payIn).toMatchObject({ amount: 3_000, discount: 27_000 });
    appStub.payIns.get(payIn.transactionId)!.Status = 'SUCCEEDED';
    const confirm = () => t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${payIn.transactionId}`, headers: organiser.headers });

    // The platform's wallet is empty: MangoPay refuses the transfer, the pay-in waits unsettled.
    const waiting = await confirm();
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json().message.message).toBe(MESSAGES.payments.promotionDelayed);
    expect((await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!.status).toBe(1);
    expect(await balanceOf(t.ctx.db, accounts.escrow(id))).toBe(0);

    appStub.fund(appStub.promotionsWalletId, 100_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm()));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(200));
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, id));
    const promotions = [...appStub.transfers.values()].filter((x) => x.Tag === `promotion:${payment!.id}`);
    expect(promotions.map((x) => [x.Status, x.DebitedWalletId, x.CreditedWalletId, x.AuthorId, (x.DebitedFunds as { Amount: number }).Amount])).toEqual([
      ['FAILED', appStub.promotionsWalletId, organiser.payerId, appStub.platformUserId, 27_000],
      ['SUCCEEDED', appStub.promotionsWalletId, organiser.payerId, appStub.platformUserId, 27_000],
    ]);
    expect(appStub.balance(organiser.payerId)).toBe(30_000);
    expect(appStub.balance(appStub.promotionsWalletId)).toBe(73_000);
    expect((await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)))[0]!.uses).toBe(1);

    const actor = { id: organiser.id, isAdmin: false };
    const participationId = await buildProposal(t.ctx, id, talent);
    await setWinner(t.ctx, actor, { idParticipationWinner: participationId, idConcours: id }, true);
    expect((await finaliseContest(t.ctx, actor, id)).kind).toBe('finalised');
    await t.ctx.db.update(participations).set({ finalSentAt: t.clock.now() }).where(eq(participations.id, participationId));
    await validateFinalFiles(t.ctx, organiser, { idConcours: id, idParticipation: participationId });
    expect(appStub.balance(talent.payerId)).toBe(24_000);
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(24_000);
    expect(appStub.balance(organiser.payerId)).toBe(0);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, talent.id])).toEqual([]);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('a card paid on MangoPay’s page after its contest closed, never confirmed, goes back to the card by the job, once', async () => {
    const organiser = await buildUser(t.ctx);
    const statut = await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: organiser.headers, payload: statutForm() });
    const { payerId } = statut.json().results.user as { payerId: string };
    const admin = await buildUser(t.ctx, { isAdmin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours/create',
      headers: organiser.headers,
      payload: { companyName: 'Martin', companySkills: 'Pain', target: 'Tous', message: 'Un logo', idSubCategory: 1, cost: 30_000 },
    });
    const id = created.json().results.newConcours.id as number;
    const open = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: organiser.headers, payload: { idConcours: id, cardType: 'CB_VISA_MASTERCARD' } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.transactionId as string;
    };
    const creation = await open();
    appStub.payIns.get(creation)!.Status = 'SUCCEEDED';
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${id}&transactionId=${creation}`, headers: organiser.headers })).statusCode).toBe(200);
    const actor = { id: organiser.id, isAdmin: false };
    for (let i = 0; i < 2; i++) await setWinner(t.ctx, actor, { idParticipationWinner: await buildProposal(t.ctx, id, await buildUser(t.ctx)), idConcours: id }, true);
    expect((await finaliseContest(t.ctx, actor, id)).kind).toBe('extraPrizesDue');
    const extra = await open();

    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/contests/${id}/refund`, headers: admin.headers, payload: { reason: 'Brief contraire aux règles.' } });
    expect(refund.statusCode, refund.body).toBe(200);
    // MangoPay's page cannot be withdrawn: the organiser pays there anyway, and never comes back.
    appStub.payIns.get(extra)!.Status = 'SUCCEEDED';
    await Promise.all([settleOpenPayIns(t.ctx), settleOpenPayIns(t.ctx)]);
    await settleOpenPayIns(t.ctx);

    const given = [...appStub.refunds.values()].filter((r) => r.InitialTransactionId === extra);
    expect(given.map((r) => [r.Status, (r.DebitedFunds as { Amount: number }).Amount])).toEqual([['SUCCEEDED', 30_000]]);
    expect(await balanceOf(t.ctx.db, accounts.escrow(id))).toBe(0);
    expect(appStub.balance(payerId)).toBe(0);
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'payin_returned')));
    expect(told).toHaveLength(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id])).toEqual([]);
  });

  it('answers 503 when MangoPay is down and 422 when it refuses the status form', async () => {
    const user = await buildUser(t.ctx);
    appStub.failNext(503, { Message: 'Service Unavailable' });
    const down = await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: user.headers, payload: statutForm() });
    expect(down.statusCode).toBe(503);
    expect(down.json().message.message).toBe(MESSAGES.payments.providerUnavailable);
    appStub.failNext(400);
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/add/statut/', headers: user.headers, payload: statutForm() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message.message).toBe(MESSAGES.profile.providerRefused);
  });
});
