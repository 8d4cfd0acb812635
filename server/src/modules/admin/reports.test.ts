import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { adminActions, contests, notifications, participations, reports } from '../../db/schema';
import { fakePng } from '../files/test-helpers';
import { participationOf, uploadProposal } from '../participations/test-helpers';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let organiser: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.ctx, { isAdmin: true });
  otherAdmin = await buildUser(t.ctx, { isAdmin: true });
  organiser = await buildUser(t.ctx, { withProvider: true, companyName: 'Boulangerie Dupain' });
});
afterAll(() => t.close());

const post = (url: string, user: TestUser | null, payload: object) => t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });
const get = (url: string, user: TestUser | null) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

/** A proposal of an open contest with a PNG, reported by its organiser. */
async function reported(reason = 'plagiarism', text: string | null = 'Copie d’un logo connu') {
  const contest = await buildContest(t.ctx, organiser, { companyName: 'Boulangerie Dupain' });
  const talent = await buildUser(t.ctx, { withProvider: true });
  const participationId = await participationOf(t, talent, contest.id);
  const up = await uploadProposal(t, talent, participationId, { filename: 'logo.png', content: fakePng(1000) });
  if (up.statusCode !== 200) throw new Error(up.body);
  const res = await post(`/api/participation/report/${participationId}`, organiser, { reason, text });
  if (res.statusCode !== 200) throw new Error(res.body);
  const [report] = await t.ctx.db.select().from(reports).where(eq(reports.participationId, participationId));
  return { contestId: contest.id, talent, participationId, fileId: up.json().results.file.id as number, reportId: report!.id };
}

