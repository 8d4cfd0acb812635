/**
 * Money and duplicates (docs/architecture.md §11: concurrent duplicates — double click, two tabs, replays —
 * produce one effect). Each operation is sent 20 times at once; exactly one effect follows,
 * and the ledger check passes after each.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_VALIDATION_DELAY_MS, gainCents } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { TEST_IBANS, buildContest, buildLegalStatus, buildOrganiser, buildPaidContest, buildUser, type TestUser } from '../test/factories';
import { contests, ledgerOperations, messages, notifications, participations, payments, payouts, sandboxOperations, users } from '../db/schema';
import { checkLedger } from '../modules/ledger/check';
import { accounts, balanceOf } from '../modules/ledger/ledger';
import { saveBankDetails } from '../modules/wallet/service';
import { autoValidateFinalFiles } from '../jobs/auto-validate';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { createPayIn } from '../modules/payments/service';
import { multipartBody, pdfBytes, realPng } from '../modules/files/test-helpers';
import { personStatut, uploadProposalFile } from './world';

const TIMES = 20;
/** Slogan: a text format, so a participation counts at once. */
const SLOGAN = 34;
let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.ctx.db)).toEqual([]);
});

const at = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));
const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
const count = async (query: Promise<unknown[]>) => (await query).length;
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;

async function sandbox(): Promise<SandboxPaymentProvider> {
  if (!(t.ctx.payments instanceof SandboxPaymentProvider)) throw new Error('the sandbox provider is needed');
  return t.ctx.payments;
}

/** An open contest with `winners` chosen talents who each sent a proposal. */
type Talent = TestUser & { ownerId: string; payerId: string; participationId: number };

async function contestWithWinners(winners: number): Promise<{ contestId: number; talents: Talent[] }> {
  const contest = await buildPaidContest(t.ctx, organiser);
  const talents: Talent[] = [];
  for (let i = 0; i < winners; i++) {
    const talent = await buildOrganiser(t.ctx);
    const p = await post(talent, '/api/concours/add/participation', { idConcours: contest.id, commitment: true });
    const participationId = p.json().results.participation.id as number;
    // Each talent's own bytes: the same file from two talents is refused as a copy.
    expect((await uploadProposalFile(t, talent, participationId, await realPng(32, 32))).statusCode).toBe(200);
    expect((await post(organiser, '/api/concours/winner/add', { idConcours: contest.id, idParticipationWinner: participationId })).statusCode).toBe(200);
    talents.push({ ...talent, participationId });
  }
  return { contestId: contest.id, talents };
}

