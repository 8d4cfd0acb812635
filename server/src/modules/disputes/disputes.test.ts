import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { AUTO_VALIDATION_DELAY_MS, CONTEST_STATUS, DAY_MS, MESSAGES, gainCents } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildFinalisedContest, buildOrganiser, buildUser, type FinalisedContest, type TestUser } from '../../test/factories';
import { adminActions, contests, disputes, ledgerOperations, messages, notifications, participations, refunds } from '../../db/schema';
import { fakePng, multipartBody } from '../files/test-helpers';
import { accounts, balanceOf } from '../ledger/ledger';
import { checkLedger, checkProviderBalances } from '../ledger/check';
import { autoValidateFinalFiles } from '../../jobs/auto-validate';

const D = MESSAGES.disputes;

let t: TestApp;
let organiser: TestUser & { ownerId: string; payerId: string };
let admin: TestUser;
let otherAdmin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildOrganiser(t.ctx, { companyName: 'Boulangerie Dupain' });
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null, payload: object) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const open = (user: TestUser | null, participationId: number, reason = 'Les fichiers livrés ne correspondent pas au brief.') =>
  post(`/api/participation/${participationId}/dispute`, user, { reason });
const resolve = (user: TestUser | null, id: number, payload: object) => post(`/api/admin/disputes/${id}/resolve`, user, payload);
const participation = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const kinds = async (userId: number, participationId: number) =>
  (await t.ctx.db.select({ kind: notifications.kind }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.participationId, participationId)))).map((n) => n.kind);

