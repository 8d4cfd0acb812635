/**
 * A pay-in whose contest closes before it settles (issue 39): the organiser opens the card page
 * of an extra prize, an admin cancels and refunds the contest, the organiser pays on the page
 * still open. The contest takes no new pay-in, an open one is withdrawn at the provider, and
 * money that arrives anyway goes back to the card by itself: a closed contest holds nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { formatEuros, MESSAGES, SANDBOX_PAGE } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildOrganiser, buildPaidContest, buildPromoCode, buildProposal, buildUser, mailsSent, type TestUser } from '../../test/factories';
import { contests, notifications, payments, promoCodes, refunds, sandboxOperations } from '../../db/schema';
import { SANDBOX_TEST_CARDS, type SandboxPaymentProvider } from '../../adapters/payments/sandbox';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { accounts, balanceOf } from '../ledger/ledger';
import { finaliseContest, setWinner } from '../participations/judging';
import { startPayIn } from './test-helpers';
import { PROMOTION_HOLD_CHECK_MS, settleOpenPayIns } from './service';

const P = MESSAGES.payments;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const sandbox = () => t.ctx.payments as SandboxPaymentProvider;
const card = { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' };
const messageOf = (res: { json(): unknown }) => (res.json() as { message: { message: string } }).message.message;

/** A contest of 300 € with two winners: finalising asks a second prize, whose card page is opened. */
async function extraPrizeOpened() {
  const organiser = await buildOrganiser(t.ctx);
  const contest = await buildPaidContest(t.ctx, organiser, { costCents: 30_000 });
  const actor = { id: organiser.id, isAdmin: false };
  for (let i = 0; i < 2; i++) {
    const talent = await buildUser(t.ctx);
    await setWinner(t.ctx, actor, { idParticipationWinner: await buildProposal(t.ctx, contest.id, talent), idConcours: contest.id }, true);
  }
  expect((await finaliseContest(t.ctx, actor, contest.id)).kind).toBe('extraPrizesDue');
  const opened = await startPayIn(t, organiser, contest.id);
  expect(opened.statusCode, opened.body).toBe(200);
  const payIn = opened.json().results as { transactionId: string; redirectUrl: string; amount: number };
  expect(payIn.amount).toBe(30_000);
  return { organiser, contest, payIn };
}

