import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { NDA_VERSION } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { contestNdaAcceptances, contestOptions, contests, options, participations, users } from '../../db/schema';

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

interface Page {
  id: number;
  message: string;
  status: number;
  isOwner: boolean;
  hasParticipated: boolean;
  participations: number;
  User: { id: number; pseudo: string | null };
  arrayOptions: { id: number; nom: string }[];
  subCategory: { options: { id: number; nom: string }[] };
  formats: { isPrivate: boolean; teaser: boolean };
}

async function page(user: TestUser, id: number): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/concours/read/${id}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.concours;
}

/** Reads until the caches are trusted again, then once more: the next read is from memory. */
async function warm(user: TestUser, id: number): Promise<void> {
  await t.ctx.caches!.invalidation.caughtUp();
  await page(user, id);
}

describe('the contest page kept in memory', () => {
  it('is announced a change to any column of a published public contest', async () => {
    const result = await t.ctx.db.execute(sql`select tgattr::text cols from pg_trigger where tgname = 'contests_announce_page_change'`);
    const rows = (result as unknown as { rows: { cols: string }[] }).rows;
    expect(rows).toHaveLength(1);
    // No column list: every update of the row is announced.
    expect(rows[0]!.cols.trim()).toBe('');
  });

  it('serves the same page to every member without the database, with their own flags', async () => {
    const contest = await buildContest(t.ctx, organiser);
    await buildProposal(t.ctx, contest.id, talent);
    await warm(talent, contest.id);
    await warm(other, contest.id);
    await warm(organiser, contest.id);
    expect((await countQueries(t.ctx, () => page(talent, contest.id))).count).toBe(0);
    expect((await countQueries(t.ctx, () => page(other, contest.id))).count).toBe(0);
    expect(await page(talent, contest.id)).toMatchObject({ id: contest.id, isOwner: false, hasParticipated: true, participations: 1 });
    expect(await page(other, contest.id)).toMatchObject({ isOwner: false, hasParticipated: false });
    expect(await page(organiser, contest.id)).toMatchObject({ isOwner: true, hasParticipated: false, User: { id: organiser.id, pseudo: organiser.pseudo } });
  });

  it('shows each change at the next request: the brief, the options, the catalogue, the organiser’s name, a proposal, the status', async () => {
    const contest = await buildContest(t.ctx, organiser);
    await warm(other, contest.id);

    await t.ctx.db.update(contests).set({ message: 'Un logo qui sent le pain chaud.' }).where(eq(contests.id, contest.id));
    expect((await page(other, contest.id)).message).toBe('Un logo qui sent le pain chaud.');

    const [offered] = await t.ctx.db.select({ id: options.id, nom: options.nom }).from(options).where(eq(options.subCategoryId, contest.subCategoryId)).limit(1);
    expect(offered).toBeDefined();
    await warm(other, contest.id);
    await t.ctx.db.insert(contestOptions).values({ contestId: contest.id, optionId: offered!.id, prixCents: 0 });
    expect((await page(other, contest.id)).arrayOptions.map((o) => o.id)).toEqual([offered!.id]);

    await warm(other, contest.id);
    await t.ctx.db.update(options).set({ nom: `${offered!.nom} (renommée)` }).where(eq(options.id, offered!.id));
    const renamed = await page(other, contest.id);
    expect(renamed.arrayOptions[0]!.nom).toBe(`${offered!.nom} (renommée)`);
    expect(renamed.subCategory.options.find((o) => o.id === offered!.id)?.nom).toBe(`${offered!.nom} (renommée)`);
    await t.ctx.db.update(options).set({ nom: offered!.nom }).where(eq(options.id, offered!.id));

    await warm(other, contest.id);
    await t.ctx.db.update(users).set({ pseudo: `${organiser.pseudo}_bis` }).where(eq(users.id, organiser.id));
    expect((await page(other, contest.id)).User.pseudo).toBe(`${organiser.pseudo}_bis`);
    await t.ctx.db.update(users).set({ pseudo: organiser.pseudo }).where(eq(users.id, organiser.id));

    await warm(other, contest.id);
    const proposal = await buildProposal(t.ctx, contest.id, other);
    expect(await page(other, contest.id)).toMatchObject({ hasParticipated: true, participations: 1 });
    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, proposal));
    expect(await page(other, contest.id)).toMatchObject({ hasParticipated: false });

    await warm(other, contest.id);
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    expect((await page(other, contest.id)).status).toBe(3);
  });

  it('never keeps a private contest: each reader gets the page their agreement allows', async () => {
    const contest = await buildContest(t.ctx, organiser);
    await warm(other, contest.id);
    // Made private after it was kept: the change drops it, and the teaser follows.
    await t.ctx.db.update(contests).set({ isPrivate: true }).where(eq(contests.id, contest.id));
    expect(await page(other, contest.id)).toMatchObject({ message: '', formats: { isPrivate: true, teaser: true } });
    await t.ctx.db.insert(contestNdaAcceptances).values({ contestId: contest.id, userId: talent.id, textVersion: NDA_VERSION, textSha256: 'x' });
    expect(await page(talent, contest.id)).toMatchObject({ message: contest.message, formats: { teaser: false } });
    await t.ctx.caches!.invalidation.caughtUp();
    // Read from the database each time, for whoever asks.
    expect((await countQueries(t.ctx, () => page(other, contest.id))).count).toBeGreaterThan(0);
    expect(await page(other, contest.id)).toMatchObject({ message: '', formats: { teaser: true } });
    expect(await t.ctx.db.select().from(contestNdaAcceptances).where(and(eq(contestNdaAcceptances.contestId, contest.id), eq(contestNdaAcceptances.userId, other.id)))).toHaveLength(0);
  });

  it('a draft stays its owner’s alone until it is published', async () => {
    const draft = await buildContest(t.ctx, organiser, { status: 1 });
    await t.ctx.caches!.invalidation.caughtUp();
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${draft.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await page(organiser, draft.id)).isOwner).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/read/${draft.id}`, headers: other.headers })).statusCode).toBe(404);
    // Published: a draft's entry announces nothing, and its readers are sent to the database.
    await t.ctx.db.update(contests).set({ status: 2, message: 'Publié.' }).where(eq(contests.id, draft.id));
    expect(await page(other, draft.id)).toMatchObject({ status: 2, message: 'Publié.', isOwner: false });
  });
});
