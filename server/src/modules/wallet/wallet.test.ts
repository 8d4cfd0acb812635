import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, formatEuros, gainCents, isValidIban } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_IBANS, buildFinalisedContest, buildLegalStatus, buildOrganiser, buildUser, type TestUser } from '../../test/factories';
import { ledgerOperations, notifications, participations, payouts, sandboxOperations } from '../../db/schema';
import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/payments/port';
import { accounts, balanceOf } from '../ledger/ledger';
import { checkLedger } from '../ledger/check';
import { validateFinalFiles } from '../delivery/validate';
import { PAYOUT_SETTLE_AFTER_MS, settlePendingPayouts } from './service';
import { jobs } from '../../jobs';

const W = MESSAGES.wallet;

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const sandboxBalance = async (walletId: string) => Number((await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.id, walletId)))[0]!.balanceCents);

/** A talent whose validated prize sits in their wallet (and, with `bank`, a saved IBAN). */
async function paidTalent(options: { bank?: boolean; winners?: number } = {}) {
  const { contest, winners } = await buildFinalisedContest(t.ctx, organiser, { winners: 1, contest: { companyName: 'Atelier Céramique' } });
  const w = winners[0]!;
  await t.ctx.db.update(participations).set({ finalSentAt: t.clock.now() }).where(eq(participations.id, w.participationId));
  await validateFinalFiles(t.ctx, organiser, { idConcours: contest.id, idParticipation: w.participationId });
  if (options.bank) {
    await buildLegalStatus(t.ctx, w.user.id);
    const saved = await post(w.user, '/api/user/bank-details', { name: 'Hugo Bernard', iban: TEST_IBANS.valid });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  return { talent: w.user, contest, gain: gainCents(contest.costCents) };
}

describe('bank details', () => {
  it('needs the status form first', async () => {
    const user = await buildOrganiser(t.ctx);
    const res = await post(user, '/api/user/bank-details', { name: 'Hugo Bernard', iban: TEST_IBANS.valid });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(W.statusRequired);
    const noAccount = await buildUser(t.ctx);
    await buildLegalStatus(t.ctx, noAccount.id);
    expect((await post(noAccount, '/api/user/bank-details', { name: 'X', iban: TEST_IBANS.valid })).statusCode).toBe(409);
  });

  it('refuses an IBAN with a wrong key or missing fields, registers a good one at the provider and shows it masked', async () => {
    const user = await buildOrganiser(t.ctx);
    await buildLegalStatus(t.ctx, user.id);
    expect(isValidIban(TEST_IBANS.wrongKey)).toBe(false);
    const wrong = await post(user, '/api/user/bank-details', { name: 'Hugo Bernard', iban: TEST_IBANS.wrongKey });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message.message).toBe(W.ibanInvalid);
    const empty = await post(user, '/api/user/bank-details', { name: '', iban: '' });
    expect(empty.statusCode).toBe(400);
    expect((await get(user, '/api/user/bank-details')).json().results).toEqual({ bankAccount: null });

    const ok = await post(user, '/api/user/bank-details', { name: 'Hugo Bernard', iban: 'fr76 3000 6000 0112 3456 7890 189' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(W.bankSaved);
    const masked = 'FR76 •••• •••• •••• •••• •••0 189';
    expect((await get(user, '/api/user/bank-details')).json().results).toEqual({ bankAccount: { name: 'Hugo Bernard', iban: masked } });
    const atProvider = await t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'bank_account'), eq(sandboxOperations.ownerId, user.ownerId)));
    expect(atProvider).toHaveLength(1);
    expect(JSON.stringify(atProvider[0]!.data)).toContain(TEST_IBANS.valid);

    // A second save replaces the first.
    await post(user, '/api/user/bank-details', { name: 'Hugo B.', iban: TEST_IBANS.valid });
    expect((await get(user, '/api/user/bank-details')).json().results.bankAccount.name).toBe('Hugo B.');
  });
});

describe('GET /api/wallet', () => {
  it('shows the ledger balance, the same as /user/me, with a French history', async () => {
    const { talent, gain } = await paidTalent();
    const res = await get(talent, '/api/wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      balance: gain,
      bankAccount: null,
      history: [{ kind: 'prize', amount: gain, label: W.history.prize('Atelier Céramique') }],
      payouts: [],
    });
    expect((await get(talent, '/api/user/me')).json().results.user.wallet.amount).toBe(gain);
    expect((await get(await buildUser(t.ctx), '/api/wallet')).json().results.balance).toBe(0);
  });
});

