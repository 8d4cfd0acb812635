/**
 * The search's narrow table (migration 0034) is kept by a trigger on `contests`: whatever is
 * done to contests, in any order, it holds exactly the open public ones with their current
 * category, sub-category, prize, end date and vector.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SUB_CATEGORIES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, subCategories } from '../../db/schema';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.ctx);
});
afterAll(() => t.close());

/** A seeded generator (mulberry32): the same steps at every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

async function differences(): Promise<unknown[]> {
  const result = (await t.ctx.db.execute(sql`
    (select id, category_id, sub_category_id, cost_cents, end_date, search_vector::text from contests where status = 2 and not is_private
     except select contest_id, category_id, sub_category_id, cost_cents, end_date, search_vector::text from open_contest_search)
    union all
    (select contest_id, category_id, sub_category_id, cost_cents, end_date, search_vector::text from open_contest_search
     except select id, category_id, sub_category_id, cost_cents, end_date, search_vector::text from contests where status = 2 and not is_private)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('open_contest_search', () => {
  it('follows every change of the contests, in any order', async () => {
    const random = seeded(20261127);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const ids: number[] = [];
    for (let step = 0; step < 150; step++) {
      const action = ids.length < 5 ? 'create' : pick(['create', 'status', 'private', 'brief', 'company', 'move', 'prize', 'end', 'delete'] as const);
      const id = pick(ids);
      const sub = pick(SUB_CATEGORIES);
      if (action === 'create') {
        ids.push((await buildContest(t.ctx, owner, { status: pick([1, 2, 2, 3]), subCategoryId: sub.id, companyName: `Atelier ${step}`, message: `Brief ${step} pour une boulangerie` })).id);
      } else if (action === 'status') {
        await t.ctx.db.update(contests).set({ status: pick([1, 2, 3, 4, 5, -1]) }).where(eq(contests.id, id));
      } else if (action === 'private') {
        await t.ctx.db.update(contests).set({ isPrivate: random() < 0.5 }).where(eq(contests.id, id));
      } else if (action === 'brief') {
        // Only the brief is named: the vector follows it through its own trigger.
        await t.ctx.db.update(contests).set({ message: `Nouveau brief ${step} pour une fromagerie` }).where(eq(contests.id, id));
      } else if (action === 'company') {
        await t.ctx.db.update(contests).set({ companyName: `Maison ${step}` }).where(eq(contests.id, id));
      } else if (action === 'move') {
        await t.ctx.db.update(contests).set({ subCategoryId: sub.id, categoryId: sub.idCategory }).where(eq(contests.id, id));
      } else if (action === 'prize') {
        await t.ctx.db.update(contests).set({ costCents: 10_000 + Math.floor(random() * 90_000) }).where(eq(contests.id, id));
      } else if (action === 'end') {
        await t.ctx.db.update(contests).set({ endDate: new Date(Date.UTC(2026, 11, 1 + Math.floor(random() * 30))) }).where(eq(contests.id, id));
      } else {
        await t.ctx.db.delete(contests).where(eq(contests.id, id));
        ids.splice(ids.indexOf(id), 1);
      }
      expect(await differences(), `après l’étape ${step} (${action})`).toEqual([]);
    }
    // A renamed sub-category renames its contests' vectors, and so their copies.
    await t.ctx.db.update(subCategories).set({ title: 'Logotype' }).where(eq(subCategories.id, 1));
    expect(await differences()).toEqual([]);
  });
});
