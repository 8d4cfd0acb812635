/**
 * The admin area's « Argent »: the ledger check and the balances add up against the ledger, a
 * failed pay-out is sent again once however many clicks race, a disabled promo code is refused
 * to new uses and kept by the pay-in holding it, and every action is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES, formatEuros } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_IBANS, buildOrganiser, buildPromoCode, buildUser, type TestUser } from '../../test/factories';
import { failedPayout as failedPayoutOf, paidTalentWithBank } from '../wallet/test-helpers';
import { adminActions, ledgerAccounts, ledgerOperations, payouts, promoCodes, sandboxOperations } from '../../db/schema';
import { ProviderRefusedError } from '../../adapters/payments/port';
import { accounts, balanceOf } from '../ledger/ledger';
import { checkLedger } from '../ledger/check';
import { createContestWithCode, startPayIn } from '../payments/test-helpers';

const M = MESSAGES.admin.money;
const P = MESSAGES.payments;

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (url: string, user: TestUser | null, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const retry = (id: number, user: TestUser | null = admin, reason = 'IBAN corrigé par le membre.') => post(`/api/admin/payouts/${id}/retry`, user, { reason });

const paidTalent = () => paidTalentWithBank(t, organiser);

/** A talent's transfer the provider refused: the pay-out failed and the money is back in the wallet. */
async function failedPayout(reason = 'IBAN clôturé') {
  const failed = await failedPayoutOf(t, organiser);
  // As the provider would have put it.
  await t.ctx.db.update(payouts).set({ failureReason: reason }).where(eq(payouts.id, failed.payoutId));
  return failed;
}

const providerPayouts = (talent: { ownerId: string }) =>
  t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'payout'), eq(sandboxOperations.ownerId, talent.ownerId)));

describe('GET /api/admin/money', () => {
  it('shows the ledger check and balances that add up to the ledger', async () => {
    await paidTalent();
    const { talent } = await paidTalent();
    expect((await post('/api/wallet/transfer', talent)).statusCode).toBe(200);
    await failedPayout();

    const res = await get('/api/admin/money', admin);
    expect(res.statusCode, res.body).toBe(200);
    const money = res.json().results;
    expect(money.check).toMatchObject({ ok: true, violations: [] });
    expect(money.check.durationMs).toBeGreaterThanOrEqual(0);
    const b = money.balances;
    expect(b.fees).toBe(await balanceOf(t.ctx.db, accounts.platformFees));
    expect(b.promotions).toBe(0 - (await balanceOf(t.ctx.db, accounts.platformPromotions)));
    expect(b.payins).toBe(0 - (await balanceOf(t.ctx.db, accounts.worldPayins)));
    expect(b.payouts).toBe(await balanceOf(t.ctx.db, accounts.worldPayouts));
    const [sums] = (
      (await t.ctx.db.execute(
        sql`select coalesce(sum(balance_cents) filter (where code like 'wallet:%'), 0)::int as wallets, coalesce(sum(balance_cents) filter (where code like 'escrow:%'), 0)::int as escrow from ledger_accounts`,
      )) as unknown as { rows: { wallets: number; escrow: number }[] }
    ).rows;
    expect(b.wallets).toBe(sums!.wallets);
    expect(b.escrow.total).toBe(sums!.escrow);
    expect(b.escrow.byStatus.reduce((n: number, s: { amount: number }) => n + s.amount, 0)).toBe(b.escrow.total);
    // Everything paid in is somewhere: wallets, escrow, fees (less promotions), or gone out.
    expect(b.payins).toBe(b.wallets + b.escrow.total + b.fees - b.promotions + b.payouts);
    expect(b.payouts).toBeGreaterThan(0);
    expect(money.payouts.failed.count).toBeGreaterThanOrEqual(1);
  });

  it('turns red and lists the differences when a balance was changed around the ledger', async () => {
    const { talent } = await paidTalent();
    const code = accounts.wallet(talent.id);
    await t.ctx.db.update(ledgerAccounts).set({ balanceCents: sql`${ledgerAccounts.balanceCents} + 100` }).where(eq(ledgerAccounts.code, code));
    try {
      const money = (await get('/api/admin/money', admin)).json().results;
      expect(money.check.ok).toBe(false);
      expect(money.check.violations.map((v: { rule: string }) => v.rule)).toEqual(expect.arrayContaining(['stale_balance', 'money_identity']));
      expect(money.check.violations.find((v: { rule: string }) => v.rule === 'stale_balance').message).toContain(code);
    } finally {
      await t.ctx.db.update(ledgerAccounts).set({ balanceCents: sql`${ledgerAccounts.balanceCents} - 100` }).where(eq(ledgerAccounts.code, code));
    }
    expect((await get('/api/admin/money', admin)).json().results.check.ok).toBe(true);
  });
});

