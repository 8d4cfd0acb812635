import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { AUTO_VALIDATION_DELAY_MS, MESSAGES, formatEuros, gainCents, platformFeeCents, HOUR_MS } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_IBANS, buildFinalisedContest, buildLegalStatus, buildOrganiser, buildPromoCode, buildUser, type FinalisedContest, type TestUser } from '../../test/factories';
import { contests, files, ledgerEntries, ledgerOperations, messages, notifications, participations, payments, sandboxOperations } from '../../db/schema';
import { fakePng, multipartBody, storedFiles } from '../files/test-helpers';
import { balanceOf, accounts } from '../ledger/ledger';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { saveBankDetails } from '../wallet/service';
import { autoValidateFinalFiles } from '../../jobs/auto-validate';
import { jobs } from '../../jobs';

const M = MESSAGES.messaging;

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx);
});
afterAll(() => t.close());

/** A minimal ZIP archive holding one stored file. */
function zip(name: string, data: Buffer): Buffer {
  const n = Buffer.from(name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt32LE(data.length, 18);
  h.writeUInt32LE(data.length, 22);
  h.writeUInt16LE(n.length, 26);
  return Buffer.concat([h, n, data]);
}
const rar = () => Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), Buffer.alloc(300)]);
const sevenZip = () => Buffer.concat([Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04]), Buffer.alloc(300)]);

function sendFinal(user: TestUser, idParticipation: number | null, file: { filename: string; content: Buffer }, query = '') {
  const parts = idParticipation === null ? [] : [{ name: 'idParticipation', value: String(idParticipation) }];
  const body = multipartBody([...parts, { name: 'fileFinale', ...file }]);
  return t.app.inject({ method: 'POST', url: `/api/concours/participant/upload/finalFile${query}`, headers: { ...user.headers, ...body.headers }, payload: body.payload });
}
const validate = (user: TestUser, idConcours: number, idParticipation: number) =>
  t.app.inject({ method: 'POST', url: '/api/concours/winner/final', headers: user.headers, payload: { idConcours, idParticipation } });
const png = () => ({ filename: 'logo-final.png', content: fakePng(3000) });
const participation = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const sandboxBalance = async (walletId: string) => Number((await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.id, walletId)))[0]!.balanceCents);

const systemMessages = (participationId: number) =>
  t.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.participationId, participationId), eq(messages.type, 2), like(messages.message, 'Le talent a envoyé%')))
    .orderBy(messages.createdAt, messages.id);

async function finalised(winners = 1, others = 0): Promise<FinalisedContest> {
  return buildFinalisedContest(t.ctx, organiser, { winners, others });
}