describe(`${TIMES} identical requests at once`, () => {
  it('opening a payment: one pay-in at the provider', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1, prizesPaid: 0, paidAt: null, endDate: null });
    const answers = await at(TIMES, () => post(organiser, '/api/payment/create/web/payin', { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' }));
    expect(statuses(answers)).toEqual(Array(TIMES).fill(200));
    expect(new Set(answers.map((a) => a.json().results.transactionId)).size).toBe(1);
    expect(await count(t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id)))).toBe(1);
  });

  it('confirming a payment: one ledger operation, one publication', async () => {
    const contest = await buildContest(t.ctx, organiser, { status: 1, prizesPaid: 0, paidAt: null, endDate: null });
    const payIn = await createPayIn(t.ctx, organiser.id, { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' });
    await (await sandbox()).payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
    const url = `/api/payment/confirmation/web/payin?idConcours=${contest.id}&transactionId=${payIn.transactionId}`;
    const answers = await at(TIMES, () => t.app.inject({ method: 'GET', url, headers: organiser.headers }));
    expect(statuses(answers)).toEqual(Array(TIMES).fill(200));
    const made = await t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id));
    expect(made).toHaveLength(1);
    expect(await count(t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `payin:${made[0]!.id}`)))).toBe(1);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(contest.costCents);
    const row = await contestRow(contest.id);
    expect([row.status, row.prizesPaid]).toEqual([2, 1]);
    expect(await count(t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.contestId, contest.id))))).toBeLessThanOrEqual(1);
  });

  it('taking part: one participation, counted once', async () => {
    const contest = await buildPaidContest(t.ctx, organiser, { subCategoryId: SLOGAN });
    const talent = await buildOrganiser(t.ctx);
    const answers = await at(TIMES, () => post(talent, '/api/concours/add/participation', { idConcours: contest.id, commitment: true, inputText: 'Mon texte' }));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(statuses(answers).filter((s) => s === 409)).toHaveLength(TIMES - 1);
    expect(await count(t.ctx.db.select().from(participations).where(eq(participations.contestId, contest.id)))).toBe(1);
    expect((await contestRow(contest.id)).participationsCount).toBe(1);
  });

  it('choosing a winner: counted once', async () => {
    const { contestId, talents } = await contestWithWinners(1);
    const extra = await buildOrganiser(t.ctx);
    const p = (await post(extra, '/api/concours/add/participation', { idConcours: contestId, commitment: true })).json().results.participation.id as number;
    expect((await uploadProposalFile(t, extra, p, await realPng(32, 32))).statusCode).toBe(200);
    const answers = await at(TIMES, () => post(organiser, '/api/concours/winner/add', { idConcours: contestId, idParticipationWinner: p }));
    expect(statuses(answers)).toEqual(Array(TIMES).fill(200));
    expect((await contestRow(contestId)).winnersCount).toBe(talents.length + 1);
  });

  it('finalising: one status change, one system message and one notification per winner', async () => {
    const { contestId, talents } = await contestWithWinners(1);
    const answers = await at(TIMES, () => post(organiser, '/api/concours/winner/prefinal', { idConcours: contestId }));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(statuses(answers).filter((s) => s === 409)).toHaveLength(TIMES - 1);
    expect((await contestRow(contestId)).status).toBe(4);
    for (const w of talents) {
      expect(await count(t.ctx.db.select().from(messages).where(and(eq(messages.participationId, w.participationId), eq(messages.type, 2))))).toBe(1);
      expect(await count(t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, w.id), eq(notifications.kind, 'chosen_winner'))))).toBe(1);
    }
  });

  it('confirming the extra prizes, with finalising clicked meanwhile: each prize paid once, the contest finalised once', async () => {
    const { contestId, talents } = await contestWithWinners(3);
    expect((await post(organiser, '/api/concours/winner/prefinal', { idConcours: contestId })).statusCode).toBe(402);
    const payIn = await createPayIn(t.ctx, organiser.id, { idConcours: contestId, cardType: 'CB_VISA_MASTERCARD' });
    await (await sandbox()).payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
    const url = `/api/payment/confirmation/web/payin?idConcours=${contestId}&transactionId=${payIn.transactionId}`;
    const [confirmations, finalisations] = await Promise.all([
      at(TIMES, () => t.app.inject({ method: 'GET', url, headers: organiser.headers })),
      at(5, () => post(organiser, '/api/concours/winner/prefinal', { idConcours: contestId })),
    ]);
    expect(statuses(confirmations)).toEqual(Array(TIMES).fill(200));
    // Every answer says the contest is finalised, whichever request did it.
    expect(confirmations.map((a) => a.json().results.finalised)).toEqual(Array(TIMES).fill(true));
    // A click that came before the payment settled is still owed the extra prizes; after it, already finalised.
    expect(statuses(finalisations).every((s) => s === 402 || s === 409)).toBe(true);
    const contest = await contestRow(contestId);
    expect(contest.prizesPaid).toBe(3);
    expect(contest.status).toBe(4);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contestId))).toBe(3 * contest.costCents);
    for (const w of talents) {
      expect(await count(t.ctx.db.select().from(messages).where(and(eq(messages.participationId, w.participationId), eq(messages.type, 2))))).toBe(1);
      expect(await count(t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, w.id), eq(notifications.kind, 'chosen_winner'))))).toBe(1);
    }
  });

  it('validating final files, by the organiser and the automatic job at the same moment: one credit', async () => {
    const { contestId, talents } = await contestWithWinners(1);
    expect((await post(organiser, '/api/concours/winner/prefinal', { idConcours: contestId })).statusCode).toBe(200);
    const w = talents[0]!;
    const final = multipartBody([{ name: 'fileFinale', filename: 'final.pdf', content: pdfBytes('final'), contentType: 'application/pdf' }]);
    const sent = await t.app.inject({ method: 'POST', url: `/api/concours/participant/upload/finalFile?idParticipation=${w.participationId}`, headers: { ...w.headers, ...final.headers }, payload: final.payload });
    expect(sent.statusCode, sent.body).toBe(200);
    t.clock.advance(AUTO_VALIDATION_DELAY_MS + 60_000);
    const [answers, jobRuns] = await Promise.all([
      at(TIMES, () => post(organiser, '/api/concours/winner/final', { idConcours: contestId, idParticipation: w.participationId })),
      at(3, () => autoValidateFinalFiles(t.ctx).catch(() => 0)),
    ]);
    const byRoute = statuses(answers).filter((s) => s === 200).length;
    const byJob = jobRuns.reduce((a, b) => a + b, 0);
    expect(byRoute + byJob).toBe(1);
    expect(await count(t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `prize:${w.participationId}`)))).toBe(1);
    const contest = await contestRow(contestId);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.id))).toBe(gainCents(contest.costCents));
    expect(await count(t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, `prize-${w.participationId}`)))).toBe(1);
    expect(contest.status).toBe(5);
  });

  it('paying out: one pay-out of the whole balance', async () => {
    const { contestId, talents } = await contestWithWinners(1);
    await post(organiser, '/api/concours/winner/prefinal', { idConcours: contestId });
    const w = talents[0]!;
    const final = multipartBody([{ name: 'fileFinale', filename: 'final.pdf', content: pdfBytes('final'), contentType: 'application/pdf' }]);
    await t.app.inject({ method: 'POST', url: `/api/concours/participant/upload/finalFile?idParticipation=${w.participationId}`, headers: { ...w.headers, ...final.headers }, payload: final.payload });
    expect((await post(organiser, '/api/concours/winner/final', { idConcours: contestId, idParticipation: w.participationId })).statusCode).toBe(200);
    await buildLegalStatus(t.ctx, w.id);
    await saveBankDetails(t.ctx, w.id, { name: 'Talent', iban: TEST_IBANS.valid });
    const balance = await balanceOf(t.ctx.db, accounts.wallet(w.id));
    expect(balance).toBeGreaterThan(0);

    const answers = await at(TIMES, () => post(w, '/api/wallet/transfer', {}));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(statuses(answers).filter((s) => s === 409)).toHaveLength(TIMES - 1);
    const made = await t.ctx.db.select().from(payouts).where(eq(payouts.userId, w.id));
    expect(made.map((p) => [p.amountCents, p.status])).toEqual([[balance, 'succeeded']]);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.id))).toBe(0);
    expect(await count(t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'payout'), eq(sandboxOperations.ownerId, w.ownerId))))).toBe(1);
  });

  it('sending the status form for the first time: one payment account opened', async () => {
    const user = await buildUser(t.ctx);
    const answers = await at(TIMES, () => post(user, '/api/user/add/statut/', personStatut()));
    // They take turns: the first opens the account, the others update it.
    expect(statuses(answers)).toEqual(Array.from({ length: TIMES }, () => 200));
    const [row] = await t.ctx.db.select({ ownerId: users.ownerId }).from(users).where(eq(users.id, user.id));
    const owners = new Set(answers.map((a) => a.json().results.user.ownerId));
    expect([...owners]).toEqual([row!.ownerId]);
    const opened = await t.ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'user'), sql`${sandboxOperations.data}->'person'->>'email' = ${user.email}`));
    expect(opened).toHaveLength(1);
  });
});
