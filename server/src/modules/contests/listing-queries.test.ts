import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { listContestsSchema } from '@creadefi/domain';
import { listOpenContests } from './repository';

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

/** The database's side of a page, as served when the caches are bypassed (and to fill them). */
const fromDatabase = (body: Record<string, unknown>) => listOpenContests(t.ctx.db, viewer.id, listContestsSchema.parse(body));

describe('queries of the open-contest listing (no N+1)', () => {
  it('a page read from the database costs one query whatever its size, sort or depth', async () => {
    await addOpenContests(2, 1);
    const small = await countQueries(t.ctx, async () => expect((await fromDatabase({ pageSize: 6 })).concours).toHaveLength(2));

    await addOpenContests(28, 2);
    for (const body of [
      { pageSize: 50 },
      { pageSize: 6, page: 4, selector: 'cost', orderedBy: 'ASC' },
      { pageSize: 10, selector: 'participations', idCategory: 1 },
      { pageSize: 4, page: 2, selector: 'createdAt', orderedBy: 'ASC', idSubCategory: 2 },
    ]) {
      const large = await countQueries(t.ctx, async () => expect((await fromDatabase(body)).concours.length).toBeGreaterThan(1));
      expect(large.count, JSON.stringify(body)).toBe(small.count);
    }
    // The page with its total and whether the viewer took part.
    expect(small.count).toBe(1);
  });

  it('past the last page, one more query gives the total', async () => {
    const { count } = await countQueries(t.ctx, async () => expect(await fromDatabase({ pageSize: 6, page: 400 })).toMatchObject({ concours: [], total: 30 }));
    expect(count).toBe(2);
  });

  it('through the API, a member’s first page reads their session, the page and their contests; then a new page costs one query, a page seen before none', async () => {
    const first = await countQueries(t.ctx, async () => expect((await listing({ pageSize: 7 })).statusCode).toBe(200));
    expect(first.count).toBe(3);
    for (const body of [{ pageSize: 7, page: 2 }, { pageSize: 5, selector: 'cost', orderedBy: 'ASC', idCategory: 1 }]) {
      const next = await countQueries(t.ctx, async () => expect((await listing(body)).json().results.concours.length).toBeGreaterThan(1));
      expect(next.count, JSON.stringify(body)).toBe(1);
    }
    const again = await countQueries(t.ctx, async () => expect((await listing({ pageSize: 7, page: 2 })).json().results.concours).toHaveLength(7));
    expect(again.count).toBe(0);
    const category = await countQueries(t.ctx, () => t.app.inject({ method: 'GET', url: '/api/concours/read/category/1', headers: viewer.headers }));
    expect(category.count).toBe(1);
  });
});
