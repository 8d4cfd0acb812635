import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, findCategoryBySlug, findSubCategoryBySlug, FORMAT, HOUR_MS, MESSAGES, SEARCH_PAGE_SIZE } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { contests, participations } from '../../db/schema';
import { countQueries } from '../../test/query-counter';

let t: TestApp;
let organiser: TestUser;
let member: TestUser;

const sub = (category: string, slug: string) => findSubCategoryBySlug(findCategoryBySlug(category)!.id, slug)!.id;
const ids: Record<string, number> = {};
const pottery: number[] = [];
const hidden: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  member = await buildUser(t.ctx, { withProvider: true });
  const now = t.clock.now().getTime();
  const open = async (name: string, overrides: Parameters<typeof buildContest>[2]) => {
    ids[name] = (await buildContest(t.ctx, organiser, overrides)).id;
  };
  await open('bakeryLogo', { companyName: 'Maison Dupain', message: 'Logo pour une Boulangérie de quartier, chaleureux.', subCategoryId: sub('design', 'logo'), costCents: 30_000 });
  await open('bakerySite', { companyName: 'Café des Arts', message: 'Un site pour nos boulangeries et nos pâtisseries.', subCategoryId: sub('site-web-app', 'site-vitrine'), costCents: 60_000 });
  await open('bakeryName', { companyName: 'Boulangerie Lenoir', message: 'Trouvez-nous un nom.', subCategoryId: sub('business', 'slogan'), costCents: 9_000 });
  await open('jingle', {
    companyName: 'Studio Onde',
    message: 'Une courte musique pour notre émission du matin.',
    subCategoryId: sub('audio', 'jingle'),
    costCents: 12_000,
    endDate: new Date(now + 20 * HOUR_MS),
  });
  await open('card', { companyName: 'Cabinet Morel', message: 'Pour nos avocats.', subCategoryId: sub('design', 'carte-de-visite'), costCents: 14_400 });
  // Equal ranks for the paging test: the end date decides, then the id (some end dates repeat).
  for (let i = 0; i < 29; i++) {
    const c = await buildContest(t.ctx, organiser, { companyName: `Atelier ${i}`, message: 'Poterie artisanale et céramique.', endDate: new Date(now + (3 + (i % 7)) * DAY_MS) });
    pottery.push(c.id);
  }
  for (const status of [1, 3, 4, 5, -1]) {
    hidden.push((await buildContest(t.ctx, organiser, { status, companyName: 'Boulangerie Close', message: 'Logo de boulangerie et poterie.' })).id);
  }
  await t.ctx.db.insert(participations).values({ contestId: ids.bakeryLogo!, userId: member.id, isParticipating: true });
});
afterAll(() => t.close());