const refundContest = (contestId: number) => t.app.inject({ method: 'POST', url: `/api/admin/contests/${contestId}/refund`, headers: admin.headers, payload: { reason: 'Brief contraire aux règles.' } });
const confirm = (organiser: TestUser, contestId: number, transactionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${contestId}&transactionId=${transactionId}`, headers: organiser.headers });

async function expectNothingHeld(contestId: number, organiserId: number) {
  expect(await balanceOf(t.ctx.db, accounts.escrow(contestId))).toBe(0);
  const detail = await t.app.inject({ method: 'GET', url: `/api/admin/contests/${contestId}`, headers: admin.headers });
  expect(detail.json().results.contest.money.heldCents).toBe(0);
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiserId])).toEqual([]);
}

/** The refunds that gave back a pay-in arrived late, and what the sandbox refunded of it. */
async function lateReturnsOf(transactionId: string) {
  const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.providerPayinId, transactionId));
  const rows = await t.ctx.db.select().from(refunds).where(and(eq(refunds.paymentId, payment!.id), like(refunds.operationKey, 'late-payin:%')));
  const atProvider = (await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.kind, 'refund'))).filter((o) => (o.data as { payInId: string }).payInId === transactionId);
  return { payment: payment!, rows, atProvider };
}

describe('a pay-in against a contest that closed', () => {
  it('an extra prize’s card page opened before the refund can no longer be paid: the page says so, nothing is taken, nothing held', async () => {
    const { organiser, contest, payIn } = await extraPrizeOpened();
    expect((await refundContest(contest.id)).statusCode).toBe(200);

    // The page still open in the organiser's tab: withdrawn at the provider.
    const page = new URL(payIn.redirectUrl);
    const shown = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    expect(shown.statusCode).toBe(410);
    expect(shown.body).toContain(SANDBOX_PAGE.withdrawn);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${page.pathname}${page.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(card).toString(),
    });
    expect(paid.statusCode).toBe(410);

    const answer = await confirm(organiser, contest.id, payIn.transactionId);
    expect(answer.statusCode).toBe(410);
    expect(messageOf(answer)).toBe(P.contestClosed);
    await expectNothingHeld(contest.id, organiser.id);

    // No new pay-in, nor a price to show, for a closed contest.
    const again = await startPayIn(t, organiser, contest.id);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(P.contestClosed);
    const due = await t.app.inject({ method: 'GET', url: `/api/payment/due?idConcours=${contest.id}`, headers: organiser.headers });
    expect(due.statusCode).toBe(409);
  });

  it('an extra prize paid before the refund and confirmed after is given back once, however often it is confirmed, and the organiser told', async () => {
    const { organiser, contest, payIn } = await extraPrizeOpened();
    expect((await sandbox().payWithCard(payIn.transactionId, card))?.kind).toBe('redirect');
    expect((await refundContest(contest.id)).statusCode).toBe(200);

    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(organiser, contest.id, payIn.transactionId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(410));
    expect(new Set(answers.map(messageOf))).toEqual(new Set([P.returnedLate(formatEuros(30_000))]));

    const late = await lateReturnsOf(payIn.transactionId);
    expect(late.payment.status).toBe('succeeded');
    expect(late.rows).toMatchObject([{ kind: 'payin', amountCents: 30_000, status: 'succeeded' }]);
    expect(late.atProvider).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row).toMatchObject({ status: -1, prizesPaid: 1 });
    await expectNothingHeld(contest.id, organiser.id);

    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'payin_returned')));
    expect(told.map((n) => n.text)).toEqual([P.returnedNotice(contest.companyName, formatEuros(30_000))]);
    await mailsSent(t.ctx.queue);
    expect((await t.outbox.list(1000)).filter((m) => m.to === organiser.email && m.subject === P.returnedMailSubject)).toHaveLength(1);
    // The team sees it among the refunds, with nothing to decide.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/refund-requests', headers: admin.headers });
    expect(listed.json().results.returnedPayIns).toContainEqual(
      expect.objectContaining({ paymentId: late.payment.id, contest: { id: contest.id, companyName: contest.companyName }, amountCents: 30_000, status: 'succeeded' }),
    );
  });

  it('confirmations racing the refund: whichever settles first, everything paid goes back and the books balance', async () => {
    const { organiser, contest, payIn } = await extraPrizeOpened();
    await sandbox().payWithCard(payIn.transactionId, card);
    const [refund, ...answers] = await Promise.all([refundContest(contest.id), ...Array.from({ length: 6 }, () => confirm(organiser, contest.id, payIn.transactionId))]);
    // Confirmed first, the prize finalised the contest and the refund is refused; refunded first, the pay-in goes back.
    if (refund!.statusCode === 200) {
      const again = await confirm(organiser, contest.id, payIn.transactionId);
      expect(again.statusCode).toBe(410);
      expect(messageOf(again)).toBe(P.returnedLate(formatEuros(30_000)));
      await expectNothingHeld(contest.id, organiser.id);
    } else {
      expect(refund!.statusCode).toBe(409);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(60_000);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
    }
  });

  it('a contest paid in two tabs keeps one payment: the second goes back to the card, the organiser told', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildContest(t.ctx, organiser, { costCents: 30_000, status: 1 });
    const tabs = [await startPayIn(t, organiser, contest.id, 'CB_VISA_MASTERCARD'), await startPayIn(t, organiser, contest.id, 'MAESTRO')].map((r) => r.json().results.transactionId as string);
    expect(new Set(tabs).size).toBe(2);
    for (const id of tabs) await sandbox().payWithCard(id, card);
    expect((await confirm(organiser, contest.id, tabs[0]!)).statusCode).toBe(200);
    const second = await confirm(organiser, contest.id, tabs[1]!);
    expect(second.statusCode).toBe(410);
    expect(messageOf(second)).toBe(P.returnedPaid(formatEuros(30_000)));
    const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, contest.id));
    expect(row).toMatchObject({ status: 2, prizesPaid: 1 });
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(30_000);
    expect((await lateReturnsOf(tabs[1]!)).rows).toMatchObject([{ kind: 'payin', amountCents: 30_000, status: 'succeeded' }]);
    const told = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'payin_returned')));
    expect(told.map((n) => n.text)).toEqual([P.returnedPaidNotice(contest.companyName, formatEuros(30_000))]);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id])).toEqual([]);
  });

  it('the pass on open pay-ins still gives back the code’s use of an opening that died before the provider answered', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const promo = await buildPromoCode(t.ctx, { percentOff: 10, maxUses: 1, uses: 1 });
    const contest = await buildContest(t.ctx, organiser, { costCents: 30_000, status: 1, promoCodeId: promo.id });
    const [dead] = await t.ctx.db
      .insert(payments)
      .values({ contestId: contest.id, userId: organiser.id, purpose: 'contest', provider: 'sandbox', providerPayinId: 'opening-mort', amountCents: 27_000, promoCodeId: promo.id, discountCents: 3_000, cardType: 'CB_VISA_MASTERCARD', createdAt: t.clock.now() })
      .returning();
    t.clock.advance(PROMOTION_HOLD_CHECK_MS + 1_000);
    await settleOpenPayIns(t.ctx);
    expect((await t.ctx.db.select().from(payments).where(eq(payments.id, dead!.id)))[0]).toMatchObject({ status: 'failed' });
    expect((await t.ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id)))[0]!.uses).toBe(0);
  });
});
