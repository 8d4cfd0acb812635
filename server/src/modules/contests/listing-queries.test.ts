import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';

let t: TestApp;
let organiser: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  viewer = await buildUser(t.ctx, { withProvider: true });
});
afterAll(() => t.close());

async function addOpenContests(n: number, proposalsEach: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    t.clock.advance(1000);
    const contest = await buildContest(t.ctx, organiser, { subCategoryId: 1 + (i % 3) });
    for (let j = 0; j < proposalsEach; j++) await buildProposal(t.ctx, contest.id, j === 0 ? viewer : await buildUser(t.ctx));
    ids.push(contest.id);
  }
  return ids;
}

const listing = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: viewer.headers, payload: body });

describe('queries of the open-contest listing (no N+1)', () => {
  it('a page costs the same number of queries whatever its size, sort or depth', async () => {
    await addOpenContests(2, 1);
    const small = await countQueries(t.ctx.db, async () => expect((await listing({ pageSize: 6 })).json().results.concours).toHaveLength(2));

    await addOpenContests(28, 2);
    for (const body of [
      { pageSize: 50 },
      { pageSize: 6, page: 4, selector: 'cost', orderedBy: 'ASC' },
      { pageSize: 10, selector: 'participations', idCategory: 1 },
      { pageSize: 4, page: 2, selector: 'createdAt', orderedBy: 'ASC', idSubCategory: 2 },
    ]) {
      const large = await countQueries(t.ctx.db, async () => {
        const res = await listing(body);
        expect(res.statusCode).toBe(200);
        expect(res.json().results.concours.length).toBeGreaterThan(1);
      });
      expect(large.count, JSON.stringify(body)).toBe(small.count);
    }
    // The session, then the page with its total and whether the viewer took part.
    expect(small.count).toBe(2);
  });

  it('past the last page, one more query gives the total', async () => {
    const { count } = await countQueries(t.ctx.db, async () => {
      const res = await listing({ pageSize: 6, page: 400 });
      expect(res.json().results).toMatchObject({ concours: [], total: 30 });
    });
    expect(count).toBe(3);
  });

  it('the first page of a category costs two queries too', async () => {
    const { count } = await countQueries(t.ctx.db, () => t.app.inject({ method: 'GET', url: '/api/concours/read/category/1', headers: viewer.headers }));
    expect(count).toBe(2);
  });
});
