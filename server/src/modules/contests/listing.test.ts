import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DESCRIPTION_LIMIT, cardExcerpt, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { participations } from '../../db/schema';

let t: TestApp;
let organiser: TestUser;
let viewer: TestUser;
/** Open contests by creation order: [id, cost, participations, sub-category]. */
const open: { id: number; cost: number; count: number; sub: number; category: number }[] = [];
const hidden: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  viewer = await buildUser(t.ctx, { withProvider: true });
  // Costs and counts repeat on purpose: ties are broken by id.
  const specs = [
    { cost: 30_000, count: 2, sub: 1 },
    { cost: 25_000, count: 0, sub: 2 },
    { cost: 30_000, count: 5, sub: 1 },
    { cost: 60_000, count: 2, sub: 20 },
    { cost: 12_000, count: 1, sub: 48 },
    { cost: 25_000, count: 9, sub: 3 },
    { cost: 40_000, count: 0, sub: 1 },
    { cost: 9_000, count: 3, sub: 33 },
  ];
  for (const s of specs) {
    t.clock.advance(60_000);
    const c = await buildContest(t.ctx, organiser, { costCents: s.cost, participationsCount: s.count, subCategoryId: s.sub });
    open.push({ id: c.id, cost: s.cost, count: s.count, sub: s.sub, category: c.categoryId });
  }
  // Same creation time for the last two: the id decides.
  const sameTime = t.clock.now();
  for (const s of [{ cost: 50_000 }, { cost: 50_000 }]) {
    const c = await buildContest(t.ctx, organiser, { costCents: s.cost, createdAt: sameTime });
    open.push({ id: c.id, cost: s.cost, count: 0, sub: 1, category: 1 });
  }
  for (const status of [1, 3, 4, 5, -1]) hidden.push((await buildContest(t.ctx, organiser, { status, createdAt: new Date(t.clock.now().getTime() + 3_600_000) })).id);
  await t.ctx.db.insert(participations).values([
    { contestId: open[2]!.id, userId: viewer.id, isParticipating: true },
    { contestId: open[5]!.id, userId: viewer.id, isParticipating: false },
  ]);
});
afterAll(() => t.close());

async function list(body?: Record<string, unknown>, user: TestUser | null = viewer) {
  const res = await t.app.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: user?.headers ?? {}, ...(body === undefined ? {} : { payload: body }) });
  return res;
}

