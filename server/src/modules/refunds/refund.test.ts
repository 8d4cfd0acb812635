/**
 * refundToOrganiser: what the organiser paid goes back through the provider and the ledger,
 * newest pay-in first, never beyond what they paid, once per operation key even when calls
 * race; a promotion goes back to the platform, never to the organiser; a provider refusal
 * stays visible and the same operation retries it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildOrganiser, buildPaidContest, buildPromoCode, payDue } from '../../test/factories';
import { contests, refunds, sandboxOperations } from '../../db/schema';
import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/payments/port';
import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox';
import { accounts, balanceOf } from '../ledger/ledger';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { REFUND_SETTLE_AFTER_MS, refundableCents, refundToOrganiser, settlePendingRefunds } from './refund';
import { jobs } from '../../jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sandbox = () => t.ctx.payments as SandboxPaymentProvider;

async function expectBooksBalanced(userIds: number[]) {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
  expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, userIds)).toEqual([]);
}

describe('refundToOrganiser', () => {
  it('refunds part, then the rest, newest pay-in first, and never more than paid', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 20_000 });
    // A second prize paid in advance: a second pay-in of the same contest.
    await t.ctx.db.update(contests).set({ winnersCount: 2 }).where(eq(contests.id, contest.id));
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    await payDue(t.ctx, organiser, contest.id);
    expect(await refundableCents(t.ctx.db, contest.id)).toBe(40_000);

    expect(await refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 25_000, operationKey: `part:${contest.id}`, reason: 'essai' })).toEqual({ refundedCents: 25_000 });
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id)).orderBy(refunds.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['payin', 20_000, 'succeeded'],
      ['payin', 5_000, 'succeeded'],
    ]);
    expect(rows[0]!.paymentId).toBeGreaterThan(rows[1]!.paymentId);
    expect(rows.every((r) => r.providerRefundId)).toBe(true);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(15_000);
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(15_000);

    await expect(refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 15_001, operationKey: `over:${contest.id}`, reason: 'essai' })).rejects.toMatchObject({ status: 409 });
    expect(await refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 15_000, operationKey: `rest:${contest.id}`, reason: 'essai' })).toEqual({ refundedCents: 15_000 });
    expect(await refundableCents(t.ctx.db, contest.id)).toBe(0);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(0);
    await expectBooksBalanced([organiser.id]);
  });

  it('the same operation sent ten times at once refunds once', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 30_000 });
    const input = { contestId: contest.id, amountCents: 30_000, operationKey: `race:${contest.id}`, reason: 'essai' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundToOrganiser(t.ctx, input)));
    expect(answers.every((a) => a.refundedCents === 30_000)).toBe(true);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id))).toHaveLength(1);
    expect(await balanceOf(t.ctx.db, accounts.worldRefunds)).toBeGreaterThanOrEqual(30_000);
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(0);
    // Repeated later: the same answer, nothing moves.
    expect(await refundToOrganiser(t.ctx, input)).toEqual({ refundedCents: 30_000 });
    await expectBooksBalanced([organiser.id]);
  });

  it('a promo code’s discount goes back to the platform, the organiser gets what they paid', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const promo = await buildPromoCode(t.ctx, { percentOff: 25 });
    const contest = await buildContest(t.ctx, organiser, { costCents: 40_000, promoCodeId: promo.id, status: 1 });
    await payDue(t.ctx, organiser, contest.id);
    expect(await refundableCents(t.ctx.db, contest.id)).toBe(30_000);
    const promotionsBefore = await balanceOf(t.ctx.db, accounts.platformPromotions);

    await expect(refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 40_000, operationKey: `promo-over:${contest.id}`, reason: 'essai' })).rejects.toMatchObject({ status: 409 });
    expect(await refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 30_000, operationKey: `promo:${contest.id}`, reason: 'essai' })).toEqual({ refundedCents: 30_000 });
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.contestId, contest.id)).orderBy(refunds.id);
    expect(rows.map((r) => [r.kind, r.amountCents, r.status])).toEqual([
      ['payin', 30_000, 'succeeded'],
      ['promotion', 10_000, 'succeeded'],
    ]);
    expect(await balanceOf(t.ctx.db, accounts.platformPromotions)).toBe(promotionsBefore + 10_000);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(0);
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(0);
    await expectBooksBalanced([organiser.id]);
  });

  it('a provider refusal leaves the refund failed and visible; the same operation retries it', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 12_000 });
    const input = { contestId: contest.id, amountCents: 12_000, operationKey: `retry:${contest.id}`, reason: 'essai' };
    const spy = vi.spyOn(t.ctx.payments, 'refundPayIn').mockRejectedValueOnce(new ProviderRefusedError('Carte expirée'));
    try {
      await expect(refundToOrganiser(t.ctx, input)).rejects.toMatchObject({ status: 503 });
    } finally {
      spy.mockRestore();
    }
    const [failed] = await t.ctx.db.select().from(refunds).where(and(eq(refunds.contestId, contest.id), eq(refunds.kind, 'payin')));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Carte expirée', attempt: 0 });
    // The job that follows pending refunds leaves a refused one to an admin.
    t.clock.advance(REFUND_SETTLE_AFTER_MS + 1000);
    expect(await settlePendingRefunds(t.ctx)).toBe(0);
    expect((await t.ctx.db.select().from(refunds).where(eq(refunds.id, failed!.id)))[0]).toMatchObject({ status: 'failed', attempt: 0 });
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(12_000);
    await expectBooksBalanced([organiser.id]);
    // Another operation cannot take the money the failed one holds.
    await expect(refundToOrganiser(t.ctx, { ...input, operationKey: `other:${contest.id}` })).rejects.toMatchObject({ status: 409 });

    expect(await refundToOrganiser(t.ctx, input)).toEqual({ refundedCents: 12_000 });
    const [done] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, failed!.id));
    expect(done).toMatchObject({ status: 'succeeded', attempt: 1, failureReason: null });
    await expectBooksBalanced([organiser.id]);
  });

  it('a refund decided while the provider is unreachable stays pending, and the job makes it later, once', async () => {
    expect(jobs.some((j) => j.queue === 'settle-refunds')).toBe(true);
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 9_000 });
    const input = { contestId: contest.id, amountCents: 9_000, operationKey: `unreachable:${contest.id}`, reason: 'essai' };
    const spy = vi.spyOn(t.ctx.payments, 'refundPayIn').mockRejectedValueOnce(new ProviderUnavailableError('délai dépassé'));
    try {
      await expect(refundToOrganiser(t.ctx, input)).rejects.toMatchObject({ status: 503 });
    } finally {
      spy.mockRestore();
    }
    const [pending] = await t.ctx.db.select().from(refunds).where(eq(refunds.operationKey, input.operationKey));
    expect(pending).toMatchObject({ status: 'pending', attempt: 0 });
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(9_000);

    // Too young: the request that made it may still be at work.
    expect(await settlePendingRefunds(t.ctx)).toBe(0);
    t.clock.advance(REFUND_SETTLE_AFTER_MS + 1000);
    // Two passes at once (two instances, or a pass and the admin's retry): one refund.
    const [a, b] = await Promise.all([settlePendingRefunds(t.ctx), settlePendingRefunds(t.ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const [done] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, pending!.id));
    expect(done).toMatchObject({ status: 'succeeded', attempt: 0 });
    expect(await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, `refund-${pending!.id}-0`))).toHaveLength(1);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(0);
    expect(await settlePendingRefunds(t.ctx)).toBe(0);
    // The operation run again finds it done.
    expect(await refundToOrganiser(t.ctx, input)).toEqual({ refundedCents: 9_000 });
    await expectBooksBalanced([organiser.id]);
  });

  it('refuses an amount that is not a positive whole number of cents', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { costCents: 10_000 });
    await expect(refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 0, operationKey: `zero:${contest.id}`, reason: 'essai' })).rejects.toMatchObject({ status: 400 });
    await expect(refundToOrganiser(t.ctx, { contestId: contest.id, amountCents: 1.5, operationKey: `half:${contest.id}`, reason: 'essai' })).rejects.toMatchObject({ status: 400 });
    await expect(refundToOrganiser(t.ctx, { contestId: 999_999, amountCents: 100, operationKey: 'none', reason: 'essai' })).rejects.toMatchObject({ status: 404 });
  });
});