describe('POST /api/concours/participant/upload/finalFile', () => {
  it('takes final files from a winner at 4: each one restarts the 48 h, tells the organiser once', async () => {
    const { contest, winners } = await finalised();
    const [w] = winners;
    const first = await sendFinal(w!.user, w!.participationId, png());
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(M.finalSent);
    expect(first.json().results.file).toMatchObject({ kind: 'final', isFinalFile: true, filename: 'logo-final.png' });
    const sentAt = (await participation(w!.participationId)).finalSentAt!;
    expect(sentAt.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(HOUR_MS);
    for (const [filename, content] of [['sources.zip', zip('sources/logo.svg', Buffer.from('<svg/>'))], ['sources.rar', rar()], ['sources.7z', sevenZip()]] as const) {
      const res = await sendFinal(w!.user, w!.participationId, { filename, content });
      expect(res.statusCode, filename).toBe(200);
    }
    expect((await participation(w!.participationId)).finalSentAt!.getTime()).toBe(sentAt.getTime() + HOUR_MS);
    const finals = await t.ctx.db.select().from(files).where(and(eq(files.participationId, w!.participationId), eq(files.kind, 'final')));
    expect(finals.map((f) => f.mime)).toEqual(['image/png', 'application/zip', 'application/x-rar-compressed', 'application/x-7z-compressed']);

    // The first file alone, then the three sent together an hour later: two sendings, two messages.
    const system = await systemMessages(w!.participationId);
    expect(system.map((m) => m.message)).toEqual([M.finalSentSystem(['logo-final.png']), M.finalSentSystem(['sources.zip', 'sources.rar', 'sources.7z'])]);
    expect(system.every((m) => m.authorId === null && m.fileId !== null)).toBe(true);
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'final_files_received'), eq(notifications.participationId, w!.participationId)));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.text).toBe(MESSAGES.notifications.finalFilesReceived(contest.companyName));
  });

  it('names in one message the files of one sending, even sent all at once, and starts another after a word or a pause', async () => {
    const { winners } = await finalised();
    const w = winners[0]!;
    // As many at once as a member may send (UPLOADS_PER_MEMBER), then the rest of the sending.
    const names = ['a.png', 'b.png', 'c.png', 'd.png', 'e.png'];
    const send = (filename: string) => sendFinal(w.user, w.participationId, { filename, content: fakePng(2000) });
    const answers = [...(await Promise.all(names.slice(0, 3).map(send))), ...(await Promise.all(names.slice(3).map(send)))];
    expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 200));
    let system = await systemMessages(w.participationId);
    expect(system).toHaveLength(1);
    expect([...system[0]!.message.matchAll(/«\u00a0(.+?)\u00a0»/g)].map((m) => m[1]).sort()).toEqual(names);
    expect(system[0]!.message).toBe(M.finalSentSystem(system[0]!.message.match(/«\u00a0(.+?)\u00a0»/g)!.map((q) => q.slice(2, -2))));

    // The organiser answers: the next file is a new sending.
    const said = await t.app.inject({ method: 'POST', url: '/api/message/create', headers: organiser.headers, payload: { idParticipation: w.participationId, message: 'Il manque la version en noir.' } });
    expect(said.statusCode).toBe(200);
    expect((await sendFinal(w.user, w.participationId, { filename: 'noir.png', content: fakePng(2000) })).statusCode).toBe(200);
    t.clock.advance(11 * 60 * 1000);
    // Over ten minutes later, without a word in between: another sending too.
    expect((await sendFinal(w.user, w.participationId, { filename: 'noir-v2.png', content: fakePng(2000) })).statusCode).toBe(200);
    system = await systemMessages(w.participationId);
    expect(system.map((m) => m.message).slice(1)).toEqual([M.finalSentSystem(['noir.png']), M.finalSentSystem(['noir-v2.png'])]);
  });

  it('refuses anyone but a winner at 4, a type the format does not take, and a missing participation', async () => {
    const { contest, winners, others } = await finalised(1, 1);
    const w = winners[0]!;
    const loser = others[0]!;
    const before = storedFiles(t.dataDir).sort();
    for (const [user, id] of [[loser.user, loser.participationId], [organiser, w.participationId], [loser.user, w.participationId]] as const) {
      const res = await sendFinal(user, id, png());
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(M.finalOnlyWinner);
    }
    // Named in the URL, the participation is refused before the body is read.
    const early = await sendFinal(loser.user, loser.participationId, png(), `?idParticipation=${loser.participationId}`);
    expect(early.statusCode).toBe(403);
    const wrongType = await sendFinal(w.user, w.participationId, { filename: 'notes.txt', content: Buffer.from('du texte brut, pas une image') });
    expect(wrongType.statusCode).toBe(415);
    expect((await sendFinal(w.user, null, png())).statusCode).toBe(400);
    const mismatch = await sendFinal(w.user, loser.participationId, png(), `?idParticipation=${w.participationId}`);
    expect(mismatch.statusCode).toBe(400);
    expect((await participation(w.participationId)).finalSentAt).toBeNull();
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    expect((await sendFinal(w.user, w.participationId, png())).statusCode).toBe(403);
    await t.ctx.db.update(contests).set({ status: 4 }).where(eq(contests.id, contest.id));
    // Nothing refused stayed on disk.
    expect(storedFiles(t.dataDir).sort()).toEqual(before);
  });
});

