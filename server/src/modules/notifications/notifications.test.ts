import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { TEST_IBANS, buildContest, buildLegalStatus, buildOrganiser, buildPaidContest, buildUser, type TestUser } from '../../test/factories';
import { notifications } from '../../db/schema';
import { fakePng, multipartBody } from '../files/test-helpers';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { endContests } from '../../jobs/end-contests';
import { notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });

describe('the bell', () => {
  it('lists newest first, paged, with the total and the unread count', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1000);
      await notify(t.ctx.db, { userId: user.id, kind: 'contest_ended', text: `Notification ${i}`, at: t.clock.now() });
    }
    const first = await get(user, '/api/notifications?page=1&pageSize=20');
    expect(first.statusCode).toBe(200);
    const r = first.json().results;
    expect(r).toMatchObject({ total: 25, unread: 25, page: 1, pageSize: 20 });
    expect(r.notifications).toHaveLength(20);
    expect(r.notifications[0]).toMatchObject({ text: 'Notification 25', kind: 'contest_ended', read: false, link: null });
    const second = (await get(user, '/api/notifications?page=2&pageSize=20')).json().results;
    expect(second.notifications.map((n: { text: string }) => n.text)).toEqual(['Notification 5', 'Notification 4', 'Notification 3', 'Notification 2', 'Notification 1']);
    expect((await get(user, '/api/notifications')).json().results.notifications).toHaveLength(20);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await get(user, '/api/notifications?page=0')).statusCode).toBe(400);
  });

  it('marks the given ones, or all, read — never someone else’s', async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    for (const u of [user, user, user, other]) await notify(t.ctx.db, { userId: u.id, kind: 'contest_ended', text: 'x' });
    const mine = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    const [theirs] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, other.id));
    const res = await post(user, '/api/notifications/read', { ids: [mine[0]!.id, theirs!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({ unread: 2 });
    expect((await t.ctx.db.select().from(notifications).where(eq(notifications.id, theirs!.id)))[0]!.readAt).toBeNull();
    expect((await get(user, '/api/notifications/unread-count')).json().results).toEqual({ messages: 0, notifications: 2 });
    expect((await post(user, '/api/notifications/read', { all: true })).json().results).toEqual({ unread: 0 });
    expect((await post(user, '/api/notifications/read', {})).json().results).toEqual({ unread: 0 });
    expect((await get(other, '/api/notifications/unread-count')).json().results.notifications).toBe(1);
  });

  it('receives every kind from the action that owns it, from a proposal to the pay-out', async () => {
    const organiser = await buildOrganiser(t.ctx);
    const talent = await buildOrganiser(t.ctx);
    const contest = await buildPaidContest(t.ctx, organiser, { companyName: 'Fromagerie Alpine' });
    const id = await participationOf(t, talent, contest.id);
    expect((await uploadProposal(t, talent, id, { filename: 'p.png', content: fakePng(1500) })).statusCode).toBe(200);
    await post(talent, '/api/message/create', { idParticipation: id, message: 'Bonjour' });
    await post(organiser, '/api/concours/winner/add', { idParticipationWinner: id, idConcours: contest.id });
    expect((await post(organiser, '/api/concours/winner/prefinal', { idConcours: contest.id })).statusCode).toBe(200);
    const body = multipartBody([{ name: 'idParticipation', value: String(id) }, { name: 'fileFinale', filename: 'final.png', content: fakePng(2000) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/concours/participant/upload/finalFile', headers: { ...talent.headers, ...body.headers }, payload: body.payload })).statusCode).toBe(200);
    expect((await post(organiser, '/api/concours/winner/final', { idConcours: contest.id, idParticipation: id })).statusCode).toBe(200);
    await buildLegalStatus(t.ctx, talent.id);
    expect((await post(talent, '/api/user/bank-details', { name: 'Léa Petit', iban: TEST_IBANS.valid })).statusCode).toBe(200);
    expect((await post(talent, '/api/wallet/transfer', {})).statusCode).toBe(200);
    const ended = await buildContest(t.ctx, organiser, { endDate: new Date(t.clock.now().getTime() - 1000) });
    await endContests(t.ctx);
    // The fake images cannot be previewed: their author is told once their previews have run.
    await t.previewsDone();

    const kinds = async (u: TestUser) => new Set((await t.ctx.db.select().from(notifications).where(eq(notifications.userId, u.id))).map((n) => n.kind));
    expect(await kinds(organiser)).toEqual(new Set(['new_proposal', 'new_message', 'final_files_received', 'contest_ended']));
    expect(await kinds(talent)).toEqual(new Set(['contest_closed', 'chosen_winner', 'files_validated', 'payment_received', 'payout_sent', 'preview_failed']));
    expect(ended.status).toBe(2);
    const list = (await get(talent, '/api/notifications')).json().results;
    expect(list.unread).toBe(6);
    expect(list.notifications.every((n: { link: string | null }) => n.link !== null)).toBe(true);
  });
});