async function ids(body: Record<string, unknown>): Promise<number[]> {
  const res = await list({ pageSize: 50, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.concours.map((c: { id: number }) => c.id);
}

const by = (key: 'id' | 'cost' | 'count', dir: 1 | -1) => (a: (typeof open)[number], b: (typeof open)[number]) => (a[key] - b[key] || a.id - b.id) * dir;

describe('POST /api/concours/orderBy/any', () => {
  it('lists only open contests (status 2), newest first by default, 6 per page', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const page = res.json().results;
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(6);
    expect(page.total).toBe(open.length);
    expect(page.concours.map((c: { id: number }) => c.id)).toEqual([...open].sort(by('id', -1)).slice(0, 6).map((c) => c.id));
    const all = await ids({});
    for (const id of hidden) expect(all).not.toContain(id);
  });

  it('works without any body, as the original API calls it', async () => {
    const res = await list(undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.concours).toHaveLength(6);
  });

  it('sorts by date, cost and participations in both directions, ties broken by id', async () => {
    // Creation times grow with ids here, except the last two which share one time.
    expect(await ids({ selector: 'createdAt', orderedBy: 'ASC' })).toEqual([...open].sort(by('id', 1)).map((c) => c.id));
    expect(await ids({ selector: 'createdAt', orderedBy: 'DESC' })).toEqual([...open].sort(by('id', -1)).map((c) => c.id));
    expect(await ids({ selector: 'cost', orderedBy: 'ASC' })).toEqual([...open].sort(by('cost', 1)).map((c) => c.id));
    expect(await ids({ selector: 'cost', orderedBy: 'desc' })).toEqual([...open].sort(by('cost', -1)).map((c) => c.id));
    expect(await ids({ selector: 'participations', orderedBy: 'ASC' })).toEqual([...open].sort(by('count', 1)).map((c) => c.id));
    expect(await ids({ selector: 'participations', orderedBy: 'DESC' })).toEqual([...open].sort(by('count', -1)).map((c) => c.id));
  });

  it('filters by category and by sub-category', async () => {
    expect(await ids({ idCategory: 1, selector: 'cost', orderedBy: 'ASC' })).toEqual(open.filter((c) => c.category === 1).sort(by('cost', 1)).map((c) => c.id));
    expect(await ids({ idSubCategory: 1 })).toEqual(open.filter((c) => c.sub === 1).sort(by('id', -1)).map((c) => c.id));
    expect(await ids({ idCategory: 7 })).toEqual(open.filter((c) => c.category === 7).map((c) => c.id));
    expect(await ids({ idCategory: 5 })).toEqual([]);
  });

  it('pages in SQL: consecutive pages cover the list once, with the total', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = (await list({ selector: 'cost', orderedBy: 'DESC', page, pageSize: 3 })).json().results;
      expect(res.total).toBe(open.length);
      expect(res.page).toBe(page);
      seen.push(...res.concours.map((c: { id: number }) => c.id));
    }
    expect(seen).toEqual([...open].sort(by('cost', -1)).map((c) => c.id));
    expect((await list({ page: 99 })).json().results).toMatchObject({ concours: [], total: open.length });
  });

  it('gives each card what it shows: gain, proposals, sub-category, owner and whether the viewer took part', async () => {
    const cards = (await list({ pageSize: 50 })).json().results.concours as Record<string, unknown>[];
    const took = cards.find((c) => c.id === open[2]!.id)!;
    expect(took).toMatchObject({ hasParticipated: true, participations: 5, cost: 30_000, gain: 24_000, idConcoureur: organiser.id, status: 2, subCategory: { id: 1, name: 'Logo', format: 1 } });
    // An empty participation (one that only holds messages) does not count.
    expect(cards.find((c) => c.id === open[5]!.id)!.hasParticipated).toBe(false);
    expect(cards.filter((c) => c.hasParticipated)).toHaveLength(1);
  });

  it('refuses visitors and malformed queries', async () => {
    expect((await list({}, null)).statusCode).toBe(401);
    expect((await list({ selector: 'random' })).statusCode).toBe(400);
    expect((await list({ pageSize: 500 })).statusCode).toBe(400);
  });
});

describe('GET /api/concours/read/category/:id', () => {
  it("answers the category's 6 newest open contests", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/concours/read/category/1', headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.concours.map((c: { id: number }) => c.id)).toEqual(
      open
        .filter((c) => c.category === 1)
        .sort(by('id', -1))
        .slice(0, 6)
        .map((c) => c.id),
    );
  });

  it('answers 200 with an empty list when the category has none, 404 for an unknown category', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/concours/read/category/5', headers: viewer.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ results: { concours: [] } });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/concours/read/category/42', headers: viewer.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message.message).toBe(MESSAGES.contests.unknownCategory);
    expect((await t.app.inject({ method: 'GET', url: '/api/concours/read/category/1' })).statusCode).toBe(401);
  });
});

describe('the brief on a card', () => {
  it('is the excerpt a card shows, the contest page keeping the whole brief', async () => {
    const brief = `Nous ouvrons une boulangerie.\n\n   ${'Pain au levain, viennoiseries et pâtisseries de saison. '.repeat(40)}`;
    const long = await buildContest(t.ctx, organiser, { message: brief, createdAt: new Date(t.clock.now().getTime() + 7_200_000) });
    const res = await list({ pageSize: 6, selector: 'createdAt', orderedBy: 'DESC' });
    const card = res.json().results.concours.find((c: { id: number }) => c.id === long.id);
    expect(card.message).toBe(cardExcerpt(brief));
    expect(card.message).toMatch(/^Nous ouvrons une boulangerie\. Pain au levain.{100,}…$/);
    expect(card.message.length).toBeLessThanOrEqual(CARD_DESCRIPTION_LIMIT + 1);
    // Cut again by a phone's narrower card, the excerpt gives what the whole brief gives.
    expect(cardExcerpt(card.message, 90)).toBe(cardExcerpt(brief, 90));
    expect(cardExcerpt(card.message)).toBe(card.message);
    const details = await t.app.inject({ method: 'GET', url: `/api/concours/read/${long.id}`, headers: viewer.headers });
    expect(details.json().results.concours.message).toBe(brief);
  });
});
