/**
 * Promo codes and money: a code's limits hold under concurrency, it discounts the creation
 * payment of one contest once, a pay-in keeps the amount it opened with, a failed or expired
 * pay-in gives its use back, and the discount reaches the organiser's wallet at the provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createContestWithCode, startPayIn as startPayInAs } from './test-helpers';
import { buildOrganiser, buildPromoCode, buildProposal, type TestUser } from '../../test/factories';
import { contests, payments, promoCodes } from '../../db/schema';
import { SANDBOX_PAYIN_TTL_MS, SANDBOX_TEST_CARDS, SandboxPaymentProvider } from '../../adapters/payments/sandbox';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { setWinner } from '../participations/judging';
import { PROMOTION_HOLD_CHECK_MS, confirmPayIn, createPayIn, settleOpenPayIns } from './service';

const P = MESSAGES.payments;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Organiser = TestUser & { ownerId: string; payerId: string };

const createContest = (owner: TestUser, promoCode: string | null, cost?: number) => createContestWithCode(t, owner, promoCode, cost);

const startPayIn = (user: TestUser, idConcours: number, cardType?: string) => startPayInAs(t, user, idConcours, cardType);

const confirm = (user: TestUser, idConcours: number, transactionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${idConcours}&transactionId=${transactionId}`, headers: user.headers });

const sandbox = () => t.ctx.payments as SandboxPaymentProvider;
const card = (number: string) => ({ number, expiry: '12/39', cvc: '123' });

async function usesOf(id: number): Promise<number> {
  const [row] = await t.ctx.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id));
  return row!.uses;
}

const discounted = (contestIds: number[]) =>
  t.ctx.db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.promoCodeId), eq(payments.status, 'succeeded')))
    .then((rows) => rows.filter((r) => contestIds.includes(r.contestId)));

describe('promo codes at payment', () => {
  let organiser: Organiser;
  beforeAll(async () => {
    organiser = await buildOrganiser(t.ctx);
  });

  it('a one-use code discounts exactly one of 20 concurrent payments', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 90, maxUses: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await createContest(organiser, promo.code));

    const opened = await Promise.all(ids.map((id) => startPayIn(organiser, id)));
    const accepted = opened.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.json().results).toMatchObject({ amount: 3_000, discount: 27_000 });
    // The others are told before any card page opens, and their contests lose the code.
    const refused = opened.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().message.message])).toEqual(Array(19).fill([409, P.promoUsedUp]));
    expect(await usesOf(promo.id)).toBe(1);

    // Opened again, they pay the full price; then all twenty are paid and confirmed at once.
    const transactions = new Map<number, string>();
    transactions.set(accepted[0]!.json().results.idConcours, accepted[0]!.json().results.transactionId);
    for (const [i, r] of opened.entries()) {
      if (r.statusCode === 200) continue;
      const again = await startPayIn(organiser, ids[i]!);
      expect(again.json().results).toMatchObject({ amount: 30_000, discount: 0 });
      transactions.set(ids[i]!, again.json().results.transactionId);
    }
    for (const tx of transactions.values()) await sandbox().payWithCard(tx, card(SANDBOX_TEST_CARDS.succeeds));
    const confirmed = await Promise.all([...transactions].flatMap(([id, tx]) => [confirm(organiser, id, tx), confirm(organiser, id, tx)]));
    expect(confirmed.every((r) => r.statusCode === 200)).toBe(true);

    expect(await discounted(ids)).toHaveLength(1);
    expect(await usesOf(promo.id)).toBe(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id])).toEqual([]);
  }, 180_000);

  it('20 clicks at once on one contest open one discounted pay-in, holding one use', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 50, maxUses: 1 });
    const id = await createContest(organiser, promo.code);
    const clicks = await Promise.all(Array.from({ length: 20 }, () => startPayIn(organiser, id)));
    const answered = clicks.filter((r) => r.statusCode === 200).map((r) => r.json().results);
    // A click that waited too long is told to try again; none opens a second pay-in.
    expect(clicks.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().message.message === P.opening))).toBe(true);
    expect(new Set(answered.map((r) => r.transactionId)).size).toBe(1);
    expect(answered[0]).toMatchObject({ amount: 15_000, discount: 15_000 });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.contestId, id))).toHaveLength(1);
    expect(await usesOf(promo.id)).toBe(1);
  });

  it('an extra prize is never discounted, nor a second creation pay-in while the first is open', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 90 });
    const id = await createContest(organiser, promo.code);
    const first = (await startPayIn(organiser, id)).json().results;
    expect(first).toMatchObject({ amount: 3_000, discount: 27_000 });
    // Another card while the first page can still be paid: both could be paid, only one may be discounted.
    const second = await startPayIn(organiser, id, 'MAESTRO');
    expect(second.statusCode).toBe(409);
    expect(second.json().message.message).toBe(P.promoPaymentOpen);

    // The first is cancelled: its use comes back, and the other card takes it.
    await sandbox().cancel(first.transactionId);
    expect((await confirm(organiser, id, first.transactionId)).statusCode).toBe(402);
    expect(await usesOf(promo.id)).toBe(0);
    const third = (await startPayIn(organiser, id, 'MAESTRO')).json().results;
    expect(third).toMatchObject({ amount: 3_000, discount: 27_000 });
    expect(await usesOf(promo.id)).toBe(1);
    await sandbox().payWithCard(third.transactionId, card(SANDBOX_TEST_CARDS.succeeds));
    expect((await confirm(organiser, id, third.transactionId)).statusCode).toBe(200);

    // Three winners: the two extra prizes are paid in full.
    const actor = { id: organiser.id, isAdmin: false };
    for (let i = 0; i < 3; i++) {
      const talent = await buildOrganiser(t.ctx);
      await setWinner(t.ctx, actor, { idParticipationWinner: await buildProposal(t.ctx, id, talent), idConcours: id }, true);
    }
    const extra = await createPayIn(t.ctx, organiser.id, { idConcours: id, cardType: 'CB_VISA_MASTERCARD' });
    expect(extra).toMatchObject({ purpose: 'extra_prizes', prizes: 2, amount: 60_000, discount: 0 });
    await sandbox().payWithCard(extra.transactionId, card(SANDBOX_TEST_CARDS.succeeds));
    await confirmPayIn(t.ctx, organiser.id, { idConcours: id, transactionId: extra.transactionId });
    const rows = await t.ctx.db.select().from(payments).where(and(eq(payments.contestId, id), eq(payments.status, 'succeeded')));
    expect(rows.map((r) => r.discountCents).sort()).toEqual([0, 27_000]);
    expect(await usesOf(promo.id)).toBe(1);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('a pay-in reopened for the same payment keeps the amount first computed, even after the code lapsed', async () => {
    const promo = await buildPromoCode(t.ctx, { amountOffCents: 5_000, percentOff: null, validUntil: new Date(t.clock.now().getTime() + 60_000) });
    const id = await createContest(organiser, promo.code);
    const first = (await startPayIn(organiser, id)).json().results;
    expect(first).toMatchObject({ amount: 25_000, discount: 5_000 });
    t.clock.advance(120_000);
    const again = await startPayIn(organiser, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().results).toMatchObject({ transactionId: first.transactionId, amount: 25_000, discount: 5_000 });
    await sandbox().payWithCard(first.transactionId, card(SANDBOX_TEST_CARDS.succeeds));
    expect((await confirm(organiser, id, first.transactionId)).statusCode).toBe(200);
    const [contest] = await t.ctx.db.select().from(contests).where(eq(contests.id, id));
    expect(contest!.status).toBe(2);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('a declined or expired pay-in gives its use back', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 50, maxUses: 1 });
    const declinedId = await createContest(organiser, promo.code);
    const declined = (await startPayIn(organiser, declinedId)).json().results;
    await sandbox().payWithCard(declined.transactionId, card(SANDBOX_TEST_CARDS.declined));
    expect((await confirm(organiser, declinedId, declined.transactionId)).statusCode).toBe(402);
    expect(await usesOf(promo.id)).toBe(0);

    // Nobody comes back from this one: the job gives the use back once the page expired.
    const abandonedId = await createContest(organiser, promo.code);
    expect((await startPayIn(organiser, abandonedId)).json().results.discount).toBe(15_000);
    expect(await usesOf(promo.id)).toBe(1);
    t.clock.advance(Math.max(SANDBOX_PAYIN_TTL_MS, PROMOTION_HOLD_CHECK_MS) + 1_000);
    expect(await settleOpenPayIns(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await usesOf(promo.id)).toBe(0);
    // The use is free again for whoever pays next.
    const next = await startPayIn(organiser, declinedId);
    expect(next.json().results).toMatchObject({ amount: 15_000, discount: 15_000 });
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });
});
