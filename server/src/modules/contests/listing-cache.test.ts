import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { contests, participations } from '../../db/schema';
import { CARD_COLUMN_NAMES } from './repository';

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  talent = await buildUser(t.ctx);
  other = await buildUser(t.ctx);
});
afterAll(() => t.close());

interface Card {
  id: number;
  message: string;
  companyName: string;
  cost: number;
  participations: number;
  hasParticipated: boolean;
}

async function listing(user: TestUser): Promise<{ concours: Card[]; total: number }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: user.headers, payload: { pageSize: 50 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

const card = async (user: TestUser, id: number) => (await listing(user)).concours.find((c) => c.id === id);

describe('the open-contest listing kept in memory', () => {
  it('is announced a change to every column a card shows', async () => {
    const result = await t.ctx.db.execute(sql`
      select a.attname from pg_trigger tr
      join pg_attribute a on a.attrelid = tr.tgrelid and a.attnum = any(tr.tgattr::int2[])
      where tr.tgname = 'contests_announce_listing_update'`);
    const announced = new Set((result as unknown as { rows: { attname: string }[] }).rows.map((r) => r.attname));
    expect(CARD_COLUMN_NAMES.length).toBeGreaterThan(5);
    for (const column of CARD_COLUMN_NAMES.filter((c) => c !== 'id')) expect(announced, column).toContain(column);
  });

  it('shows a change at the next request, whoever makes it, and serves unchanged pages without the database', async () => {
    const contest = await buildContest(t.ctx, organiser);
    expect(await card(talent, contest.id)).toMatchObject({ participations: 0, hasParticipated: false });
    // Until the insert's announcement arrives, requests bypass the caches; then one fills them.
    await t.ctx.caches!.invalidation.caughtUp();
    await listing(talent);
    expect((await countQueries(t.ctx, () => listing(talent))).count).toBe(0);

    await t.ctx.db.update(contests).set({ message: 'Un logo qui sent le pain chaud.', costCents: 45_000, companyName: 'Fournil du Marais' }).where(eq(contests.id, contest.id));
    expect(await card(talent, contest.id)).toMatchObject({ message: 'Un logo qui sent le pain chaud.', cost: 45_000, companyName: 'Fournil du Marais' });

    // The talent's proposal: their flag and the count change; the other member's flag does not.
    const participationId = await buildProposal(t.ctx, contest.id, talent);
    expect(await card(talent, contest.id)).toMatchObject({ participations: 1, hasParticipated: true });
    expect(await card(other, contest.id)).toMatchObject({ participations: 1, hasParticipated: false });

    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, participationId));
    expect(await card(talent, contest.id)).toMatchObject({ hasParticipated: false });

    const before = (await listing(talent)).total;
    const newer = await buildContest(t.ctx, organiser);
    expect((await listing(talent)).total).toBe(before + 1);
    expect(await card(talent, newer.id)).toBeDefined();

    // Closed: it leaves the listing.
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    expect(await card(talent, contest.id)).toBeUndefined();
    expect((await listing(other)).total).toBe(before);
  });

  it('a contest awaiting payment does not drop the pages: it is not listed', async () => {
    await t.ctx.caches!.invalidation.caughtUp();
    await listing(talent);
    const pages = t.ctx.caches!.listing.pages.size;
    expect(pages).toBeGreaterThan(0);
    await buildContest(t.ctx, organiser, { status: 1 });
    await t.ctx.caches!.invalidation.caughtUp();
    expect(t.ctx.caches!.listing.pages.size).toBe(pages);
  });
});
