import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ConversationGroupDto, ConversationListPage } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { contests, notifications, participations, subCategories, users } from '../../db/schema';

const ORGANISER = '/api/message/read/byConcours';
const TALENT = '/api/message/read/byParticipation';

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

async function list(user: TestUser, url: string): Promise<ConversationListPage> {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
}

/** The conversation of `idParticipation` in a page, if listed. */
function find(page: ConversationListPage, idParticipation: number): (ConversationGroupDto['conversations'][number] & { group: Omit<ConversationGroupDto, 'conversations'> }) | undefined {
  for (const { conversations, ...group } of page.concours) {
    const found = conversations.find((c) => c.idParticipation === idParticipation);
    if (found) return { ...found, group };
  }
  return undefined;
}

/** Reads until the caches are trusted again, then once more: the next read is from memory. */
async function warm(...reads: [TestUser, string][]): Promise<void> {
  await t.ctx.caches!.invalidation.caughtUp();
  for (const [user, url] of reads) await list(user, url);
}

const send = (user: TestUser, idParticipation: number, message: string) =>
  t.app.inject({ method: 'POST', url: '/api/message/create', headers: user.headers, payload: { idParticipation, message } });

describe('the conversation lists kept in memory', () => {
  it('are announced every update of a participation and of a message, whatever the column', async () => {
    const result = await t.ctx.db.execute(
      sql`select tgname, tgattr::text cols from pg_trigger where tgname in ('participations_announce_lists_update', 'messages_announce_conversations_update') order by tgname`,
    );
    const rows = (result as unknown as { rows: { tgname: string; cols: string }[] }).rows;
    expect(rows.map((r) => r.tgname)).toEqual(['messages_announce_conversations_update', 'participations_announce_lists_update']);
    for (const row of rows) expect(row.cols.trim()).toBe('');
  });

  it('serve each member their own pages without the database', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const proposal = await buildProposal(t.ctx, contest.id, talent);
    await warm([organiser, ORGANISER], [talent, TALENT], [other, TALENT], [organiser, `${ORGANISER}?enCours=true`]);
    expect((await countQueries(t.ctx, () => list(organiser, ORGANISER))).count).toBe(0);
    expect((await countQueries(t.ctx, () => list(talent, TALENT))).count).toBe(0);
    expect(find(await list(organiser, ORGANISER), proposal)).toMatchObject({ role: 'organiser', counterpart: { id: talent.id } });
    expect(find(await list(talent, TALENT), proposal)).toMatchObject({ role: 'participant', counterpart: { id: organiser.id } });
    expect(find(await list(other, TALENT), proposal)).toBeUndefined();
    // The talent's own list as an organiser is another page: empty.
    expect(find(await list(talent, ORGANISER), proposal)).toBeUndefined();
  });

  it('show each change at the next request, on both sides', async () => {
    const contest = await buildContest(t.ctx, organiser);
    const proposal = await buildProposal(t.ctx, contest.id, talent);
    const both: [TestUser, string][] = [
      [organiser, ORGANISER],
      [talent, TALENT],
      [organiser, `${ORGANISER}?enCours=true`],
      [talent, `${TALENT}?enCours=true`],
    ];
    await warm(...both);

    // A message: both sides see it as the last one, the organiser as unread until they open it.
    expect((await send(talent, proposal, 'Voici une variante en bleu.')).statusCode).toBe(200);
    expect(find(await list(talent, TALENT), proposal)).toMatchObject({ unread: 0, lastMessage: { message: 'Voici une variante en bleu.' } });
    // The organiser learns of it by its live event, which PostgreSQL delivers with the
    // announcement, after it: their next request comes once it is in.
    await t.ctx.caches!.invalidation.caughtUp();
    expect(find(await list(organiser, ORGANISER), proposal)).toMatchObject({ unread: 1, lastMessage: { message: 'Voici une variante en bleu.' } });
    await warm(...both);
    expect((await t.app.inject({ method: 'GET', url: `/api/message/readByParticipant/${proposal}`, headers: organiser.headers })).statusCode).toBe(200);
    expect(find(await list(organiser, ORGANISER), proposal)).toMatchObject({ unread: 0 });

    // Another talent's proposal joins the organiser's list.
    await warm(...both);
    const second = await buildProposal(t.ctx, contest.id, other);
    expect(find(await list(organiser, ORGANISER), second)).toMatchObject({ counterpart: { id: other.id } });

    // A proposal withdrawn without a message leaves it; chosen, the winner shows as such.
    await warm(...both, [other, TALENT]);
    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, second));
    expect(find(await list(organiser, ORGANISER), second)).toBeUndefined();
    expect(find(await list(other, TALENT), second)).toBeUndefined();
    await t.ctx.db.update(participations).set({ isWinner: true }).where(eq(participations.id, proposal));
    expect(find(await list(talent, TALENT), proposal)).toMatchObject({ isWinner: true });

    // The contest's company and sub-category, then its end: gone from the running lists only.
    await warm(...both);
    await t.ctx.db.update(contests).set({ companyName: 'Boulangerie Martin' }).where(eq(contests.id, contest.id));
    expect(find(await list(talent, TALENT), proposal)?.group.companyName).toBe('Boulangerie Martin');
    const [sub] = await t.ctx.db.select({ id: subCategories.id, title: subCategories.title }).from(subCategories).where(sql`${subCategories.id} <> ${contest.subCategoryId}`).limit(1);
    await warm(...both);
    await t.ctx.db.update(contests).set({ subCategoryId: sub!.id }).where(eq(contests.id, contest.id));
    expect(find(await list(organiser, ORGANISER), proposal)?.group.subCategory).toEqual({ id: sub!.id, name: sub!.title });
    await warm(...both);
    await t.ctx.db.update(contests).set({ status: 5 }).where(eq(contests.id, contest.id));
    expect(find(await list(organiser, `${ORGANISER}?enCours=true`), proposal)).toBeUndefined();
    expect(find(await list(talent, `${TALENT}?enCours=true`), proposal)).toBeUndefined();
    expect(find(await list(talent, TALENT), proposal)?.group.status).toBe(5);

    // Names: the other side's pseudonym, the sub-category's title.
    await warm(...both);
    await t.ctx.db.update(users).set({ pseudo: `${talent.pseudo}_bis` }).where(eq(users.id, talent.id));
    expect(find(await list(organiser, ORGANISER), proposal)?.counterpart.pseudo).toBe(`${talent.pseudo}_bis`);
    await t.ctx.db.update(users).set({ pseudo: talent.pseudo }).where(eq(users.id, talent.id));
    await warm(...both);
    await t.ctx.db.update(subCategories).set({ title: `${sub!.title} (renommée)` }).where(eq(subCategories.id, sub!.id));
    expect(find(await list(talent, TALENT), proposal)?.group.subCategory.name).toBe(`${sub!.title} (renommée)`);
    await t.ctx.db.update(subCategories).set({ title: sub!.title }).where(eq(subCategories.id, sub!.id));

    // A participation deleted (with its messages): gone from both sides.
    await warm(...both);
    await t.ctx.db.delete(notifications).where(eq(notifications.participationId, proposal));
    await t.ctx.db.delete(participations).where(eq(participations.id, proposal));
    expect(find(await list(organiser, ORGANISER), proposal)).toBeUndefined();
    expect(find(await list(talent, TALENT), proposal)).toBeUndefined();
  });

  it('keep the next pages of a list by their cursor, and drop them with the rest of the member’s pages', async () => {
    const busy = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, busy);
    const talents = await Promise.all(Array.from({ length: 3 }, () => buildUser(t.ctx)));
    const ids = [];
    for (const one of talents) ids.push(await buildProposal(t.ctx, contest.id, one));
    await t.ctx.caches!.invalidation.caughtUp();
    const first = await list(busy, `${ORGANISER}?pageSize=2`);
    expect(first.suivant).not.toBeNull();
    const nextUrl = `${ORGANISER}?pageSize=2&apres=${first.suivant}`;
    const next = await list(busy, nextUrl);
    expect((await countQueries(t.ctx, () => list(busy, nextUrl))).count).toBe(0);
    const last = next.concours[0]!.conversations[0]!.idParticipation;
    expect(ids).toContain(last);
    await t.ctx.db.update(participations).set({ isParticipating: false }).where(eq(participations.id, last));
    expect(find(await list(busy, nextUrl), last)).toBeUndefined();
  });
});