describe('POST /api/concours/winner/final', () => {
  it('credits each winner once and finishes the contest when every winner is validated', async () => {
    const { contest, winners, others } = await finalised(2, 1);
    const [a, b] = winners;
    const gain = gainCents(contest.costCents);

    const early = await validate(organiser, contest.id, a!.participationId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message.message).toBe(M.noFinalFiles);
    expect((await validate(organiser, contest.id, others[0]!.participationId)).json().message.message).toBe(M.noFinalFiles);

    await sendFinal(a!.user, a!.participationId, png());
    await sendFinal(b!.user, b!.participationId, png());
    for (const user of [a!.user, others[0]!.user, await buildUser(t.ctx, { isAdmin: true })]) {
      const res = await validate(user, contest.id, a!.participationId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(MESSAGES.participations.organiserOnly);
    }
    expect((await validate(organiser, contest.id + 100_000, a!.participationId)).statusCode).toBe(400);

    const ok = await validate(organiser, contest.id, a!.participationId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Le concours a bien été mis à jour');
    expect(ok.json().results).toEqual({ idConcours: contest.id, idParticipation: a!.participationId, status: 4 });
    expect(await balanceOf(t.ctx.db, accounts.wallet(a!.user.id))).toBe(gain);
    expect(await sandboxBalance(a!.user.payerId)).toBe(gain);
    const p = await participation(a!.participationId);
    expect(p.finalValidatedBy).toBe('organiser');
    expect((await contestRow(contest.id)).status).toBe(4);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, a!.user.id));
    expect(notes.map((n) => n.kind)).toEqual(expect.arrayContaining(['chosen_winner', 'files_validated', 'payment_received']));
    expect(notes.find((n) => n.kind === 'payment_received')!.text).toBe(MESSAGES.notifications.paymentReceived(formatEuros(gain)));
    const [system] = await t.ctx.db.select().from(messages).where(and(eq(messages.participationId, a!.participationId), eq(messages.message, M.validatedSystem)));
    expect(system!.type).toBe(2);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: a!.user.headers });
    expect(me.json().results.user.wallet.amount).toBe(gain);

    const again = await validate(organiser, contest.id, a!.participationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message.message).toBe(M.finalAlreadyValidated);
    expect(await balanceOf(t.ctx.db, accounts.wallet(a!.user.id))).toBe(gain);

    const last = await validate(organiser, contest.id, b!.participationId);
    expect(last.json().results.status).toBe(5);
    const done = await contestRow(contest.id);
    expect(done.status).toBe(5);
    expect(done.finishedAt).not.toBeNull();
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(0);
    expect(await balanceOf(t.ctx.db, accounts.platformFees)).toBeGreaterThanOrEqual(2 * platformFeeCents(contest.costCents));
    // Uploads end with the validation.
    expect((await sendFinal(a!.user, a!.participationId, png())).json().message.message).toBe(M.finalAlreadyValidated);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('credits once under 20 concurrent validations, and moves the prize at the provider once', async () => {
    const { contest, winners } = await finalised();
    const w = winners[0]!;
    await sendFinal(w.user, w.participationId, png());
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate(organiser, contest.id, w.participationId)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `prize:${w.participationId}`))).toHaveLength(1);
    expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountCode, accounts.wallet(w.user.id)))).toHaveLength(1);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(gainCents(contest.costCents));
    expect(await t.ctx.db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, `prize-${w.participationId}`))).toHaveLength(1);
    expect(await sandboxBalance(w.user.payerId)).toBe(gainCents(contest.costCents));
    expect((await contestRow(contest.id)).status).toBe(5);
  });

  it('a winner’s provider wallet holds what the ledger credits, with a 90 % promotion and extra prizes', async () => {
    const payer = await buildOrganiser(t.ctx);
    const promo = await buildPromoCode(t.ctx, { percentOff: 90 });
    const { contest, winners } = await buildFinalisedContest(t.ctx, payer, { winners: 3, contest: { promoCodeId: promo.id, costCents: 30_000 } });
    const paid = await t.ctx.db.select().from(payments).where(eq(payments.contestId, contest.id)).orderBy(payments.id);
    // The creation is discounted; the two extra prizes are paid in full.
    expect(paid.map((p) => [p.purpose, p.amountCents, p.discountCents])).toEqual([
      ['contest', 3_000, 27_000],
      ['extra_prizes', 60_000, 0],
    ]);
    for (const w of winners) {
      await sendFinal(w.user, w.participationId, png());
      expect((await validate(payer, contest.id, w.participationId)).statusCode).toBe(200);
      expect(await sandboxBalance(w.user.payerId)).toBe(gainCents(30_000));
      expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(gainCents(30_000));
    }
    expect(await sandboxBalance(payer.payerId)).toBe(0);
    const people = [payer.id, ...winners.map((w) => w.user.id)];
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, people)).toEqual([]);

    // The money is where the provider pays it out from.
    const first = winners[0]!.user;
    await buildLegalStatus(t.ctx, first.id);
    await saveBankDetails(t.ctx, first.id, { name: 'Hugo Bernard', iban: TEST_IBANS.valid });
    const payout = await t.app.inject({ method: 'POST', url: '/api/wallet/transfer', headers: first.headers, payload: {} });
    expect(payout.statusCode, payout.body).toBe(200);
    expect(await sandboxBalance(first.payerId)).toBe(0);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, people)).toEqual([]);
  });
});