describe('POST /api/wallet/transfer', () => {
  it('refuses an empty wallet, then a wallet without bank details', async () => {
    const poor = await buildOrganiser(t.ctx);
    const empty = await post(poor, '/api/wallet/transfer');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message.message).toBe(W.emptyBalance);
    const { talent } = await paidTalent();
    const noBank = await post(talent, '/api/wallet/transfer');
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().message.message).toBe(W.noBankAccount);
  });

  it('pays the whole balance out once: the wallet is emptied, the provider pays, the talent is told', async () => {
    const { talent, gain } = await paidTalent({ bank: true });
    const res = await post(talent, '/api/wallet/transfer', { idempotencyKey: 'clic-unique-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(W.transferStarted(formatEuros(gain)));
    expect(res.json().results.payout).toMatchObject({ amount: gain, status: 'succeeded' });
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(0);
    expect(await sandboxBalance((talent as TestUser & { payerId: string }).payerId)).toBe(0);
    const note = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, talent.id), eq(notifications.kind, 'payout_sent')));
    expect(note).toHaveLength(1);
    expect(note[0]!.text).toBe(MESSAGES.notifications.payoutSent(formatEuros(gain)));
    const wallet = (await get(talent, '/api/wallet')).json().results;
    expect(wallet.balance).toBe(0);
    expect(wallet.history.map((h: { kind: string; amount: number; label: string }) => [h.kind, h.amount, h.label])).toEqual([
      ['payout', -gain, W.history.payout],
      ['prize', gain, W.history.prize('Atelier Céramique')],
    ]);
    expect(wallet.payouts).toEqual([expect.objectContaining({ amount: gain, status: 'succeeded' })]);
    expect((await post(talent, '/api/wallet/transfer')).json().message.message).toBe(W.emptyBalance);
  });

  it('answers a click sent again with its key as the first time, however many arrive together', async () => {
    const { talent, gain } = await paidTalent({ bank: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(talent, '/api/wallet/transfer', { idempotencyKey: 'clic-repete-1' })));
    // The ones that come while the provider is being asked hear that the transfer is under way.
    expect(answers.every((a) => (a.statusCode === 200 && a.json().message === W.transferStarted(formatEuros(gain))) || (a.statusCode === 202 && a.json().message === W.transferPending))).toBe(true);
    expect(new Set(answers.map((a) => a.json().results.payout.id)).size).toBe(1);
    const again = await post(talent, '/api/wallet/transfer', { idempotencyKey: 'clic-repete-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().results.payout).toMatchObject({ id: answers[0]!.json().results.payout.id, amount: gain, status: 'succeeded' });
    expect(await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id))).toHaveLength(1);
    // Another click is another request: the wallet is empty now.
    expect((await post(talent, '/api/wallet/transfer', { idempotencyKey: 'clic-suivant-2' })).json().message.message).toBe(W.emptyBalance);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('makes one pay-out out of 20 concurrent clicks', async () => {
    const { talent, gain } = await paidTalent({ bank: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(talent, '/api/wallet/transfer')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: gain, status: 'succeeded' });
    expect(await t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'payout'), eq(sandboxOperations.ownerId, (talent as TestUser & { ownerId: string }).ownerId)))).toHaveLength(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('gives the money back when the provider refuses the pay-out', async () => {
    const { talent, gain } = await paidTalent({ bank: true });
    const spy = vi.spyOn(t.ctx.payments, 'createPayout').mockRejectedValueOnce(new ProviderRefusedError('Solde insuffisant'));
    const res = await post(talent, '/api/wallet/transfer');
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(res.json().message.message).toBe(W.transferFailed);
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(gain);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'Solde insuffisant' });
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `payout-reversal:${row!.id}`))).toHaveLength(1);
    const history = (await get(talent, '/api/wallet')).json().results.history.map((h: { kind: string }) => h.kind);
    expect(history).toEqual(['payout_reversal', 'payout', 'prize']);
    // The next click works.
    expect((await post(talent, '/api/wallet/transfer')).statusCode).toBe(200);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('leaves a pay-out whose outcome is unknown pending, and the job settles it once', async () => {
    expect(jobs.some((j) => j.run === settlePendingPayouts)).toBe(true);
    const { talent, gain } = await paidTalent({ bank: true });
    const spy = vi.spyOn(t.ctx.payments, 'createPayout').mockRejectedValueOnce(new ProviderUnavailableError('délai dépassé'));
    const res = await post(talent, '/api/wallet/transfer');
    spy.mockRestore();
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(W.transferPending);
    const [pending] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(pending!.status).toBe('pending');
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(0);

    // Too young: the request that opened it may still be at work.
    expect(await settlePendingPayouts(t.ctx)).toBe(0);
    t.clock.advance(PAYOUT_SETTLE_AFTER_MS + 1000);
    const [a, b] = await Promise.all([settlePendingPayouts(t.ctx), settlePendingPayouts(t.ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const [settled] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, pending!.id));
    expect(settled).toMatchObject({ status: 'succeeded', amountCents: gain });
    expect(await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, `payout-${pending!.id}`))).toHaveLength(1);
    expect(await settlePendingPayouts(t.ctx)).toBe(0);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('settles a pay-out the provider took but a crash left pending, without paying twice', async () => {
    const { talent, gain } = await paidTalent({ bank: true });
    // The provider made the pay-out, then the process died before recording it.
    const original = t.ctx.payments.createPayout.bind(t.ctx.payments);
    const spy = vi.spyOn(t.ctx.payments, 'createPayout').mockImplementationOnce(async (request) => {
      await original(request);
      throw new ProviderUnavailableError('connexion coupée');
    });
    await post(talent, '/api/wallet/transfer');
    spy.mockRestore();
    const [pending] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(pending!.status).toBe('pending');
    t.clock.advance(PAYOUT_SETTLE_AFTER_MS + 1000);
    await settlePendingPayouts(t.ctx);
    const [settled] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, pending!.id));
    expect(settled!.status).toBe('succeeded');
    const atProvider = await t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'payout'), eq(sandboxOperations.ownerId, (talent as TestUser & { ownerId: string }).ownerId)));
    expect(atProvider).toHaveLength(1);
    expect(Number(atProvider[0]!.amountCents)).toBe(gain);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });
});

describe('POST /api/wallet/transfer without a body', () => {
  it('is the same click', async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: user.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(W.emptyBalance);
  });
});
