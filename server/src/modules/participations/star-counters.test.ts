import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { contests, participations } from '../../db/schema';

let t: TestApp;
let organiser: TestUser;
let contestId: number;
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  contestId = (await buildContest(t.ctx, organiser)).id;
  for (let i = 0; i < 6; i++) ids.push(await buildProposal(t.ctx, contestId, await buildUser(t.ctx)));
});
afterAll(() => t.close());

const rate = (idParticipation: number, stars: number) =>
  t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: organiser.headers, payload: { idParticipation, stars } });

/** What the rows say, counted the slow way. */
async function countedFromRows() {
  const [row] = await t.ctx.db
    .select({
      unrated: sql<number>`count(*) filter (where ${participations.stars} = 0)`.mapWith(Number),
      low: sql<number>`count(*) filter (where ${participations.stars} between 1 and 2)`.mapWith(Number),
      high: sql<number>`count(*) filter (where ${participations.stars} between 3 and 5)`.mapWith(Number),
    })
    .from(participations)
    .where(and(eq(participations.contestId, contestId), eq(participations.isParticipating, true)));
  return row!;
}

async function counters() {
  const [row] = await t.ctx.db
    .select({ unrated: contests.proposalsUnrated, low: contests.proposalsLow, high: contests.proposalsHigh })
    .from(contests)
    .where(eq(contests.id, contestId));
  return row!;
}

describe('filter counters of the proposals page', () => {
  it('follow every rating, including the same one sent twice and a return to unrated', async () => {
    expect(await counters()).toEqual({ unrated: 6, low: 0, high: 0 });
    for (const [i, stars] of [
      [0, 4],
      [0, 4],
      [1, 2],
      [2, 5],
      [2, 1],
      [3, 3],
      [3, 0],
    ] as const) {
      expect((await rate(ids[i]!, stars)).statusCode).toBe(200);
    }
    expect(await counters()).toEqual({ unrated: 3, low: 2, high: 1 });
    expect(await counters()).toEqual(await countedFromRows());
  });

  it('stay equal to the rows when ratings of the same proposals arrive at once', async () => {
    const burst = Array.from({ length: 36 }, (_, k) => rate(ids[k % ids.length]!, (k * 7) % 6));
    for (const res of await Promise.all(burst)) expect(res.statusCode).toBe(200);
    expect(await counters()).toEqual(await countedFromRows());
    const page = (await t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations`, headers: organiser.headers })).json().results;
    expect(page.counts).toMatchObject(await countedFromRows());
    expect(page.counts.all).toBe(6);
  });
});
