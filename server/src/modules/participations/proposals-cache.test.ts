import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type ProposalsPage } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { contests, files, participations, resemblances, subCategories, talentStats, users } from '../../db/schema';

let t: TestApp;
let organiser: TestUser;
let talent: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  talent = await buildUser(t.ctx);
  other = await buildUser(t.ctx);
  admin = await buildUser(t.ctx, { isAdmin: true });
});
afterAll(() => t.close());

const get = (user: TestUser, contestId: number, query = '') => t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations${query}`, headers: user.headers });

async function page(user: TestUser, contestId: number, query = ''): Promise<ProposalsPage> {
  const res = await get(user, contestId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** Reads until the caches are trusted again, then once more: the next read is from memory. */
async function warm(contestId: number, query = ''): Promise<void> {
  await t.ctx.caches!.invalidation.caughtUp();
  await page(organiser, contestId, query);
}

async function withFile(participationId: number, uploader: TestUser): Promise<number> {
  const [file] = await t.ctx.db
    .insert(files)
    .values({ participationId, kind: 'participation', storageKey: `u/test/${participationId}`, filename: 'logo.png', mime: 'image/png', sizeBytes: 1000, sha256: '0'.repeat(64), uploadedBy: uploader.id })
    .returning({ id: files.id });
  return file!.id;
}

const proposal = (p: ProposalsPage, id: number) => p.participations.find((x) => x.idParticipation === id);

describe('the pages of proposals kept in memory', () => {
  it('are announced every update of a participation, a file and a contest, whatever the column', async () => {
    const result = await t.ctx.db.execute(
      sql`select tgname, tgattr::text cols from pg_trigger where tgname in ('participations_announce_lists_update', 'files_announce_proposals_update', 'contests_announce_lists') order by tgname`,
    );
    const rows = (result as unknown as { rows: { tgname: string; cols: string }[] }).rows;
    expect(rows.map((r) => r.tgname)).toEqual(['contests_announce_lists', 'files_announce_proposals_update', 'participations_announce_lists_update']);
    for (const row of rows) expect(row.cols.trim()).toBe('');
  });

  it('serve the organiser and the team without the database, and no one else', async () => {
    const contest = await buildContest(t.ctx, organiser);
    await withFile(await buildProposal(t.ctx, contest.id, talent), talent);
    await warm(contest.id);
    expect((await countQueries(t.ctx, () => page(organiser, contest.id))).count).toBe(0);
    expect((await page(admin, contest.id)).participations).toHaveLength(1);
    // Kept or not, a talent, another organiser and a visitor are refused as before.
    for (const user of [talent, other]) {
      const res = await get(user, contest.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(MESSAGES.participations.proposalsOrganiserOnly);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/concours/${contest.id}/participations` })).statusCode).toBe(401);
    expect((await get(organiser, 999_999)).statusCode).toBe(404);
  });

  it('show each change at the next request', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const first = await buildProposal(t.ctx, contest.id, talent);
    const fileId = await withFile(first, talent);
    await warm(contest.id);
    await warm(contest.id, '?filtre=high');

    // The organiser's own stars: the page, the counters and the filters.
    const rated = await t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: organiser.headers, payload: { idParticipation: first, stars: 4 } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(proposal(await page(organiser, contest.id), first)?.stars).toBe(4);
    expect((await page(organiser, contest.id, '?filtre=high')).participations.map((p) => p.idParticipation)).toEqual([first]);
    expect((await page(organiser, contest.id)).counts).toMatchObject({ unrated: 0, high: 1 });

    // A talent's new proposal, then its withdrawal.
    await warm(contest.id);
    const second = await buildProposal(t.ctx, contest.id, other);
    await withFile(second, other);
    expect(proposal(await page(organiser, contest.id), second)).toBeDefined();
    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, second));
    expect(proposal(await page(organiser, contest.id), second)).toBeUndefined();

    // The file's preview made in the background, then what the originality check found.
    await warm(contest.id);
    await t.ctx.db.update(files).set({ previewStatus: 'failed' }).where(eq(files.id, fileId));
    expect(proposal(await page(organiser, contest.id), first)?.fileParticipants[0]?.previewStatus).toBe('failed');
    await warm(contest.id);
    await t.ctx.db.insert(resemblances).values({ fileId, similarParticipationId: second, distance: 2 });
    expect(proposal(await page(organiser, contest.id), first)?.lookalikes).toEqual([{ kind: 'contest', number: expect.any(Number) }]);

    // The author's record, won elsewhere, and their pseudonym.
    await warm(contest.id);
    await t.ctx.db.update(talentStats).set({ wins: 1 }).where(eq(talentStats.userId, talent.id));
    expect(proposal(await page(organiser, contest.id), first)?.participant).toMatchObject({ level: 'confirme' });
    await warm(contest.id);
    await t.ctx.db.update(users).set({ pseudo: `${talent.pseudo}_bis` }).where(eq(users.id, talent.id));
    expect(proposal(await page(organiser, contest.id), first)?.participant.pseudo).toBe(`${talent.pseudo}_bis`);
    await t.ctx.db.update(users).set({ pseudo: talent.pseudo }).where(eq(users.id, talent.id));

    // The contest itself, and its sub-category's title.
    await warm(contest.id);
    await t.ctx.db.update(contests).set({ companyName: 'Boulangerie Martin' }).where(eq(contests.id, contest.id));
    expect((await page(organiser, contest.id)).concours.companyName).toBe('Boulangerie Martin');
    await warm(contest.id);
    const [sub] = await t.ctx.db.select({ title: subCategories.title }).from(subCategories).where(eq(subCategories.id, contest.subCategoryId));
    await t.ctx.db.update(subCategories).set({ title: `${sub!.title} (renommée)` }).where(eq(subCategories.id, contest.subCategoryId));
    expect((await page(organiser, contest.id)).concours.subCategory.name).toBe(`${sub!.title} (renommée)`);
    await t.ctx.db.update(subCategories).set({ title: sub!.title }).where(eq(subCategories.id, contest.subCategoryId));
  });
});