describe('GET /api/admin/payouts', () => {
  it('lists failed pay-outs with the member, the masked IBAN and the reason, and pending ones apart', async () => {
    const { talent, gain, payoutId } = await failedPayout('Compte bancaire fermé');
    const failed = (await get('/api/admin/payouts?status=failed&pageSize=100', admin)).json().results;
    const row = failed.payouts.find((p: { id: number }) => p.id === payoutId);
    expect(row).toMatchObject({
      status: 'failed',
      member: { id: talent.id, pseudo: talent.pseudo },
      amount: gain,
      iban: 'FR76 •••• •••• •••• •••• •••0 189',
      failureReason: 'Compte bancaire fermé',
      attempt: 0,
    });
    expect(JSON.stringify(failed)).not.toContain(TEST_IBANS.valid);
    expect(failed.payouts.every((p: { status: string }) => p.status === 'failed')).toBe(true);
    const pending = (await get('/api/admin/payouts?status=pending', admin)).json().results;
    expect(pending.payouts.every((p: { status: string }) => p.status === 'pending')).toBe(true);
    expect((await get('/api/admin/payouts?status=succeeded', admin)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/payouts/:id/retry', () => {
  it('sends a failed pay-out again once when two admins click together, and logs it', async () => {
    const { talent, gain, payoutId } = await failedPayout();
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(gain);

    const answers = await Promise.all([retry(payoutId, admin), retry(payoutId, otherAdmin), retry(payoutId, admin)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const done = answers.find((a) => a.statusCode === 200)!;
    expect(done.json().message).toBe(M.payoutRetried(formatEuros(gain)));
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message.message)).toEqual([M.payoutNotFailed, M.payoutNotFailed]);

    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ status: 'succeeded', attempt: 1, failureReason: null });
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(0);
    const atProvider = await providerPayouts(talent);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]).toMatchObject({ idempotencyKey: `payout-${payoutId}-attempt-1`, amountCents: gain });
    const logged = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'payout'), eq(adminActions.targetId, payoutId)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'payout.retry', reason: 'IBAN corrigé par le membre.', details: { memberId: talent.id, amount: gain, attempt: 1, previousFailure: 'IBAN clôturé' } });

    // Sent again later: the pay-out is no longer failed.
    expect((await retry(payoutId)).statusCode).toBe(409);
    expect(await providerPayouts(talent)).toHaveLength(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses when the member already asked for a new transfer of that money: nothing is paid twice', async () => {
    const { talent, payoutId } = await failedPayout();
    expect((await post('/api/wallet/transfer', talent)).statusCode).toBe(200);
    const res = await retry(payoutId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(M.payoutMoneyGone);
    expect(await providerPayouts(talent)).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ status: 'failed', attempt: 0 });
    expect(await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'payout'), eq(adminActions.targetId, payoutId)))).toHaveLength(0);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('gives the money back again when the provider refuses the retry, and a later retry can still pay', async () => {
    const { talent, gain, payoutId } = await failedPayout();
    const spy = vi.spyOn(t.ctx.payments, 'createPayout').mockRejectedValueOnce(new ProviderRefusedError('Banque injoignable'));
    const refused = await retry(payoutId);
    spy.mockRestore();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message.message).toBe(M.payoutRetryRefused('Banque injoignable'));
    expect(await balanceOf(t.ctx.db, accounts.wallet(talent.id))).toBe(gain);
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `payout-reversal:${payoutId}:attempt-1`))).toHaveLength(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    expect((await retry(payoutId)).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ status: 'succeeded', attempt: 2 });
    expect((await providerPayouts(talent)).map((p) => p.idempotencyKey)).toEqual([`payout-${payoutId}-attempt-2`]);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('asks for a reason, and answers 404 for a pay-out that does not exist', async () => {
    const { payoutId } = await failedPayout();
    const noReason = await post(`/api/admin/payouts/${payoutId}/retry`, admin, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message.message).toBe(MESSAGES.admin.decisionReasonRequired);
    const missing = await retry(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message.message).toBe(M.payoutNotFound);
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row!.status).toBe('failed');
  });
});

