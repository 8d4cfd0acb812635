import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SUB_CATEGORIES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser } from '../../test/factories';
import { contests, openContestCounts } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The counts the trigger keeps, and the ones counted from the contests themselves. */
async function keptAndCounted() {
  const kept = await t.ctx.db.select().from(openContestCounts).where(sql`${openContestCounts.n} <> 0`);
  const counted = await t.ctx.db
    .select({ categoryId: contests.categoryId, subCategoryId: contests.subCategoryId, n: sql<number>`count(*)::int` })
    .from(contests)
    .where(eq(contests.status, 2))
    .groupBy(contests.categoryId, contests.subCategoryId);
  const key = (r: { categoryId: number; subCategoryId: number; n: number }) => `${r.categoryId}/${r.subCategoryId}=${r.n}`;
  return { kept: kept.map(key).sort(), counted: counted.map(key).sort() };
}

describe('open contest counts', () => {
  it('follow every contest that opens, closes, moves or goes, in the same transaction', async () => {
    const owner = await buildUser(t.ctx);
    const other = SUB_CATEGORIES.find((s) => s.idCategory !== SUB_CATEGORIES[0]!.idCategory)!;
    const a = await buildContest(t.ctx, owner);
    const b = await buildContest(t.ctx, owner, { status: 1 });
    await buildContest(t.ctx, owner, { subCategoryId: other.id });
    await buildContest(t.ctx, owner, { status: 3 });
    expect((await keptAndCounted()).kept).toEqual((await keptAndCounted()).counted);

    await t.ctx.db.update(contests).set({ status: 2 }).where(eq(contests.id, b.id));
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, a.id));
    await t.ctx.db.update(contests).set({ subCategoryId: other.id, categoryId: other.idCategory }).where(eq(contests.id, b.id));
    // A change that leaves the status as it was counts nothing twice.
    await t.ctx.db.update(contests).set({ status: 2 }).where(eq(contests.id, b.id));
    let state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);

    await t.ctx.db.delete(contests).where(eq(contests.id, b.id));
    // A transaction that fails leaves the counts as they were.
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.update(contests).set({ status: 5 }).where(eq(contests.status, 2));
        throw new Error('annulé');
      })
      .catch(() => undefined);
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(state.counted.length).toBeGreaterThan(0);
  });

  it('give the listing its totals, for every filter', async () => {
    const viewer = await buildUser(t.ctx);
    const list = async (body: object) => (await t.app.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: viewer.headers, payload: body })).json().results.total as number;
    const [open] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contests).where(eq(contests.status, 2));
    expect(await list({})).toBe(open!.n);
    const sub = SUB_CATEGORIES[0]!;
    const [inSub] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contests).where(sql`${contests.status} = 2 and ${contests.subCategoryId} = ${sub.id}`);
    const [inCategory] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contests).where(sql`${contests.status} = 2 and ${contests.categoryId} = ${sub.idCategory}`);
    expect(await list({ idSubCategory: sub.id })).toBe(inSub!.n);
    expect(await list({ idCategory: sub.idCategory })).toBe(inCategory!.n);
    expect(await list({ idCategory: sub.idCategory, idSubCategory: sub.id })).toBe(inSub!.n);
  });
});
