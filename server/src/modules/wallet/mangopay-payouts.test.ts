/**
 * Pay-outs through the MangoPay adapter, against the local stub of its API: MangoPay answers
 * a bank-wire pay-out CREATED and settles it later, so the request leaves it pending and the
 * settle-payouts job asks again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_IBANS, buildContest, buildLegalStatus, buildUser, type TestUser } from '../../test/factories';
import { notifications, payouts } from '../../db/schema';
import { startMangopayStub, type MangopayStub } from '../../adapters/payments/mangopay-stub';
import { accounts, balanceOf, post } from '../ledger/ledger';
import { PAYOUT_SETTLE_AFTER_MS, settlePendingPayouts } from './service';

let stub: MangopayStub;
let t: TestApp;
beforeAll(async () => {
  stub = await startMangopayStub();
  t = await createTestApp({ env: stub.env });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

/** A talent with 240 € in the wallet and an IBAN registered at MangoPay. */
async function talentWithMoney(): Promise<TestUser> {
  const talent = await buildUser(t.ctx, { ownerId: '11', payerId: '12' });
  const organiser = await buildUser(t.ctx);
  const contest = await buildContest(t.ctx, organiser);
  await t.ctx.db.transaction((tx) =>
    post(tx, {
      key: `test-prize:${contest.id}`,
      kind: 'prize',
      entries: [
        { account: accounts.escrow(contest.id), amountCents: -30_000 },
        { account: accounts.wallet(talent.id), amountCents: 24_000 },
        { account: accounts.platformFees, amountCents: 6_000 },
      ],
    }),
  );
  await buildLegalStatus(t.ctx, talent.id);
  const saved = await t.app.inject({ method: 'POST', url: '/api/user/bank-details', headers: talent.headers, payload: { name: 'Hugo Bernard', iban: TEST_IBANS.valid } });
  expect(saved.statusCode).toBe(200);
  return talent;
}

describe('pay-outs with MangoPay', () => {
  it('registers the IBAN at MangoPay, pays out with the pay-out’s key, and settles once MangoPay has paid', async () => {
    const talent = await talentWithMoney();
    expect(stub.requests.some((r) => r.method === 'POST' && r.path.endsWith('/users/11/bankaccounts/iban'))).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: talent.headers, payload: {} });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(MESSAGES.wallet.transferPending);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(row).toMatchObject({ status: 'pending', provider: 'mangopay', amountCents: 24_000 });
    expect(row!.providerPayoutId).toBeTruthy();
    const call = stub.requests.find((r) => r.path.endsWith('/payouts/bankwire/'))!;
    expect(call.headers['idempotency-key']).toBe(`payout-${row!.id}`);
    expect(call.body).toMatchObject({ AuthorId: '11', DebitedWalletId: '12', DebitedFunds: { Amount: 24_000, Currency: 'EUR' } });
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(0);

    t.clock.advance(PAYOUT_SETTLE_AFTER_MS + 1000);
    expect(await settlePendingPayouts(t.ctx)).toBe(0);
    stub.payouts.get(row!.providerPayoutId!)!.Status = 'SUCCEEDED';
    expect(await settlePendingPayouts(t.ctx)).toBe(1);
    const [done] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, row!.id));
    expect(done!.status).toBe('succeeded');
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, talent.id))).toHaveLength(1);
  });

  it('gives the money back when MangoPay reports the pay-out failed', async () => {
    const talent = await talentWithMoney();
    await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: talent.headers, payload: {} });
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    Object.assign(stub.payouts.get(row!.providerPayoutId!)!, { Status: 'FAILED', ResultMessage: 'Compte bancaire clôturé' });
    t.clock.advance(PAYOUT_SETTLE_AFTER_MS + 1000);
    await settlePendingPayouts(t.ctx);
    const [failed] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, row!.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Compte bancaire clôturé' });
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(24_000);
  });

  it('sends an unacknowledged pay-out again under the same key: MangoPay makes it once', async () => {
    const talent = await talentWithMoney();
    stub.failNext(503, { Message: 'Service Unavailable' });
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: talent.headers, payload: {} });
    expect(res.statusCode).toBe(202);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    expect(row!.providerPayoutId).toBeNull();
    const before = stub.payouts.size;
    t.clock.advance(PAYOUT_SETTLE_AFTER_MS + 1000);
    await settlePendingPayouts(t.ctx);
    await t.ctx.db.update(payouts).set({ providerPayoutId: null }).where(eq(payouts.id, row!.id));
    await settlePendingPayouts(t.ctx);
    expect(stub.payouts.size).toBe(before + 1);
    const [again] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, row!.id));
    expect(again!.providerPayoutId).toBeTruthy();
    const keys = stub.requests.filter((r) => r.path.endsWith('/payouts/bankwire/')).map((r) => r.headers['idempotency-key']);
    expect(keys.filter((k) => k === `payout-${row!.id}`).length).toBeGreaterThanOrEqual(2);
  });
});