async function sendFinal(user: TestUser, participationId: number) {
  const body = multipartBody([{ name: 'idParticipation', value: String(participationId) }, { name: 'fileFinale', filename: 'final.png', content: fakePng(900) }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/concours/participant/upload/finalFile', headers: { ...user.headers, ...body.headers }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(res.body);
}

/** A finalised contest whose (first) winner sent final files unless told otherwise. */
async function delivered(options: { winners?: number; others?: number; sent?: boolean } = {}): Promise<FinalisedContest & { w: FinalisedContest['winners'][number] }> {
  const c = await buildFinalisedContest(t.ctx, organiser, { winners: options.winners ?? 1, others: options.others ?? 0 });
  const w = c.winners[0]!;
  if (options.sent !== false) await sendFinal(w.user, w.participationId);
  return { ...c, w };
}

async function disputed(options: Parameters<typeof delivered>[0] = {}) {
  const c = await delivered(options);
  const res = await open(organiser, c.w.participationId);
  if (res.statusCode !== 201) throw new Error(res.body);
  return { ...c, disputeId: res.json().results.dispute.id as number };
}

describe('POST /api/participation/:idParticipation/dispute', () => {
  it('lets the organiser open one: both sides and every admin are told, the conversation shows it', async () => {
    const { w, contest } = await delivered();
    const res = await open(organiser, w.participationId);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(D.opened);
    expect(res.json().results.dispute).toMatchObject({ status: 'open', openedBy: 'organiser', reason: 'Les fichiers livrés ne correspondent pas au brief.', outcome: null });
    for (const userId of [organiser.id, w.user.id, admin.id, otherAdmin.id]) expect(await kinds(userId, w.participationId)).toContain('dispute_opened');
    const [adminNotice] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.participationId, w.participationId)));
    expect(adminNotice!.link).toBe('/admin?onglet=litiges');
    expect(adminNotice!.text).toBe(D.openedNotice(contest.companyName));

    for (const [user, mayOpen] of [[organiser, false], [w.user, false]] as const) {
      const conversation = (await get(`/api/message/readByParticipant/${w.participationId}`, user)).json().results.participation;
      expect(conversation.dispute).toMatchObject({ status: 'open', openedBy: 'organiser' });
      expect(conversation.can.openDispute).toBe(mayOpen);
      expect(conversation.messages.at(-1).message).toBe(D.openedSystem('organiser'));
    }
  });

  it('lets the winner open one, even before sending final files; the organiser may open one then', async () => {
    const { w } = await delivered({ sent: false });
    const before = (await get(`/api/message/readByParticipant/${w.participationId}`, w.user)).json().results.participation;
    expect(before.can.openDispute).toBe(true);
    expect(before.dispute).toBeNull();
    const res = await open(w.user, w.participationId, 'Le brief a changé trois fois depuis la finalisation.');
    expect(res.statusCode).toBe(201);
    expect(res.json().results.dispute.openedBy).toBe('participant');
  });

  it('keeps one open dispute per delivery: the second, or two at once, get a 409', async () => {
    const { w } = await delivered();
    const answers = await Promise.all([open(organiser, w.participationId), open(w.user, w.participationId), open(organiser, w.participationId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message.message).toBe(D.alreadyOpen);
    expect(await t.ctx.db.select().from(disputes).where(eq(disputes.participationId, w.participationId))).toHaveLength(1);
  });

  it('refuses anyone else, a talent not chosen, validated files, and a missing or overlong reason', async () => {
    const { w, others, contest } = await delivered({ others: 1 });
    const stranger = await buildOrganiser(t.ctx);
    expect((await open(null, w.participationId)).statusCode).toBe(401);
    for (const user of [stranger, admin]) {
      const res = await open(user, w.participationId);
      expect(res.statusCode).toBe(403);
    }
    expect((await open(admin, w.participationId)).json().message.message).toBe(D.onlyParties);
    const loser = await open(others[0]!.user, others[0]!.participationId);
    expect(loser.statusCode).toBe(403);
    expect(loser.json().message.message).toBe(D.onlyAwaitingDelivery);
    const blank = await open(organiser, w.participationId, '   ');
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(D.reasonRequired);
    expect((await open(organiser, w.participationId, 'x'.repeat(2_001))).statusCode).toBe(400);
    expect((await open(organiser, 2_000_000_000)).statusCode).toBe(404);

    expect((await post('/api/concours/winner/final', organiser, { idConcours: contest.id, idParticipation: w.participationId })).statusCode).toBe(200);
    const late = await open(organiser, w.participationId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message.message).toBe(D.alreadyValidated);
    expect(await t.ctx.db.select().from(disputes).where(eq(disputes.participationId, w.participationId))).toHaveLength(0);
  });

  it('keeps the automatic validation away from a disputed delivery until it is settled', async () => {
    const { w, disputeId } = await disputed();
    const plain = await delivered();
    t.clock.advance(AUTO_VALIDATION_DELAY_MS + 60_000);
    await autoValidateFinalFiles(t.ctx);
    expect((await participation(w.participationId)).finalValidatedAt).toBeNull();
    expect((await participation(plain.w.participationId)).finalValidatedBy).toBe('automatic');
    expect((await resolve(admin, disputeId, { outcome: 'more_time', reason: 'Une semaine de plus.', extraDays: 7 })).statusCode).toBe(200);
    await autoValidateFinalFiles(t.ctx);
    expect((await participation(w.participationId)).finalValidatedBy).toBe('automatic');
  });

  it('is settled by the organiser validating the files themselves', async () => {
    const { w, contest, disputeId } = await disputed();
    expect((await post('/api/concours/winner/final', organiser, { idConcours: contest.id, idParticipation: w.participationId })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row).toMatchObject({ status: 'resolved', outcome: 'validate', resolvedBy: null, resolutionReason: D.closedByValidation });
    const refused = await resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message.message).toBe(D.alreadyResolved);
  });
});

describe('GET /api/admin/disputes', () => {
  it('lists the open ones oldest first with contest, organiser, winner, reason, dates and delivery, then the settled ones', async () => {
    const first = await disputed();
    const due = new Date(t.clock.now().getTime() + 3 * DAY_MS);
    await t.ctx.db.update(participations).set({ deliveryDueAt: due }).where(eq(participations.id, first.w.participationId));
    const second = await disputed({ sent: false });
    const res = await get('/api/admin/disputes?status=open&pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json().results.disputes as { id: number }[];
    expect(list.findIndex((d) => d.id === first.disputeId)).toBeLessThan(list.findIndex((d) => d.id === second.disputeId));
    expect(list.find((d) => d.id === first.disputeId)).toMatchObject({
      status: 'open',
      reason: 'Les fichiers livrés ne correspondent pas au brief.',
      openedBy: { id: organiser.id, side: 'organiser' },
      participationId: first.w.participationId,
      contest: { id: first.contest.id, companyName: first.contest.companyName, status: CONTEST_STATUS.awaitingFinalFiles, costCents: first.contest.costCents },
      organiser: { id: organiser.id, pseudo: organiser.pseudo },
      winner: { id: first.w.user.id, pseudo: first.w.user.pseudo },
      delivery: { dueAt: due.toISOString(), validatedAt: null },
      outcome: null,
    });
    expect(list.find((d) => d.id === second.disputeId)).toMatchObject({ delivery: { dueAt: null, finalSentAt: null } });

    expect((await resolve(admin, first.disputeId, { outcome: 'validate', reason: 'Conforme au brief.' })).statusCode).toBe(200);
    const resolved = (await get('/api/admin/disputes?status=resolved', admin)).json().results;
    expect(resolved.disputes[0]).toMatchObject({ id: first.disputeId, status: 'resolved', outcome: 'validate', resolutionReason: 'Conforme au brief.' });
    expect((await get('/api/admin/disputes', admin)).json().results.disputes.some((d: { id: number }) => d.id === first.disputeId)).toBe(false);
    expect((await get('/api/admin/disputes?status=rien', admin)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const { w } = await disputed();
    expect((await get('/api/admin/disputes', null)).statusCode).toBe(401);
    for (const user of [organiser, w.user]) expect((await get('/api/admin/disputes', user)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/disputes/:id/resolve', () => {
  it('validate: pays the winner exactly as the organiser’s validation does, finishes the contest, tells both sides, writes the journal', async () => {
    const { w, contest, disputeId } = await disputed();
    const res = await resolve(admin, disputeId, { outcome: 'validate', reason: 'Les fichiers sont conformes au brief.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(D.admin.resolved);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(gainCents(contest.costCents));
    expect(await participation(w.participationId)).toMatchObject({ finalValidatedBy: 'admin' });
    expect((await contestRow(contest.id)).status).toBe(CONTEST_STATUS.finished);
    const [row] = await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId));
    expect(row).toMatchObject({ status: 'resolved', outcome: 'validate', resolvedBy: admin.id, resolutionReason: 'Les fichiers sont conformes au brief.' });
    for (const userId of [organiser.id, w.user.id]) expect(await kinds(userId, w.participationId)).toContain('dispute_resolved');
    expect(await kinds(w.user.id, w.participationId)).toContain('payment_received');
    const [action] = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'dispute'), eq(adminActions.targetId, disputeId)));
    expect(action).toMatchObject({ adminId: admin.id, action: 'dispute.validate', reason: 'Les fichiers sont conformes au brief.', details: { participationId: w.participationId, contestId: contest.id } });
    const texts = (await t.ctx.db.select({ m: messages.message }).from(messages).where(eq(messages.participationId, w.participationId))).map((m) => m.m);
    expect(texts).toContain(D.adminValidatedSystem);
    expect(texts).toContain(D.resolvedSystem(D.outcomes.validate));
    const conversation = (await get(`/api/message/readByParticipant/${w.participationId}`, w.user)).json().results.participation;
    expect(conversation.dispute).toMatchObject({ status: 'resolved', outcome: 'validate', resolutionReason: 'Les fichiers sont conformes au brief.' });
    expect(conversation.can.openDispute).toBe(false);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, w.user.id])).toEqual([]);
  });

  it('validate: refused (409) without final files, and the dispute stays open', async () => {
    const { disputeId } = await disputed({ sent: false });
    const res = await resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(D.noFinalFiles);
    expect((await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId)))[0]!.status).toBe('open');
  });

  it('validate: another winner still awaited keeps the contest at 4', async () => {
    const { contest, disputeId } = await disputed({ winners: 2 });
    expect((await resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' })).statusCode).toBe(200);
    expect((await contestRow(contest.id)).status).toBe(CONTEST_STATUS.awaitingFinalFiles);
  });

  it('more time: pushes the delivery delay by the days given and clears the late alert', async () => {
    const { w, disputeId } = await disputed({ sent: false });
    const due = new Date(t.clock.now().getTime() + DAY_MS);
    await t.ctx.db.update(participations).set({ deliveryDueAt: due, deliveryAlertedAt: t.clock.now() }).where(eq(participations.id, w.participationId));
    expect((await resolve(admin, disputeId, { outcome: 'more_time', reason: 'Le brief a changé.' })).statusCode).toBe(400);
    expect((await resolve(admin, disputeId, { outcome: 'more_time', reason: 'Le brief a changé.', extraDays: 31 })).statusCode).toBe(400);
    expect((await resolve(admin, disputeId, { outcome: 'more_time', reason: 'Le brief a changé.', extraDays: 5 })).statusCode).toBe(200);
    const row = await participation(w.participationId);
    expect(row.deliveryDueAt!.getTime()).toBe(due.getTime() + 5 * DAY_MS);
    expect(row.deliveryAlertedAt).toBeNull();
    expect(row.finalValidatedAt).toBeNull();
    const [action] = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'dispute'), eq(adminActions.targetId, disputeId)));
    expect(action).toMatchObject({ action: 'dispute.more_time', details: { extraDays: 5 } });
    // Settled, the delivery may be disputed again.
    expect((await open(w.user, w.participationId)).statusCode).toBe(201);
  });

  it('refund: gives the prize back to the organiser through the provider and the ledger, the winner loses the win, the contest finishes', async () => {
    const { w, contest, disputeId } = await disputed();
    const escrowBefore = await balanceOf(t.ctx.db, accounts.escrow(contest.id));
    const res = await resolve(admin, disputeId, { outcome: 'refund', reason: 'Rien de livré malgré les relances.' });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(refunds).where(eq(refunds.operationKey, `dispute:${disputeId}`));
    expect(rows.filter((r) => r.kind === 'payin').reduce((sum, r) => sum + r.amountCents, 0)).toBe(contest.costCents);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect(await balanceOf(t.ctx.db, accounts.escrow(contest.id))).toBe(escrowBefore - contest.costCents);
    expect(await participation(w.participationId)).toMatchObject({ isWinner: false, finalValidatedAt: null });
    expect(await contestRow(contest.id)).toMatchObject({ status: CONTEST_STATUS.finished, winnersCount: 0 });
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(0);
    for (const userId of [organiser.id, w.user.id]) expect(await kinds(userId, w.participationId)).toContain('dispute_resolved');
    const [action] = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'dispute'), eq(adminActions.targetId, disputeId)));
    expect(action).toMatchObject({ action: 'dispute.refund', reason: 'Rien de livré malgré les relances.' });
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, w.user.id])).toEqual([]);
  });

  it('refund: another winner still awaited keeps the contest at 4, and validating them finishes it', async () => {
    const { contest, winners, disputeId } = await disputed({ winners: 2 });
    const answers = await Promise.all([
      resolve(admin, disputeId, { outcome: 'refund', reason: 'Rien de livré.' }),
      resolve(otherAdmin, disputeId, { outcome: 'refund', reason: 'Rien de livré.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ledgerRefunds = await t.ctx.db.select().from(refunds).where(eq(refunds.operationKey, `dispute:${disputeId}`));
    expect(ledgerRefunds.filter((r) => r.kind === 'payin').reduce((sum, r) => sum + r.amountCents, 0)).toBe(contest.costCents);
    expect((await contestRow(contest.id)).status).toBe(CONTEST_STATUS.awaitingFinalFiles);
    const other = winners[1]!;
    await sendFinal(other.user, other.participationId);
    expect((await post('/api/concours/winner/final', organiser, { idConcours: contest.id, idParticipation: other.participationId })).statusCode).toBe(200);
    expect((await contestRow(contest.id)).status).toBe(CONTEST_STATUS.finished);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, other.user.id])).toEqual([]);
  });

  it('refuses a missing reason, an unknown dispute, and anyone but an admin', async () => {
    const { w, disputeId } = await disputed();
    expect((await resolve(admin, disputeId, { outcome: 'validate', reason: ' ' })).statusCode).toBe(400);
    expect((await resolve(admin, disputeId, { outcome: 'rien', reason: 'Oui.' })).statusCode).toBe(400);
    expect((await resolve(admin, 2_000_000_000, { outcome: 'validate', reason: 'Oui.' })).statusCode).toBe(404);
    expect((await resolve(null, disputeId, { outcome: 'validate', reason: 'Oui.' })).statusCode).toBe(401);
    for (const user of [organiser, w.user]) expect((await resolve(user, disputeId, { outcome: 'validate', reason: 'Oui.' })).statusCode).toBe(403);
    expect((await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId)))[0]!.status).toBe('open');
  });
});

