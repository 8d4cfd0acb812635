/**
 * The price an organiser sees before paying: a promo code checked at step 5 of the wizard
 * gives the discounted price without taking a use, and the pay-in then asks exactly that;
 * « Payer le concours » reads what the payment will ask, discounted only while the code
 * still applies, never for extra prizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, formatEuros } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createContestWithCode, startPayIn as startPayInAs } from './test-helpers';
import { buildContest, buildOrganiser, buildPaidContest, buildPromoCode, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { payments, promoCodes } from '../../db/schema';
import { setWinner } from '../participations/judging';

const P = MESSAGES.payments;

let t: TestApp;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const check = (user: TestUser, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/concours/promo/check', headers: user.headers, payload });
const due = (user: TestUser, idConcours: number) => t.app.inject({ method: 'GET', url: `/api/payment/due?idConcours=${idConcours}`, headers: user.headers });
const startPayIn = (user: TestUser, idConcours: number, cardType?: string) => startPayInAs(t, user, idConcours, cardType);

const createContest = (owner: TestUser, promoCode: string | null, cost?: number) => createContestWithCode(t, owner, promoCode, cost);

async function usesOf(id: number): Promise<number> {
  const [row] = await t.ctx.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, id));
  return row!.uses;
}

describe('POST /api/concours/promo/check', () => {
  it('gives the discounted price of a valid code, typed in any case, and the pay-in then asks exactly that', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 15 });
    const res = await check(organiser, { code: ` ${promo.code.toLowerCase()} `, cost: 30_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: P.promoApplied(formatEuros(4_500)), results: { promo: { code: promo.code, cost: 30_000, discount: 4_500, amount: 25_500 } } });

    const id = await createContest(organiser, promo.code);
    const payIn = await startPayIn(organiser, id);
    expect(payIn.json().results).toMatchObject({ amount: 25_500, discount: 4_500 });
  });

  it('never takes a payment below its smallest amount, and checks an amount code against an unpaid contest', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: null, amountOffCents: 50_000 });
    const id = await createContest(organiser, null, 24_000);
    const res = await check(organiser, { code: promo.code, idConcours: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.promo).toEqual({ code: promo.code, cost: 24_000, discount: 23_900, amount: 100 });
  });

  it('says in French, under the field, that a code is unknown, expired or used up', async () => {
    const expired = await buildPromoCode(t.ctx, { validUntil: new Date(t.clock.now().getTime() - 1_000) });
    const usedUp = await buildPromoCode(t.ctx, { maxUses: 2, uses: 2 });
    const notYet = await buildPromoCode(t.ctx, { validFrom: new Date(t.clock.now().getTime() + 86_400_000) });
    for (const [code, status, message] of [
      ['NEXISTEPAS', 404, P.promoCheckUnknown],
      [notYet.code, 404, P.promoCheckUnknown],
      [expired.code, 409, P.promoCheckExpired],
      [usedUp.code, 409, P.promoCheckUsedUp],
    ] as const) {
      const res = await check(organiser, { code, cost: 30_000 });
      expect(res.statusCode, code).toBe(status);
      expect(res.json().message, code).toEqual({ message, code: status, fields: { code: message } });
    }
  });

  it("refuses another organiser's contest, an unknown one and a paid one, and asks for exactly one price", async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 10 });
    const other = await buildOrganiser(t.ctx);
    const theirs = await createContest(other, null);
    const refused = await check(organiser, { code: promo.code, idConcours: theirs });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message.message).toBe(MESSAGES.contests.notOwner);
    expect((await check(organiser, { code: promo.code, idConcours: 2_000_000_000 })).statusCode).toBe(404);

    const paid = await buildPaidContest(t.ctx, organiser);
    const late = await check(organiser, { code: promo.code, idConcours: paid.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe(P.promoCreationOnly);

    for (const body of [{ code: promo.code }, { code: promo.code, cost: 30_000, idConcours: theirs }]) {
      const res = await check(organiser, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.message).toBe(P.promoCheckTarget);
    }
    const admin = await buildUser(t.ctx, { isAdmin: true });
    expect((await check(admin, { code: promo.code, cost: 30_000 })).json().message).toMatchObject({ code: 403, message: MESSAGES.contests.statusRequired });
  });

  it('20 checks at once of a one-use code reserve nothing: all see the price, the use stays for the payment', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 50, maxUses: 1 });
    const member = await buildOrganiser(t.ctx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => check(member, { code: promo.code, cost: 30_000 })));
    expect(answers.map((r) => [r.statusCode, r.json().results?.promo.amount])).toEqual(Array(20).fill([200, 15_000]));
    expect(await usesOf(promo.id)).toBe(0);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.promoCodeId, promo.id))).toEqual([]);

    const id = await createContest(member, promo.code);
    expect((await startPayIn(member, id)).json().results).toMatchObject({ amount: 15_000, discount: 15_000 });
    expect(await usesOf(promo.id)).toBe(1);
    // Now taken: the next organiser is told before choosing a card.
    expect((await check(organiser, { code: promo.code, cost: 30_000 })).json().message.message).toBe(P.promoCheckUsedUp);
  });

  it('limits the checks of one member, with the time to wait', async () => {
    const member = await buildOrganiser(t.ctx);
    for (let i = 0; i < 30; i++) expect((await check(member, { code: 'ESSAI', cost: 30_000 })).statusCode).toBe(404);
    const limited = await check(member, { code: 'ESSAI', cost: 30_000 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message.message).toBe(MESSAGES.common.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back.
    expect((await check(organiser, { code: 'ESSAI', cost: 30_000 })).statusCode).toBe(404);
  });
});

describe('GET /api/payment/due', () => {
  it('asks the full price of a contest without a code, and the discounted one while its code applies', async () => {
    const plain = await createContest(organiser, null);
    expect((await due(organiser, plain)).json().results.due).toEqual({ idConcours: plain, purpose: 'contest', prizes: 1, fullAmount: 30_000, discount: 0, amount: 30_000, promoCode: null, promoLapsed: false });

    const promo = await buildPromoCode(t.ctx, { percentOff: 20, maxUses: 1 });
    const id = await createContest(organiser, promo.code);
    expect((await due(organiser, id)).json().results.due).toMatchObject({ fullAmount: 30_000, discount: 6_000, amount: 24_000, promoCode: promo.code, promoLapsed: false });
    // Reading it again and again takes nothing.
    expect(await usesOf(promo.id)).toBe(0);

    // Once its pay-in is open, that pay-in's amount is what is asked.
    const payIn = (await startPayIn(organiser, id)).json().results;
    expect((await due(organiser, id)).json().results.due.amount).toBe(payIn.amount);
  });

  it('asks the full price, and says so, once the code no longer applies', async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 20, maxUses: 1 });
    const id = await createContest(organiser, promo.code);
    await t.ctx.db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.id, promo.id));
    const answer = (await due(organiser, id)).json().results.due;
    expect(answer).toMatchObject({ fullAmount: 30_000, discount: 0, amount: 30_000, promoCode: promo.code, promoLapsed: true });
    // What the payment then asks, once told the code is gone.
    expect((await startPayIn(organiser, id)).json().message.message).toBe(P.promoUsedUp);
    expect((await startPayIn(organiser, id)).json().results).toMatchObject({ amount: answer.amount, discount: 0 });
  });

  it("asks extra prizes in full, and refuses another organiser's contest", async () => {
    const promo = await buildPromoCode(t.ctx, { percentOff: 50 });
    const contest = await buildContest(t.ctx, organiser, { promoCodeId: promo.id });
    const actor = { id: organiser.id, isAdmin: false };
    for (let i = 0; i < 2; i++) {
      const talent = await buildOrganiser(t.ctx);
      await setWinner(t.ctx, actor, { idParticipationWinner: await buildProposal(t.ctx, contest.id, talent), idConcours: contest.id }, true);
    }
    expect((await due(organiser, contest.id)).json().results.due).toMatchObject({ purpose: 'extra_prizes', prizes: 1, fullAmount: contest.costCents, discount: 0, amount: contest.costCents, promoCode: null });

    const other = await buildOrganiser(t.ctx);
    const refused = await due(other, contest.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message.message).toBe(MESSAGES.contests.notOwner);
    expect((await due(organiser, (await buildPaidContest(t.ctx, organiser)).id)).json().message).toMatchObject({ code: 409, message: P.nothingToPay });
  });
});
