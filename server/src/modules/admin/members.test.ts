import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildPasswordUser, buildUser, type TestUser } from '../../test/factories';
import { adminActions, contests, notifications, participations, reports, sessions, users } from '../../db/schema';
import { fakePng } from '../files/test-helpers';
import { participationOf, uploadProposal } from '../participations/test-helpers';

const M = MESSAGES.admin.members;
let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
  organiser = await buildUser(t.ctx, { withProvider: true, companyName: 'Boulangerie Dupain' });
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null, payload: object) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const suspend = (id: number, by: TestUser = admin, reason = 'Copies répétées.') => post(`/api/admin/members/${id}/suspend`, by, { reason });
const reinstate = (id: number, by: TestUser = admin, reason = 'Explications reçues.') => post(`/api/admin/members/${id}/reinstate`, by, { reason });
const contestRow = async (id: number) => (await t.ctx.db.select().from(contests).where(eq(contests.id, id)))[0]!;
const proposalRow = async (id: number) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;

/** A proposal with a file to a fresh open contest of the organiser. */
async function proposal(talent: TestUser) {
  const contest = await buildContest(t.ctx, organiser, { companyName: 'Boulangerie Dupain' });
  const participationId = await participationOf(t, talent, contest.id);
  const up = await uploadProposal(t, talent, participationId, { filename: 'logo.png', content: fakePng(1000) });
  if (up.statusCode !== 200) throw new Error(up.body);
  return { contestId: contest.id, participationId };
}