describe('GET /api/admin/reports', () => {
  it('lists each report with its proposal, contest, author, reporter, reason and text, open ones first', async () => {
    const first = await reported();
    const dismissedOne = await reported('off_topic', null);
    expect((await post(`/api/admin/reports/${dismissedOne.reportId}/dismiss`, admin, { reason: 'Dans le sujet.' })).statusCode).toBe(200);
    const res = await get('/api/admin/reports?pageSize=100', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json().results.reports as { id: number; status: string }[];
    const openIndex = list.findIndex((r) => r.id === first.reportId);
    const closedIndex = list.findIndex((r) => r.id === dismissedOne.reportId);
    expect(openIndex).toBeGreaterThanOrEqual(0);
    expect(openIndex).toBeLessThan(closedIndex);
    expect(list.slice(0, openIndex).every((r) => r.status === 'open')).toBe(true);
    expect(list[openIndex]).toMatchObject({
      status: 'open',
      reason: 'plagiarism',
      text: 'Copie d’un logo connu',
      participation: { id: first.participationId, number: 1, previewFileId: first.fileId },
      contest: { id: first.contestId, companyName: 'Boulangerie Dupain' },
      author: { id: first.talent.id, pseudo: first.talent.pseudo },
      reporter: { id: organiser.id, pseudo: organiser.pseudo },
      decidedAt: null,
    });
    expect(list[closedIndex]).toMatchObject({ status: 'dismissed', decisionReason: 'Dans le sujet.' });
    const paged = (await get('/api/admin/reports?page=1&pageSize=1', admin)).json().results;
    expect(paged.reports).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('is for admins only', async () => {
    const r = await reported();
    expect((await get('/api/admin/reports', null)).statusCode).toBe(401);
    for (const user of [organiser, r.talent]) {
      const res = await get('/api/admin/reports', user);
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(MESSAGES.common.forbidden);
    }
  });
});

describe('POST /api/admin/reports/:id/dismiss', () => {
  it('closes the report, tells the reporter, and writes the audit log', async () => {
    const r = await reported();
    const res = await post(`/api/admin/reports/${r.reportId}/dismiss`, admin, { reason: '  Création originale.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Le signalement a été classé sans suite.');
    const [row] = await t.ctx.db.select().from(reports).where(eq(reports.id, r.reportId));
    expect(row).toMatchObject({ status: 'dismissed', decidedBy: admin.id, decisionReason: 'Création originale.' });
    expect(row!.decidedAt).not.toBeNull();
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, r.participationId), eq(notifications.kind, 'report_dismissed')));
    expect(notes).toEqual([expect.objectContaining({ kind: 'report_dismissed', text: 'Votre signalement d’une participation au concours «\u00a0Boulangerie Dupain\u00a0» a été examiné et classé sans suite.' })]);
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'report'), eq(adminActions.targetId, r.reportId)));
    expect(log).toEqual([expect.objectContaining({ adminId: admin.id, action: 'report.dismiss', reason: 'Création originale.', details: { participationId: r.participationId, contestId: r.contestId, closedReports: [r.reportId] } })]);
    // The organiser may report the proposal again once the first report is closed.
    expect((await post(`/api/participation/report/${r.participationId}`, organiser, { reason: 'inappropriate' })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(reports).where(and(eq(reports.participationId, r.participationId), eq(reports.status, 'open')))).toHaveLength(1);
  });

  it('needs a reason, a known report, an admin; a decided report answers 409', async () => {
    const r = await reported();
    const url = `/api/admin/reports/${r.reportId}/dismiss`;
    const bare = await post(url, admin, { reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(JSON.stringify(bare.json())).toContain('Indiquez la raison de votre décision.');
    expect((await post(url, null, { reason: 'Non' })).statusCode).toBe(401);
    expect((await post(url, organiser, { reason: 'Non' })).statusCode).toBe(403);
    expect((await post(url, r.talent, { reason: 'Non' })).statusCode).toBe(403);
    const unknown = await post('/api/admin/reports/999999/dismiss', admin, { reason: 'Non' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message.message).toBe('Ce signalement n\'existe pas.');
    expect((await t.ctx.db.select().from(reports).where(eq(reports.id, r.reportId)))[0]!.status).toBe('open');
    expect((await post(url, admin, { reason: 'Sans objet.' })).statusCode).toBe(200);
    const again = await post(url, otherAdmin, { reason: 'Sans objet.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message.message).toBe('Ce signalement a déjà été traité par un autre administrateur.');
  });

  it('two admins at once: one effect, the other gets a 409', async () => {
    const r = await reported();
    const url = `/api/admin/reports/${r.reportId}/dismiss`;
    const answers = await Promise.all([post(url, admin, { reason: 'Premier avis.' }), post(url, otherAdmin, { reason: 'Second avis.' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'report'), eq(adminActions.targetId, r.reportId)));
    expect(log).toHaveLength(1);
    const notes = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.participationId, r.participationId), eq(notifications.kind, 'report_dismissed')));
    expect(notes).toHaveLength(1);
  });
});

describe('POST /api/admin/reports/:id/withdraw', () => {
  const kinds = async (userId: number, participationId: number) =>
    (await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.participationId, participationId)))).map((n) => n.kind);

  it('takes a winner out of the contest before finalising, tells both sides, closes the reports and writes the log', async () => {
    const r = await reported();
    await post('/api/participation/stars/update', organiser, { idParticipation: r.participationId, stars: 4 });
    expect((await post('/api/concours/winner/add', organiser, { idParticipationWinner: r.participationId, idConcours: r.contestId })).statusCode).toBe(200);
    const res = await post(`/api/admin/reports/${r.reportId}/withdraw`, admin, { reason: 'Logo copié d’une marque déposée.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('La proposition a été retirée du concours.');

    const page = (await get(`/api/concours/${r.contestId}/participations`, organiser)).json().results;
    expect(page.total).toBe(0);
    expect(page.counts).toEqual({ all: 0, unrated: 0, low: 0, high: 0, winners: 0 });
    const [contest] = await t.ctx.db.select().from(contests).where(eq(contests.id, r.contestId));
    expect(contest).toMatchObject({ participationsCount: 0, winnersCount: 0 });
    const [row] = await t.ctx.db.select().from(participations).where(eq(participations.id, r.participationId));
    expect(row).toMatchObject({ isParticipating: false, isWinner: false, teamWithdrawalReason: 'Logo copié d’une marque déposée.' });
    expect(row!.withdrawnByTeamAt).not.toBeNull();

    const [authorNote] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, r.talent.id), eq(notifications.kind, 'proposal_withdrawn')));
    expect(authorNote!.text).toBe('Votre proposition au concours «\u00a0Boulangerie Dupain\u00a0» a été retirée par notre équipe. Raison\u00a0: Logo copié d’une marque déposée.');
    expect(await kinds(organiser.id, r.participationId)).toContain('report_upheld');
    expect((await t.ctx.db.select().from(reports).where(eq(reports.id, r.reportId)))[0]).toMatchObject({ status: 'withdrawn', decidedBy: admin.id });
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'report'), eq(adminActions.targetId, r.reportId)));
    expect(log).toEqual([expect.objectContaining({ action: 'report.withdraw', reason: 'Logo copié d’une marque déposée.' })]);

    // It can no longer be chosen, nor sent again by its author.
    const crown = await post('/api/concours/winner/add', organiser, { idParticipationWinner: r.participationId, idConcours: r.contestId });
    expect(crown.statusCode).toBe(409);
    expect(crown.json().message.message).toBe('Cette proposition a été retirée par notre équipe.');
    const again = await uploadProposal(t, r.talent, r.participationId, { filename: 'autre.png', content: fakePng(800) });
    expect(again.statusCode).toBe(403);
    expect((await post('/api/concours/add/participation', r.talent, { idConcours: r.contestId, commitment: true })).statusCode).toBe(403);
    // Nor emptied by its author: the files stay.
    expect((await post('/api/participation/withdraw', r.talent, { idParticipation: r.participationId })).statusCode).toBe(403);
    expect((await post('/api/participation/file/withdraw', r.talent, { idParticipation: r.participationId, idFile: r.fileId })).statusCode).toBe(403);
  });

  it('refuses a winner of a finalised contest and leaves everything as it was', async () => {
    const r = await reported();
    await post('/api/concours/winner/add', organiser, { idParticipationWinner: r.participationId, idConcours: r.contestId });
    await t.ctx.db.update(contests).set({ status: 4 }).where(eq(contests.id, r.contestId));
    const res = await post(`/api/admin/reports/${r.reportId}/withdraw`, admin, { reason: 'Trop tard.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe('Cette proposition a gagné un concours déjà finalisé\u00a0: elle ne peut plus être retirée.');
    expect((await t.ctx.db.select().from(reports).where(eq(reports.id, r.reportId)))[0]!.status).toBe('open');
    expect((await t.ctx.db.select().from(participations).where(eq(participations.id, r.participationId)))[0]).toMatchObject({ isWinner: true, isParticipating: true });
  });

  it('is for admins only, and a dismissal and a withdrawal at once give one decision', async () => {
    const r = await reported();
    const url = `/api/admin/reports/${r.reportId}/withdraw`;
    expect((await post(url, null, { reason: 'Non' })).statusCode).toBe(401);
    expect((await post(url, organiser, { reason: 'Non' })).statusCode).toBe(403);
    expect((await post(url, r.talent, { reason: 'Non' })).statusCode).toBe(403);
    expect((await post(url, admin, {})).statusCode).toBe(400);
    const answers = await Promise.all([post(url, admin, { reason: 'Retrait.' }), post(`/api/admin/reports/${r.reportId}/dismiss`, otherAdmin, { reason: 'Sans suite.' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const log = await t.ctx.db.select().from(adminActions).where(and(eq(adminActions.targetType, 'report'), eq(adminActions.targetId, r.reportId)));
    expect(log).toHaveLength(1);
    const status = (await t.ctx.db.select().from(reports).where(eq(reports.id, r.reportId)))[0]!.status;
    expect(log[0]!.action).toBe(status === 'withdrawn' ? 'report.withdraw' : 'report.dismiss');
  });
});
