import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { participations } from '../../db/schema';
import { participationOf, uploadProposal } from '../participations/test-helpers';
import { fakePng } from '../files/test-helpers';

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
const created: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  talent = await buildUser(t.ctx, { withProvider: true });
  // Seven contests at every status, one minute apart, oldest first.
  for (const [i, status] of [1, 2, 2, 3, 4, 5, -1].entries()) {
    t.clock.advance(60_000);
    created.push((await buildContest(t.ctx, organiser, { status, companyName: `Concours ${i + 1}` })).id);
  }
});
afterAll(() => t.close());

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('GET /api/user/concours/organisateur', () => {
  it('lists the organiser’s contests at every status, newest first, 5 rows a page', async () => {
    const first = await get('/api/user/concours/organisateur', organiser);
    expect(first.statusCode).toBe(200);
    const r = first.json().results;
    expect(r).toMatchObject({ page: 1, pageSize: 5, total: 7 });
    expect(r.rows.map((row: { id: number }) => row.id)).toEqual([...created].reverse().slice(0, 5));
    expect(r.rows[0]).toMatchObject({ idConcours: created[6], idParticipation: null, isWinner: null, companyName: 'Concours 7', subCategory: 'Logo', status: -1, cost: 30_000, gain: 24_000, participations: 0, winners: 0 });
    const second = (await get('/api/user/concours/organisateur?page=2', organiser)).json().results;
    expect(second.rows.map((row: { id: number }) => row.id)).toEqual([created[1], created[0]]);
    // The unpaid contest (status 1) stays reachable so it can be paid.
    expect(second.rows[1].status).toBe(1);
  });

  it('is empty for someone who organises nothing, and needs a session', async () => {
    expect((await get('/api/user/concours/organisateur', talent)).json().results).toEqual({ rows: [], page: 1, pageSize: 5, total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/concours/organisateur' })).statusCode).toBe(401);
  });
});

describe('GET /api/user/concours/participant', () => {
  it('lists contests where the viewer has a proposal with content, with the participation id and the winner flag', async () => {
    const open = [created[1]!, created[2]!];
    const ids: number[] = [];
    for (const contestId of open) {
      t.clock.advance(60_000);
      const id = await participationOf(t, talent, contestId);
      await uploadProposal(t, talent, id, { filename: 'p.png', content: fakePng(1000) });
      ids.push(id);
    }
    await t.ctx.db.update(participations).set({ isWinner: true }).where(eq(participations.id, ids[0]!));
    // An empty participation (started, nothing sent) is not listed.
    const other = await buildContest(t.ctx, organiser);
    await participationOf(t, talent, other.id);

    const res = await get('/api/user/concours/participant?pageSize=1', talent);
    expect(res.statusCode).toBe(200);
    const r = res.json().results;
    expect(r).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ id: open[1], idConcours: open[1], idParticipation: ids[1], isWinner: false, participations: 1 });
    const next = (await get('/api/user/concours/participant?page=2&pageSize=1', talent)).json().results;
    expect(next.rows[0]).toMatchObject({ idConcours: open[0], idParticipation: ids[0], isWinner: true });
    expect((await get('/api/user/concours/participant', organiser)).json().results.total).toBe(0);
  });
});