describe('GET /api/admin/members', () => {
  it('finds members by the start of their e-mail or pseudo, in any case, paged', async () => {
    const tag = `zoe${Date.now() % 1_000_000}`;
    const a = await buildUser(t.ctx, { pseudo: `${tag}_Martin`, email: `${tag}.martin@exemple.fr` });
    const b = await buildUser(t.ctx, { pseudo: `Alix_${tag}`, email: `${tag.toUpperCase()}.alix@exemple.fr` });
    const res = await get(`/api/admin/members?q=${tag.toUpperCase()}`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json().results;
    expect(page.total).toBe(2);
    expect(page.members.map((m: { id: number }) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(page.members.find((m: { id: number }) => m.id === a.id)).toMatchObject({ pseudo: a.pseudo, email: a.email, isAdmin: false, suspendedAt: null });
    const byPseudo = (await get(`/api/admin/members?q=alix_${tag}`, admin)).json().results;
    expect(byPseudo.members.map((m: { id: number }) => m.id)).toEqual([b.id]);
    const paged = (await get(`/api/admin/members?q=${tag}&page=2&pageSize=1`, admin)).json().results;
    expect(paged).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(paged.members).toHaveLength(1);
    // `%` and `_` are taken as typed, not as wildcards.
    expect((await get('/api/admin/members?q=%25', admin)).json().results.total).toBe(0);
    expect((await get(`/api/admin/members?q=${a.id}`, admin)).json().results.members.map((m: { id: number }) => m.id)).toContain(a.id);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/members', null)).statusCode).toBe(401);
    expect((await get('/api/admin/members', organiser)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/members/:id', () => {
  it("shows the member's identity, contests, proposals, wallet and reports on both sides", async () => {
    const talent = await buildUser(t.ctx, { withProvider: true, firstName: 'Camille', lastName: 'Durand' });
    const p = await proposal(talent);
    expect((await post(`/api/participation/report/${p.participationId}`, organiser, { reason: 'plagiarism' })).statusCode).toBe(200);
    const res = await get(`/api/admin/members/${talent.id}`, admin);
    expect(res.statusCode).toBe(200);
    const detail = res.json().results;
    expect(detail.member).toMatchObject({ id: talent.id, pseudo: talent.pseudo, email: talent.email, firstName: 'Camille', lastName: 'Durand', isAdmin: false, suspendedAt: null, suspensionReason: null, statut: null });
    expect(detail.walletCents).toBe(0);
    expect(detail.proposalsTotal).toBe(1);
    expect(detail.proposals[0]).toMatchObject({ id: p.participationId, contest: { id: p.contestId, companyName: 'Boulangerie Dupain', status: 2 }, number: 1, isParticipating: true, isWinner: false, withdrawnByTeam: false, hiddenBySuspension: false });
    expect(detail.reportsAgainst).toEqual([expect.objectContaining({ status: 'open', reason: 'plagiarism', participation: { id: p.participationId, number: 1 }, other: { id: organiser.id, pseudo: organiser.pseudo } })]);
    expect(detail.reportsAgainstTotal).toBe(1);
    expect(detail.contestsTotal).toBe(0);

    const mine = (await get(`/api/admin/members/${organiser.id}`, admin)).json().results;
    expect(mine.contests.find((c: { id: number }) => c.id === p.contestId)).toMatchObject({ companyName: 'Boulangerie Dupain', status: 2, refunded: false });
    expect(mine.contests[0].costCents).toBeGreaterThan(0);
    expect(mine.reportsMade.find((r: { participation: { id: number } }) => r.participation.id === p.participationId)).toMatchObject({ other: { id: talent.id, pseudo: talent.pseudo } });

    const unknown = await get('/api/admin/members/999999', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message.message).toBe(M.notFound);
    expect((await get(`/api/admin/members/${talent.id}`, talent)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/members/:id/suspend', () => {
  it('ends every session at once and refuses the sign-in with a clear message', async () => {
    const member = await buildPasswordUser(t.ctx);
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
    const second = (await login()).json().results.token as string;
    expect((await get('/api/user/me', member)).statusCode).toBe(200);

    const res = await suspend(member.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.suspended);
    expect((await get('/api/user/me', member)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);

    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message.message).toBe(M.signInRefused);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ suspensionReason: 'Copies répétées.' });
    const [note] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'account_suspended')));
    expect(note!.text).toBe('Votre compte a été suspendu par notre équipe. Raison\u00a0: Copies répétées.');
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'user'), eq(adminActions.targetId, member.id)));
    expect(log).toEqual([expect.objectContaining({ adminId: admin.id, action: 'member.suspend', reason: 'Copies répétées.' })]);

    expect((await reinstate(member.id)).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it('hides open proposals with their counters, withdraws reported ones, keeps finalised wins; reinstating restores exactly the hidden ones', async () => {
    const talent = await buildUser(t.ctx, { withProvider: true });
    const rated = await proposal(talent);
    await post('/api/participation/stars/update', organiser, { idParticipation: rated.participationId, stars: 4 });
    expect((await post('/api/concours/winner/add', organiser, { idParticipationWinner: rated.participationId, idConcours: rated.contestId })).statusCode).toBe(200);
    const plain = await proposal(talent);
    const later = await proposal(talent);
    const reported = await proposal(talent);
    const finalised = await buildContest(t.ctx, organiser, { status: 4, participationsCount: 1, winnersCount: 1, proposalsUnrated: 1 });
    const [won] = await t.ctx.db.insert(participations).values({ contestId: finalised.id, userId: talent.id, isParticipating: true, isWinner: true, number: 1 }).returning();
    expect((await post(`/api/participation/report/${reported.participationId}`, organiser, { reason: 'plagiarism' })).statusCode).toBe(200);
    expect(await contestRow(rated.contestId)).toMatchObject({ participationsCount: 1, proposalsHigh: 1, winnersCount: 1 });

    expect((await suspend(talent.id)).statusCode).toBe(200);
    expect(await contestRow(rated.contestId)).toMatchObject({ participationsCount: 0, proposalsHigh: 0, winnersCount: 0 });
    expect(await contestRow(plain.contestId)).toMatchObject({ participationsCount: 0, proposalsUnrated: 0 });
    // The prize of a finalised contest is owed: its winner stays.
    expect(await proposalRow(won!.id)).toMatchObject({ isParticipating: true, isWinner: true, hiddenBySuspensionAt: null });
    expect(await contestRow(finalised.id)).toMatchObject({ participationsCount: 1, winnersCount: 1 });
    const page = (await get(`/api/concours/${plain.contestId}/participations`, organiser)).json().results;
    expect(page.total).toBe(0);
    for (const p of [rated, plain, later]) expect((await proposalRow(p.participationId)).hiddenBySuspensionAt).not.toBeNull();
    const withdrawn = await proposalRow(reported.participationId);
    expect(withdrawn).toMatchObject({ isParticipating: false, hiddenBySuspensionAt: null, teamWithdrawalReason: 'Copies répétées.' });
    const [closed] = await t.ctx.db.select().from(reports).where(eq(reports.participationId, reported.participationId));
    expect(closed).toMatchObject({ status: 'withdrawn', decidedBy: admin.id });
    const upheld = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, reported.participationId), eq(notifications.kind, 'report_upheld')));
    expect(upheld).toHaveLength(1);

    // The team withdraws a hidden proposal meanwhile (a hidden proposal cannot be reported, so the
    // report is written as one left in the queue): it stays withdrawn after the reinstatement.
    expect((await post(`/api/participation/report/${later.participationId}`, organiser, { reason: 'off_topic' })).statusCode).toBe(400);
    const [laterReport] = await t.ctx.db.insert(reports).values({ participationId: later.participationId, reporterId: organiser.id, reason: 'off_topic' }).returning();
    expect((await post(`/api/admin/reports/${laterReport!.id}/withdraw`, admin, { reason: 'Hors sujet.' })).statusCode).toBe(200);
    expect(await contestRow(later.contestId)).toMatchObject({ participationsCount: 0 });

    expect((await reinstate(talent.id)).statusCode).toBe(200);
    expect(await contestRow(rated.contestId)).toMatchObject({ participationsCount: 1, proposalsHigh: 1, winnersCount: 0 });
    expect(await contestRow(plain.contestId)).toMatchObject({ participationsCount: 1, proposalsUnrated: 1 });
    expect(await contestRow(later.contestId)).toMatchObject({ participationsCount: 0 });
    expect(await contestRow(reported.contestId)).toMatchObject({ participationsCount: 0 });
    expect(await proposalRow(plain.participationId)).toMatchObject({ isParticipating: true, hiddenBySuspensionAt: null });
    expect(await proposalRow(later.participationId)).toMatchObject({ isParticipating: false, hiddenBySuspensionAt: null, teamWithdrawalReason: 'Hors sujet.' });
    expect(await proposalRow(reported.participationId)).toMatchObject({ isParticipating: false });
    expect((await get(`/api/concours/${plain.contestId}/participations`, organiser)).json().results.total).toBe(1);
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'user'), eq(adminActions.targetId, talent.id), eq(adminActions.action, 'member.reinstate')));
    expect(log[0]!.details).toEqual({ restoredProposals: [rated.participationId, plain.participationId].sort((a, b) => a - b) });
    expect((await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, talent.id), eq(notifications.kind, 'account_reinstated')))).length).toBe(1);
  });

  it('two admins at once: one effect; again answers 409, and so does reinstating a member in good standing', async () => {
    const talent = await buildUser(t.ctx, { withProvider: true });
    const p = await proposal(talent);
    const answers = await Promise.all([suspend(talent.id, admin, 'Premier avis.'), suspend(talent.id, otherAdmin, 'Second avis.')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message.message).toBe(M.alreadySuspended);
    expect(await contestRow(p.contestId)).toMatchObject({ participationsCount: 0, proposalsUnrated: 0 });
    expect(await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'user'), eq(adminActions.targetId, talent.id)))).toHaveLength(1);
    expect((await suspend(talent.id)).statusCode).toBe(409);

    const again = await Promise.all([reinstate(talent.id, admin), reinstate(talent.id, otherAdmin)]);
    expect(again.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await contestRow(p.contestId)).toMatchObject({ participationsCount: 1, proposalsUnrated: 1 });
    const notSuspended = await reinstate(talent.id);
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().message.message).toBe(M.notSuspended);
  });

  it('refuses oneself, another admin, a missing reason, an unknown member and non-admins', async () => {
    const self = await suspend(admin.id);
    expect(self.statusCode).toBe(409);
    expect(self.json().message.message).toBe(M.cannotSuspendSelf);
    const peer = await suspend(otherAdmin.id);
    expect(peer.statusCode).toBe(403);
    expect(peer.json().message.message).toBe(M.cannotSuspendAdmin);
    const talent = await buildUser(t.ctx);
    const bare = await post(`/api/admin/members/${talent.id}/suspend`, admin, { reason: ' ' });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain(MESSAGES.admin.decisionReasonRequired);
    expect((await suspend(999999)).statusCode).toBe(404);
    expect((await post(`/api/admin/members/${talent.id}/suspend`, null, { reason: 'Non' })).statusCode).toBe(401);
    expect((await suspend(talent.id, organiser)).statusCode).toBe(403);
    expect((await suspend(organiser.id, talent)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, talent.id));
    expect(row!.suspendedAt).toBeNull();
  });
});