describe('POST /api/admin/promo-codes/:id/disable', () => {
  it('refuses the code to new uses with a French message, keeps the pay-in holding it, and logs it', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 20 });
    const holding = await createContestWithCode(t, organiser, promo.code);
    const opened = await startPayIn(t, organiser, holding);
    expect(opened.json().results).toMatchObject({ amount: 24_000, discount: 6_000 });
    const waiting = await createContestWithCode(t, organiser, promo.code);

    const res = await post(`/api/admin/promo-codes/${promo.id}/disable`, admin, { reason: 'Code diffusé sur un forum.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(M.promoDisabled);
    expect(res.json().results.promoCode).toMatchObject({ id: promo.id, state: 'disabled', uses: 1 });
    const [logged] = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.action, 'promo_code.disable'), eq(adminActions.targetId, promo.id)));
    expect(logged).toMatchObject({ targetType: 'promo_code', adminId: admin.id, reason: 'Code diffusé sur un forum.', details: { code: promo.code, uses: 1 } });

    // The wizard's check, a new contest, and the contest that carried it but never opened a pay-in.
    const check = await post('/api/concours/promo/check', organiser, { code: promo.code, cost: 30_000 });
    expect(check.statusCode).toBe(409);
    expect(check.json().message.message).toBe(P.promoCheckDisabled);
    const created = await post('/api/concours/create', organiser, {
      companyName: 'Boulangerie Martin',
      companySkills: 'Pains au levain',
      target: 'Familles',
      message: 'Un logo chaleureux.',
      idSubCategory: 1,
      cost: 30_000,
      promoCode: promo.code,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message.message).toBe(P.promoUnknown);
    const refused = await startPayIn(t, organiser, waiting);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message.message).toBe(P.promoDisabled);
    expect((await startPayIn(t, organiser, waiting)).json().results).toMatchObject({ amount: 30_000, discount: 0 });

    // The pay-in opened before keeps its discount.
    const again = await startPayIn(t, organiser, holding);
    expect(again.json().results).toMatchObject({ transactionId: opened.json().results.transactionId, amount: 24_000, discount: 6_000 });

    const listed = (await get('/api/admin/promo-codes', admin)).json().results.promoCodes.find((p: { id: number }) => p.id === promo.id);
    expect(listed).toMatchObject({ state: 'disabled', disabledAt: expect.any(String) });
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('asks for a reason, and refuses a code already disabled or unknown', async () => {
    const promo = await buildPromoCode(t.ctx);
    expect((await post(`/api/admin/promo-codes/${promo.id}/disable`, admin, {})).statusCode).toBe(400);
    expect((await post(`/api/admin/promo-codes/${promo.id}/disable`, admin, { reason: 'Fin de l’opération.' })).statusCode).toBe(200);
    const twice = await post(`/api/admin/promo-codes/${promo.id}/disable`, otherAdmin, { reason: 'Encore.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message.message).toBe(M.promoAlreadyDisabled);
    expect((await post('/api/admin/promo-codes/999999/disable', admin, { reason: 'X' })).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row!.disabledAt).not.toBeNull();
  });
});

describe('the « Argent » routes', () => {
  it('are for admins only', async () => {
    const { payoutId } = await failedPayout();
    const promo = await buildPromoCode(t.ctx);
    const member = await buildUser(t.ctx);
    const calls = [
      (u: TestUser | null) => get('/api/admin/money', u),
      (u: TestUser | null) => get('/api/admin/payouts', u),
      (u: TestUser | null) => retry(payoutId, u),
      (u: TestUser | null) => post(`/api/admin/promo-codes/${promo.id}/disable`, u, { reason: 'Pirate.' }),
    ];
    for (const call of calls) {
      expect((await call(null)).statusCode).toBe(401);
      const res = await call(member);
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(MESSAGES.common.forbidden);
    }
    const [row] = await t.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row!.status).toBe('failed');
    const [code] = await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(code!.disabledAt).toBeNull();
  });
});
