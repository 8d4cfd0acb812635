/**
 * A search among a few thousand contests, most of them closed (docs/architecture.md §6): a word
 * that most open contests hold ranks only as many as the pages can show, always the same ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, SEARCH_WORDS_MAX_PAGE, searchContestsSchema } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { SEARCH_CANDIDATES, searchOpenContests } from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildUser(t.ctx);
  // 4 000 contests, one in four open, their briefs drawn from a few dozen words; « boulangerie » in one in a hundred.
  await t.ctx.db.execute(sql`
    insert into contests (owner_id, category_id, sub_category_id, status, company_name, company_skills, target, message, cost_cents, end_date, created_at, updated_at)
    select ${owner.id}, 1, 1 + (i % 3), case when i % 4 = 0 then 2 else 3 end,
      'Société ' || i, 'Artisanat', 'Tout public',
      (array['Un logo moderne', 'Une affiche pour un festival', 'Une carte de visite élégante', 'Un flyer coloré pour une pizzeria', 'Un menu de restaurant'])[1 + i % 5]
        || ' pour notre ' || (array['atelier', 'magasin', 'cabinet', 'garage', 'librairie', 'fromagerie'])[1 + i % 6]
        || case when i % 100 = 0 then ' de boulangerie' else '' end,
      20000 + (i % 50) * 1000, now() + interval '3 days', now(), now()
    from generate_series(1, 4000) as i
  `);
  await t.ctx.db.execute(sql`analyze contests`);
});
afterAll(() => t.close());

describe('a word most open contests hold', () => {
  const search = (query: Record<string, string>) => searchOpenContests(t.ctx.db, 0, searchContestsSchema.parse(query), new Date());

  it('ranks as many as the pages show, the ones ending soonest, and says that more match', async () => {
    // « Société » is in every company name: 1 000 open contests match.
    const first = await search({ q: 'société' });
    expect(first).toMatchObject({ total: SEARCH_CANDIDATES, totalCapped: true });
    expect(SEARCH_CANDIDATES).toBe(SEARCH_WORDS_MAX_PAGE * SEARCH_PAGE_SIZE);
    const seen = new Set<number>();
    for (let page = 1; page <= SEARCH_WORDS_MAX_PAGE; page++) {
      const { concours } = page === 1 ? first : await search({ q: 'société', page: String(page) });
      expect(concours).toHaveLength(SEARCH_PAGE_SIZE);
      for (const c of concours) seen.add(c.id);
    }
    // Every page is full and none repeats another: the candidates are always the same ones,
    // those that end first (here they all end together, so the lowest ids).
    expect(seen.size).toBe(SEARCH_CANDIDATES);
    const open = (await t.ctx.db.execute(sql`select id from contests where status = 2 order by end_date, id limit ${SEARCH_CANDIDATES}`)) as unknown as { rows: { id: number }[] };
    expect(seen).toEqual(new Set(open.rows.map((r) => r.id)));
  });

  it('counts exactly when fewer match', async () => {
    expect(await search({ q: 'boulangerie' })).toMatchObject({ total: 40, totalCapped: false });
  });
});
