import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildOrganiser, buildUser, type TestUser } from '../../test/factories';
import { contestOptions, contests, options, payments } from '../../db/schema';
import { SANDBOX_TEST_CARDS, type SandboxPaymentProvider } from '../../adapters/payments/sandbox';
import { checkLedger } from '../ledger/check';

const F = MESSAGES.followUp;
let t: TestApp;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

const sandbox = () => t.ctx.payments as SandboxPaymentProvider;
const del = (user: TestUser, idConcours: number) => t.app.inject({ method: 'POST', url: '/api/concours/delete', headers: user.headers, payload: { idConcours } });
const openPayIn = async (idConcours: number) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: organiser.headers, payload: { idConcours, cardType: 'CB_VISA_MASTERCARD' } });
  expect(res.statusCode).toBe(200);
  return res.json().results.transactionId as string;
};
const confirm = (idConcours: number, transactionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payment/confirmation/web/payin?idConcours=${idConcours}&transactionId=${encodeURIComponent(transactionId)}`, headers: organiser.headers });
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0];
const card = (n: string) => ({ number: n, expiry: '12/39', cvc: '123' });

describe('POST /api/concours/delete', () => {
  it('deletes an unpaid contest of its organiser, with its options', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1 });
    const [option] = await t.ctx.db.select().from(options).where(eq(options.subCategoryId, contest.subCategoryId)).limit(1);
    await t.ctx.db.insert(contestOptions).values({ contestId: contest.id, optionId: option!.id, prixCents: option!.prixCents });
    const res = await del(organiser, contest.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(F.deleted);
    expect(await contestRow(contest.id)).toBeUndefined();
    expect(await t.ctx.db.select().from(contestOptions).where(eq(contestOptions.contestId, contest.id))).toEqual([]);
    expect((await del(organiser, contest.id)).statusCode).toBe(404);
  });

  it('is refused to other members and for a contest once paid', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1 });
    const other = await buildUser(t.ctx, { withProvider: true });
    const res = await del(other, contest.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.contests.notOwner);
    expect((await t.app.inject({ method: 'POST', url: '/api/concours/delete', payload: { idConcours: contest.id } })).statusCode).toBe(401);
    expect((await del(organiser, 0)).statusCode).toBe(400);
    for (const status of [2, 3, 4, 5]) {
      const paid = await buildContest(t.ctx, organiser, { status });
      const refused = await del(organiser, paid.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message.message).toBe(status === 2 ? F.deletePaid : F.deleteOnlyUnpaid);
      expect(await contestRow(paid.id)).toBeDefined();
    }
    expect(await contestRow(contest.id)).toBeDefined();
  });

  it('gives one deletion for 20 identical requests at once', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => del(organiser, contest.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 404 || c === 409)).toBe(true);
    expect(await contestRow(contest.id)).toBeUndefined();
  });

  it('waits for a pay-in in progress, and goes once the pay-in failed', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1 });
    const transactionId = await openPayIn(contest.id);
    const pending = await del(organiser, contest.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message.message).toBe(F.deletePaymentPending);
    await sandbox().payWithCard(transactionId, card(SANDBOX_TEST_CARDS.declined));
    expect((await del(organiser, contest.id)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id))).toEqual([]);
  });

  it('a pay-in paid but not yet confirmed wins: the contest goes online and stays', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1 });
    const transactionId = await openPayIn(contest.id);
    await sandbox().payWithCard(transactionId, card(SANDBOX_TEST_CARDS.succeeds));
    const res = await del(organiser, contest.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(F.deletePaid);
    expect((await contestRow(contest.id))!.status).toBe(2);
  });

  it('never leaves money without a contest when the confirmation and the deletion race', async () => {
    for (let round = 0; round < 5; round++) {
      const contest = await buildContest(t.ctx, organiser, { status: 1 });
      const transactionId = await openPayIn(contest.id);
      await sandbox().payWithCard(transactionId, card(SANDBOX_TEST_CARDS.succeeds));
      const [confirmed, deleted] = await Promise.all([confirm(contest.id, transactionId), del(organiser, contest.id), del(organiser, contest.id)]);
      expect(confirmed.statusCode).toBe(200);
      expect(deleted.statusCode).toBe(409);
      const row = await contestRow(contest.id);
      expect(row?.status).toBe(2);
      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id));
      expect(payment?.status).toBe('succeeded');
    }
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('a pay-in opened while the contest is deleted is either refused or blocks the deletion', async () => {
    for (let round = 0; round < 5; round++) {
      const contest = await buildContest(t.ctx, organiser, { status: 1 });
      const [opened, deleted] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/payment/create/web/payin', headers: organiser.headers, payload: { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' } }),
        del(organiser, contest.id),
      ]);
      expect([opened.statusCode, deleted.statusCode].sort()).toEqual(opened.statusCode === 200 ? [200, 409] : [200, 404]);
      const row = await contestRow(contest.id);
      const rows = await t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id));
      if (row) expect(rows.length).toBe(1);
      else expect(rows).toEqual([]);
    }
  });
});
