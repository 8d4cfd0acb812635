/**
 * A listing page deep in the open contests costs about what the first does (docs/architecture.md
 * §6): its ids come from the sort's index alone, up to the offset. Private contests lie among the
 * open ones; an index that held them too would have every row read to leave them out, and the
 * planner would then sort all open contests for each page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { listingPageIds } from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildUser(t.ctx);
  // 30 000 contests, one in three open (10 000, as on the bench), one open contest in ten private;
  // briefs of a real length, so that open contests lie scattered over many pages as they do in production.
  await t.ctx.db.execute(sql`
    insert into contests (owner_id, category_id, sub_category_id, status, is_private, company_name, company_skills, target, message, cost_cents, participations_count, end_date, created_at, updated_at)
    select ${owner.id}, 1 + (i % 7), 1, case when i % 3 = 0 then 2 else 5 end, i % 30 = 0,
      'Société ' || i, 'Artisanat', 'Tout public', repeat('Un logo pour notre atelier. ', 20), 20000 + (i % 50) * 1000, i % 40,
      now() + interval '3 days', now() - (i || ' minutes')::interval, now()
    from generate_series(1, 30000) as i
  `);
  await vacuumUntilAllVisible();
});
afterAll(() => t.close());

/**
 * As autovacuum leaves a table in production: every page known to hold only rows all may see,
 * which index-only scans need. A vacuum while another session's snapshot is older than the
 * insert cannot mark them yet, so it is run again until it can.
 */
async function vacuumUntilAllVisible(): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await t.ctx.db.execute(sql`vacuum analyze contests`);
    const result = (await t.ctx.db.execute(sql`select relallvisible >= relpages as done from pg_class where relname = 'contests'`)) as unknown as { rows: { done: boolean }[] };
    if (result.rows[0]?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('contests never became all-visible');
}

/** The plan of the ids of a page of all categories, `offset` rows in. */
async function plan(selector: 'createdAt' | 'cost' | 'participations', orderedBy: 'ASC' | 'DESC', offset: number): Promise<string> {
  const ids = listingPageIds(t.ctx.db, selector, orderedBy, 'all', { limit: 6, offset });
  const result = (await t.ctx.db.execute(sql`explain ${ids}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('the listing plan', () => {
  it.each([
    ['createdAt', 'DESC'],
    ['cost', 'ASC'],
    ['participations', 'DESC'],
  ] as const)('reads a deep page sorted by %s %s from its index alone, without sorting', async (selector, orderedBy) => {
    const text = await plan(selector, orderedBy, 5000);
    expect(text).toMatch(/Index Only Scan( Backward)? using contests_open_\w+_idx/);
    expect(text).not.toMatch(/Sort|Bitmap|Seq Scan/);
  });
});
