/**
 * The sandbox's refunds behave as MangoPay's: partial or full, never beyond what the pay-in
 * paid less its earlier refunds, debited from the wallet the pay-in credited, and the same
 * idempotency key answers the same refund without moving money again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildOrganiser } from '../../test/factories';
import { ProviderRefusedError } from './port';
import { SANDBOX_TEST_CARDS, SandboxPaymentProvider } from './sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sandbox = () => t.ctx.payments as SandboxPaymentProvider;

async function paidPayIn(amountCents: number) {
  const organiser = await buildOrganiser(t.ctx);
  const payIn = await sandbox().createWebPayIn({ ownerId: organiser.ownerId, walletId: organiser.payerId, amountCents, cardType: 'CB_VISA_MASTERCARD', returnUrl: 'https://creadefi.test/retour', tag: 't' });
  await sandbox().payWithCard(payIn.payInId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
  return { organiser, payInId: payIn.payInId };
}

describe('sandbox refunds of a pay-in', () => {
  it('refunds partly then fully, never more than paid, from the credited wallet', async () => {
    const { organiser, payInId } = await paidPayIn(10_000);
    const first = await sandbox().refundPayIn({ payInId, authorId: organiser.ownerId, amountCents: 4_000, tag: 'r', idempotencyKey: 'sbx-r1' });
    expect(first).toMatchObject({ status: 'SUCCEEDED', amountCents: 4_000 });
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(6_000);
    await expect(sandbox().refundPayIn({ payInId, authorId: organiser.ownerId, amountCents: 6_001, tag: 'r', idempotencyKey: 'sbx-r2' })).rejects.toBeInstanceOf(ProviderRefusedError);
    const rest = await sandbox().refundPayIn({ payInId, authorId: organiser.ownerId, amountCents: 6_000, tag: 'r', idempotencyKey: 'sbx-r3' });
    expect(rest.status).toBe('SUCCEEDED');
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(0);
    await expect(sandbox().refundPayIn({ payInId, authorId: organiser.ownerId, amountCents: 1, tag: 'r', idempotencyKey: 'sbx-r4' })).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('the same key is the same refund, even when requests race', async () => {
    const { organiser, payInId } = await paidPayIn(5_000);
    const request = { payInId, authorId: organiser.ownerId, amountCents: 5_000, tag: 'r', idempotencyKey: 'sbx-same' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => sandbox().refundPayIn(request)));
    expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
    expect(answers.every((a) => a.status === 'SUCCEEDED')).toBe(true);
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(0);
  });

  it('refuses a pay-in not paid, another author, and a bad amount', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const open = await sandbox().createWebPayIn({ ownerId: organiser.ownerId, walletId: organiser.payerId, amountCents: 1_000, cardType: 'CB_VISA_MASTERCARD', returnUrl: 'https://creadefi.test/retour', tag: 't' });
    await expect(sandbox().refundPayIn({ payInId: open.payInId, authorId: organiser.ownerId, amountCents: 100, tag: 'r', idempotencyKey: 'sbx-open' })).rejects.toBeInstanceOf(ProviderRefusedError);
    const { payInId } = await paidPayIn(1_000);
    await expect(sandbox().refundPayIn({ payInId, authorId: organiser.ownerId, amountCents: 100, tag: 'r', idempotencyKey: 'sbx-other' })).rejects.toBeInstanceOf(ProviderRefusedError);
    await expect(sandbox().refundPayIn({ payInId, authorId: 'x', amountCents: 0, tag: 'r', idempotencyKey: 'sbx-zero' })).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('a promotion returns from the organiser’s wallet to the platform’s, once per key', async () => {
    const { organiser } = await paidPayIn(3_000);
    const request = { authorId: organiser.ownerId, debitedWalletId: organiser.payerId, amountCents: 1_000, tag: 'p', idempotencyKey: 'sbx-return' };
    const [a, b] = await Promise.all([sandbox().returnPromotion(request), sandbox().returnPromotion(request)]);
    expect(a!.transferId).toBe(b!.transferId);
    expect(await sandbox().walletBalance(organiser.payerId)).toBe(2_000);
  });
});
