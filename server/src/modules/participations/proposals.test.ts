import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { fakePng } from '../files/test-helpers';
import { participationOf, uploadProposal } from './test-helpers';

let t: TestApp;
let organiser: TestUser;
let talents: TestUser[];
let contestId: number;
const STARS = [0, 1, 2, 3, 5, 0];

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  contestId = (await buildContest(t.ctx, organiser, { companyName: 'Atelier Lumière', costCents: 24_000 })).id;
  talents = [];
  for (const [i, stars] of STARS.entries()) {
    const talent = await buildUser(t.ctx, { withProvider: true });
    const id = await participationOf(t, talent, contestId);
    await uploadProposal(t, talent, id, { filename: `proposition-${i + 1}.png`, content: fakePng(1500) });
    // Through the organiser's own actions, which keep the contest's filter counters.
    if (stars > 0) await t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: organiser.headers, payload: { idParticipation: id, stars } });
    if (stars === 5) await t.app.inject({ method: 'POST', url: '/api/concours/winner/add', headers: organiser.headers, payload: { idParticipationWinner: id, idConcours: contestId } });
    talents.push(talent);
  }
  // Started but empty: never listed to the organiser.
  await participationOf(t, await buildUser(t.ctx, { withProvider: true }), contestId);
  // The files' preview state is part of what is compared: settled before the first read.
  await t.previewsDone();
});
afterAll(() => t.close());

const page = (query: string, user: TestUser = organiser) => t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations${query}`, headers: user.headers });
const numbers = (body: { results: { participations: { number: number }[] } }) => body.results.participations.map((p) => p.number);

describe('GET /api/concours/:idConcours/participations', () => {
  it('lists proposals with content by number, with the counts of every filter', async () => {
    const res = await page('');
    expect(res.statusCode).toBe(200);
    const r = res.json().results;
    expect(r.concours).toMatchObject({ id: contestId, status: 2, companyName: 'Atelier Lumière', cost: 24_000, gain: 19_200, prizesPaid: 1, subCategory: { id: 1, name: 'Logo', format: 1 } });
    expect(r.counts).toEqual({ all: 6, unrated: 2, low: 2, high: 2, winners: 1 });
    expect(r).toMatchObject({ page: 1, pageSize: 24, total: 6 });
    expect(numbers(res.json())).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [i, p] of r.participations.entries()) {
      expect(p.fileParticipants.map((f: { filename: string }) => f.filename)).toEqual([`proposition-${i + 1}.png`]);
      expect(p.participant.pseudo).toBe(talents[i]!.pseudo);
      // The author's reputation badge counts finalised contests only: a winner chosen while
      // this contest is still open is no win yet, for the badge as for the public profile.
      expect(p.participant.level).toBe('debutant');
    }
  });

  it('shows each proposal exactly as the proposal’s own page does, files and times included', async () => {
    // The page is built in SQL as JSON; the proposal's page reads rows: both must agree.
    for (const listed of (await page('?pageSize=3')).json().results.participations) {
      const alone = await t.app.inject({ method: 'GET', url: `/api/participation/${listed.id}`, headers: organiser.headers });
      // The page adds the author's reputation level for its badge.
      const { level, ...author } = listed.participant;
      expect(level).toMatch(/^(debutant|confirme)$/);
      expect({ ...listed, participant: author }).toEqual(alone.json().results.participation);
    }
  });

  it('filters: unrated, 1-2 stars, 3-5 stars, winners', async () => {
    const expected = { unrated: [1, 6], low: [2, 3], high: [4, 5], winners: [5] };
    for (const [filtre, nums] of Object.entries(expected)) {
      const res = await page(`?filtre=${filtre}`);
      expect(numbers(res.json()), filtre).toEqual(nums);
      expect(res.json().results.total).toBe(nums.length);
    }
    expect((await page('?filtre=autre')).statusCode).toBe(400);
  });

  it('pages in SQL', async () => {
    const first = await page('?page=1&pageSize=4');
    expect(numbers(first.json())).toEqual([1, 2, 3, 4]);
    const second = await page('?page=2&pageSize=4');
    expect(numbers(second.json())).toEqual([5, 6]);
    expect(second.json().results).toMatchObject({ page: 2, pageSize: 4, total: 6 });
    expect(numbers((await page('?page=3&pageSize=4')).json())).toEqual([]);
  });

  it('is for the organiser and admins only', async () => {
    const talentTry = await page('', talents[0]);
    expect(talentTry.statusCode).toBe(403);
    expect(talentTry.json().message.message).toBe("Seul l'organisateur du concours peut voir ses propositions.");
    expect((await page('', await buildUser(t.ctx, { isAdmin: true }))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/concours/999999/participations', headers: organiser.headers })).statusCode).toBe(404);
  });
});