async function search(query: Record<string, string | number | boolean>, user: TestUser | null = null) {
  const url = `/api/concours/search?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;
  return t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
}

async function found(query: Record<string, string | number | boolean>): Promise<number[]> {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.concours.map((c: { id: number }) => c.id);
}

describe('GET /api/concours/search', () => {
  it('ignores accents and case and stems French words', async () => {
    for (const q of ['logo boulangerie', 'LOGO BOULANGÉRIE', 'Logo Boulangérie', 'logo boulangeries']) expect(await found({ q }), q).toEqual([ids.bakeryLogo]);
    // « boulangeries » in a brief, « Boulangérie » in another, « Boulangerie » in a company name.
    expect(new Set(await found({ q: 'boulangerie' }))).toEqual(new Set([ids.bakeryLogo, ids.bakerySite, ids.bakeryName]));
    expect(await found({ q: 'patisserie' })).toEqual([ids.bakerySite]);
  });

  it('searches the company and the sub-category too, the company ranking above the brief', async () => {
    expect(await found({ q: 'cabinet morel' })).toEqual([ids.card]);
    expect(await found({ q: 'carte de visite' })).toEqual([ids.card]);
    expect(await found({ q: 'jingle' })).toEqual([ids.jingle]);
    const bakeries = await found({ q: 'boulangerie' });
    expect(bakeries.indexOf(ids.bakeryName!)).toBeLessThan(bakeries.indexOf(ids.bakerySite!));
  });

  it('understands the search-box syntax: quoted phrases and excluded words', async () => {
    expect(await found({ q: 'boulangerie -logo -site' })).toEqual([ids.bakeryName]);
    expect(await found({ q: '"nos pâtisseries"' })).toEqual([ids.bakerySite]);
  });

  it('shows only open contests, to visitors and members alike', async () => {
    const all = [...(await found({ q: 'boulangerie' })), ...(await found({ q: 'poterie', page: 1 })), ...(await found({ q: 'poterie', page: 2 })), ...(await found({ q: 'poterie', page: 3 }))];
    for (const id of hidden) expect(all).not.toContain(id);
    const res = await search({ q: 'logo boulangerie' }, member);
    expect(res.statusCode).toBe(200);
    expect(res.json().results.concours[0]).toMatchObject({ id: ids.bakeryLogo, hasParticipated: true, companyName: 'Maison Dupain' });
    const visitor = await search({ q: 'logo boulangerie' });
    expect(visitor.json().results.concours[0].hasParticipated).toBe(false);
  });

  it('filters by category, format, prize range and end', async () => {
    expect(await found({ q: 'boulangerie', idCategory: findCategoryBySlug('design')!.id })).toEqual([ids.bakeryLogo]);
    expect(await found({ q: 'boulangerie', format: FORMAT.text })).toEqual([ids.bakeryName]);
    expect(await found({ format: FORMAT.audio })).toEqual([ids.jingle]);
    expect(new Set(await found({ q: 'boulangerie', minPrize: 30_000 }))).toEqual(new Set([ids.bakeryLogo, ids.bakerySite]));
    expect(new Set(await found({ q: 'boulangerie', maxPrize: 30_000 }))).toEqual(new Set([ids.bakeryLogo, ids.bakeryName]));
    expect(await found({ q: 'boulangerie', minPrize: 30_000, maxPrize: 30_000 })).toEqual([ids.bakeryLogo]);
    // The same filters with other values and words: a statement built for the first question is not the answer to the next.
    expect(await found({ q: 'boulangerie', minPrize: 0, maxPrize: 100_000 })).toHaveLength(3);
    expect(await found({ q: 'site', minPrize: 0, maxPrize: 100_000, idCategory: findCategoryBySlug('design')!.id })).toEqual([]);
    expect(await found({ endingSoon: true })).toEqual([ids.jingle]);
    expect(await found({ endingSoon: true, q: 'boulangerie' })).toEqual([]);
  });

  it('pages by 12 without losing or repeating a contest, and tells the total past the last page', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search({ q: 'poterie céramique', page });
      const body = res.json().results;
      expect(body).toMatchObject({ page, pageSize: SEARCH_PAGE_SIZE, total: pottery.length });
      seen.push(...body.concours.map((c: { id: number }) => c.id));
    }
    expect(seen).toHaveLength(pottery.length);
    expect(new Set(seen)).toEqual(new Set(pottery));
    // Equal ranks: the contest ending first comes first.
    const ends = new Map((await t.ctx.db.select({ id: contests.id, endDate: contests.endDate }).from(contests)).map((r) => [r.id, r.endDate?.getTime() ?? 0]));
    const endsSeen = seen.map((id) => ends.get(id)!);
    expect(endsSeen).toEqual([...endsSeen].sort((a, b) => a - b));
    const past = (await search({ q: 'poterie', page: 4 })).json().results;
    expect(past).toMatchObject({ concours: [], total: pottery.length });
    // Without words too, a page past the last still tells how many there are.
    const open = (await search({})).json().results.total;
    expect((await search({ page: 50 })).json().results).toMatchObject({ concours: [], total: open });
  });

  it('without words, lists every open contest, ending first first', async () => {
    const res = (await search({})).json().results;
    expect(res.total).toBe(5 + pottery.length);
    expect(res.concours[0].id).toBe(ids.jingle);
  });

  it('finds a contest by its new brief as soon as it is changed, and forgets a closed one', async () => {
    expect(await found({ q: 'croissant' })).toEqual([]);
    await t.ctx.db.update(contests).set({ message: 'Un emballage pour nos croissants.' }).where(eq(contests.id, ids.card!));
    expect(await found({ q: 'croissants' })).toEqual([ids.card]);
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, ids.card!));
    expect(await found({ q: 'croissants' })).toEqual([]);
    await t.ctx.db.update(contests).set({ status: 2 }).where(eq(contests.id, ids.card!));
  });

  it('serves a search again from memory, and drops it when a contest it shows changes', async () => {
    await t.ctx.caches!.invalidation.caughtUp();
    expect(await found({ q: 'matinale' })).toEqual([]);
    expect((await countQueries(t.ctx, () => search({ q: 'matinale' }))).count).toBe(0);
    // A member's own marks come from their kept set: no query either, once it is read.
    await search({ q: 'matinale' }, member);
    expect((await countQueries(t.ctx, () => search({ q: 'matinale' }, member))).count).toBe(0);
    await t.ctx.db.update(contests).set({ message: 'Une courte musique pour notre matinale.' }).where(eq(contests.id, ids.jingle!));
    expect(await found({ q: 'matinale' })).toEqual([ids.jingle]);
  });

  it('reads a question once for all the orders and cases of its plain words, and keeps the order of any other', async () => {
    await t.ctx.caches!.invalidation.caughtUp();
    const first = await search({ q: 'poterie  céramique atelier' });
    expect(first.statusCode).toBe(200);
    for (const q of ['Atelier poterie céramique', 'CÉRAMIQUE atelier Poterie']) {
      expect((await countQueries(t.ctx, () => search({ q }))).count, q).toBe(0);
      expect((await search({ q })).json().results, q).toEqual(first.json().results);
    }
    // A phrase or an excluded word is asked as written: « -logo boulangerie » is not « boulangerie -logo » reordered.
    expect(await found({ q: 'boulangerie -logo -site' })).toEqual([ids.bakeryName]);
    expect((await countQueries(t.ctx, () => search({ q: '-logo boulangerie -site' }))).count).toBeGreaterThan(0);
    expect(await found({ q: '"boulangérie de quartier"' })).toEqual([ids.bakeryLogo]);
    expect(await found({ q: '"quartier de boulangérie"' })).toEqual([]);
  });

  it('answers 20 identical searches at once with the same page', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => search({ q: 'poterie', page: 2 })));
    const bodies = answers.map((res) => (expect(res.statusCode).toBe(200), res.json().results.concours.map((c: { id: number }) => c.id)));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('refuses bad input with a French 400', async () => {
    const refused = async (query: Record<string, string | number>, text: string | RegExp) => {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message.message).toMatch(text);
    };
    await refused({ q: 'a'.repeat(101) }, MESSAGES.search.queryTooLong(100));
    await refused({ page: 0 }, /Page/);
    await refused({ page: 51 }, /Page/);
    await refused({ page: 'deux' }, /Page/);
    await refused({ minPrize: 50_000, maxPrize: 10_000 }, MESSAGES.search.badPrizeRange);
    await refused({ minPrize: -1 }, /Prix minimum/);
    await refused({ maxPrize: 'beaucoup' }, /Prix maximum/);
    await refused({ format: 9 }, MESSAGES.search.unknownFormat);
    await refused({ endingSoon: 'peut-être' }, MESSAGES.search.badEndingSoon);
    await refused({ idCategory: -3 }, /Catégorie/);
  });

  it('takes any text as words, never as SQL or as a broken query', async () => {
    for (const q of ["'; drop table contests; --", '!!! & | :*', '"', '-', 'le la les']) {
      const res = await search({ q });
      expect(res.statusCode, q).toBe(200);
    }
    expect((await found({ q: 'poterie' })).length).toBe(SEARCH_PAGE_SIZE);
  });
});