describe('concurrent decisions', () => {
  const prizeCredits = async (participationId: number) => (await t.ctx.db.select().from(ledgerOperations).where(like(ledgerOperations.key, `prize:${participationId}`))).length;

  it('two admins, and the same request twice, at once: one decision, the prize paid once', async () => {
    const { w, contest, disputeId } = await disputed();
    const answers = await Promise.all([
      resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' }),
      resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' }),
      resolve(otherAdmin, disputeId, { outcome: 'more_time', reason: 'Encore un peu.', extraDays: 3 }),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const actions = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'dispute'), eq(adminActions.targetId, disputeId)));
    expect(actions).toHaveLength(1);
    const validated = (await participation(w.participationId)).finalValidatedAt !== null;
    expect(validated).toBe(actions[0]!.action === 'dispute.validate');
    expect(await prizeCredits(w.participationId)).toBe(validated ? 1 : 0);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(validated ? gainCents(contest.costCents) : 0);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, w.user.id])).toEqual([]);
  });

  it('a decision racing the organiser’s validation and the automatic one: the files are validated and paid once', async () => {
    const { w, contest, disputeId } = await disputed();
    t.clock.advance(AUTO_VALIDATION_DELAY_MS + 60_000);
    const [byAdmin, byOrganiser] = await Promise.all([
      resolve(admin, disputeId, { outcome: 'validate', reason: 'Conforme.' }),
      post('/api/concours/winner/final', organiser, { idConcours: contest.id, idParticipation: w.participationId }),
      autoValidateFinalFiles(t.ctx),
    ]);
    expect([byAdmin.statusCode, byOrganiser.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([byAdmin.statusCode, byOrganiser.statusCode].every((s) => s === 200 || s === 409)).toBe(true);
    const row = await participation(w.participationId);
    expect(row.finalValidatedBy).toBe(byAdmin.statusCode === 200 ? 'admin' : 'organiser');
    expect(await prizeCredits(w.participationId)).toBe(1);
    expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(gainCents(contest.costCents));
    expect((await t.ctx.db.select().from(disputes).where(eq(disputes.id, disputeId)))[0]!.status).toBe('resolved');
    expect(await checkLedger(t.ctx.db)).toEqual([]);
    expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, w.user.id])).toEqual([]);
  });

  it('a refund racing the organiser’s validation: either the prize is paid or refunded, never paid at the provider alone', async () => {
    for (let round = 0; round < 3; round++) {
      const { w, contest, disputeId } = await disputed();
      const [byAdmin, byOrganiser] = await Promise.all([
        resolve(admin, disputeId, { outcome: 'refund', reason: 'Livraison non conforme.' }),
        post('/api/concours/winner/final', organiser, { idConcours: contest.id, idParticipation: w.participationId }),
      ]);
      expect([byAdmin.statusCode, byOrganiser.statusCode].filter((s) => s === 200)).toHaveLength(1);
      expect([byAdmin.statusCode, byOrganiser.statusCode].every((s) => s === 200 || s === 409)).toBe(true);
      const paid = byOrganiser.statusCode === 200;
      expect(await prizeCredits(w.participationId)).toBe(paid ? 1 : 0);
      expect(await balanceOf(t.ctx.db, accounts.wallet(w.user.id))).toBe(paid ? gainCents(contest.costCents) : 0);
      expect(await checkLedger(t.ctx.db)).toEqual([]);
      expect(await checkProviderBalances(t.ctx.db, t.ctx.payments, [organiser.id, w.user.id])).toEqual([]);
    }
  });
});