describe('automatic validation', () => {
  it('is registered as a job', () => {
    expect(jobs.some((j) => j.run === autoValidateFinalFiles)).toBe(true);
  });

  it('validates 48 h after the LAST final file, not before, as "automatic"', async () => {
    const { contest, winners } = await finalised();
    const w = winners[0]!;
    await sendFinal(w.user, w.participationId, png());
    t.clock.advance(40 * HOUR_MS);
    await sendFinal(w.user, w.participationId, { filename: 'sources.zip', content: zip('a.svg', Buffer.from('<svg/>')) });
    t.clock.advance(10 * HOUR_MS);
    await autoValidateFinalFiles(t.ctx);
    expect((await participation(w.participationId)).finalValidatedAt).toBeNull();
    t.clock.advance(AUTO_VALIDATION_DELAY_MS - 10 * HOUR_MS - 1);
    await autoValidateFinalFiles(t.ctx);
    expect((await participation(w.participationId)).finalValidatedAt).toBeNull();
    t.clock.advance(1);
    expect(await autoValidateFinalFiles(t.ctx)).toBeGreaterThanOrEqual(1);
    const p = await participation(w.participationId);
    expect(p.finalValidatedBy).toBe('automatic');
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(gainCents(contest.costCents));
    const [system] = await t.ctx.db.select().from(messages).where(and(eq(messages.participationId, w.participationId), eq(messages.message, M.autoValidatedSystem)));
    expect(system).toBeDefined();
    expect((await contestRow(contest.id)).status).toBe(5);
    expect((await validate(organiser, contest.id, w.participationId)).statusCode).toBe(409);
  });

  it('catches up after downtime, once, with two instances running it at the same moment', async () => {
    const batch: FinalisedContest[] = [];
    for (let i = 0; i < 3; i++) batch.push(await finalised(2));
    for (const c of batch) for (const w of c.winners) await sendFinal(w.user, w.participationId, png());
    t.clock.advance(5 * 24 * HOUR_MS);
    const [x, y] = await Promise.all([autoValidateFinalFiles(t.ctx), autoValidateFinalFiles(t.ctx)]);
    expect(x + y).toBeGreaterThanOrEqual(6);
    for (const c of batch) {
      expect((await contestRow(c.contest.id)).status).toBe(5);
      for (const w of c.winners) {
        expect(await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountCode, accounts.wallet(w.user.id)))).toHaveLength(1);
      }
    }
    expect(await autoValidateFinalFiles(t.ctx)).toBe(0);
    expect(await t.ctx.db.select().from(ledgerOperations).where(like(ledgerOperations.key, 'prize:%'))).not.toHaveLength(0);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });
});
