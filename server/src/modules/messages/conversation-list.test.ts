import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type ConversationGroupDto, type ConversationListPage } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { participations } from '../../db/schema';
import { encodeCursor } from './cursor';

const M = MESSAGES.messaging;
const ORGANISER = '/api/message/read/byConcours';
const TALENT = '/api/message/read/byParticipation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Conversation {
  id: number;
  contestId: number;
  userId: number;
  /** Its activity, to the microsecond: the last message, or the proposal without one. */
  at: string;
}

/**
 * A participation written straight with its times, to the microsecond: ties and times one
 * microsecond apart are what a cursor rounded to the millisecond would get wrong.
 */
async function conversation(contestId: number, talent: { id: number }, times: { created: string; lastMessage?: string; participating?: boolean }): Promise<Conversation> {
  const [row] = await t.ctx.db
    .insert(participations)
    .values({
      contestId,
      userId: talent.id,
      isParticipating: times.participating ?? true,
      createdAt: sql`${times.created}::timestamptz`,
      lastMessageAt: times.lastMessage ? sql`${times.lastMessage}::timestamptz` : null,
    })
    .returning({ id: participations.id });
  return { id: row!.id, contestId, userId: talent.id, at: times.lastMessage ?? times.created };
}

/** The lists' order: most recent first, then the higher participation id. */
const byActivity = (a: Conversation, b: Conversation) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);

/** The page the server should give for these rows: groups in the order of their first row. */
function grouped(rows: Conversation[]): { id: number; conversations: { idParticipation: number; activityAt: string }[] }[] {
  const groups = new Map<number, { id: number; conversations: { idParticipation: number; activityAt: string }[] }>();
  for (const r of rows) {
    if (!groups.has(r.contestId)) groups.set(r.contestId, { id: r.contestId, conversations: [] });
    groups.get(r.contestId)!.conversations.push({ idParticipation: r.id, activityAt: `${r.at.slice(0, 23)}Z` });
  }
  return [...groups.values()];
}

const list = (user: TestUser, path: string, query = '') => t.app.inject({ method: 'GET', url: `${path}${query}`, headers: user.headers });

/** Every page of a list, following `suivant` to the end. */
async function allPages(user: TestUser, path: string, params: Record<string, string>): Promise<ConversationListPage[]> {
  const pages: ConversationListPage[] = [];
  let apres: string | null = null;
  do {
    const query = new URLSearchParams(params);
    if (apres) query.set('apres', apres);
    const res = await list(user, path, `?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().results as ConversationListPage;
    pages.push(page);
    apres = page.suivant;
    expect(pages.length).toBeLessThan(100);
  } while (apres);
  return pages;
}

const shape = (groups: ConversationGroupDto[]) => groups.map((g) => ({ id: g.id, conversations: g.conversations.map((c) => ({ idParticipation: c.idParticipation, activityAt: c.activityAt })) }));
const idsOf = (pages: ConversationListPage[]) => pages.flatMap((p) => p.concours.flatMap((g) => g.conversations.map((c) => c.idParticipation)));

/** Pages of `size` cut from the expected order, as the server must return them. */
function expectPages(pages: ConversationListPage[], expected: Conversation[], size: number) {
  expect(pages).toHaveLength(Math.max(1, Math.ceil(expected.length / size)));
  pages.forEach((page, i) => expect(shape(page.concours), `page ${i + 1}`).toEqual(grouped(expected.slice(i * size, (i + 1) * size))));
  expect(pages.at(-1)!.suivant).toBeNull();
  const ids = idsOf(pages);
  expect(new Set(ids).size).toBe(ids.length);
}

describe('conversation lists, paged by most recent activity', () => {
  let organiser: TestUser;
  let talents: TestUser[];
  let mine: Conversation[];
  let running: Conversation[];
  let otherOrganiser: TestUser;
  let theirs: Conversation[];

  beforeAll(async () => {
    organiser = await buildUser(t.ctx);
    otherOrganiser = await buildUser(t.ctx);
    talents = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildUser(t.ctx)));
    const [open, judging, finished, cancelled, finalised] = await Promise.all([2, 3, 5, -1, 4].map((status) => buildContest(t.ctx, organiser, { status })));
    // Times chosen to tie (the same microsecond), to sit one microsecond apart within one
    // millisecond, and to come from the proposal when no message was written.
    const times: { contest: number; created: string; lastMessage?: string }[] = [
      { contest: open!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: open!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: open!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123455Z' },
      { contest: open!.id, created: '2030-01-02T10:00:00.123457Z' },
      { contest: open!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-03T08:00:00.000000Z' },
      { contest: judging!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: judging!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: judging!.id, created: '2030-01-01T12:00:00.000000Z' },
      { contest: finished!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-04T09:00:00.000001Z' },
      { contest: finished!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-04T09:00:00.000000Z' },
      { contest: finished!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: cancelled!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-04T08:00:00.000000Z' },
      { contest: cancelled!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: finalised!.id, created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' },
      { contest: finalised!.id, created: '2030-01-01T11:00:00.000000Z' },
    ];
    const used = new Map<number, number>();
    mine = [];
    for (const time of times) {
      const n = used.get(time.contest) ?? 0;
      used.set(time.contest, n + 1);
      mine.push(await conversation(time.contest, talents[n]!, time));
    }
    mine.sort(byActivity);
    const runningIds = new Set([open!.id, judging!.id, finalised!.id]);
    running = mine.filter((c) => runningIds.has(c.contestId));

    // An empty participation without a message is no conversation.
    await conversation(open!.id, talents[5]!, { created: '2030-01-05T00:00:00.000000Z', participating: false });
    // Another organiser's contest, where the same talents write, and a contest of a talent's own.
    const elsewhere = await buildContest(t.ctx, otherOrganiser);
    const ownContest = await buildContest(t.ctx, talents[0]!);
    theirs = [
      await conversation(elsewhere.id, talents[0]!, { created: '2030-01-01T09:00:00.000000Z', lastMessage: '2030-01-02T10:00:00.123456Z' }),
      await conversation(elsewhere.id, talents[1]!, { created: '2030-01-06T09:00:00.000000Z' }),
      await conversation(ownContest.id, talents[1]!, { created: '2030-01-02T10:00:00.123456Z' }),
    ];
  });

  it('gives every conversation exactly once, most recent first, whatever the page size', async () => {
    for (const size of [1, 2, 4, 7, 15, 30]) {
      const pages = await allPages(organiser, ORGANISER, { pageSize: String(size) });
      expectPages(pages, mine, size);
    }
    // Without paging fields: the first page of 30, all of them here.
    const res = await list(organiser, ORGANISER);
    expect(shape(res.json().results.concours)).toEqual(grouped(mine));
    expect(res.json().results.suivant).toBeNull();
  });

  it('pages a talent’s conversations the same way, across organisers', async () => {
    const talent = talents[0]!;
    const expected = [...mine, ...theirs].filter((c) => c.userId === talent.id).sort(byActivity);
    expect(expected.length).toBe(6);
    expectPages(await allPages(talent, TALENT, { pageSize: '2' }), expected, 2);
    expectPages(await allPages(talent, TALENT, {}), expected, 30);
  });

  it('filters on the server while "Seulement les concours en cours" is on, so that pages stay full', async () => {
    // The three most recent conversations are in finished or cancelled contests.
    expect(mine.slice(0, 3).every((c) => !running.includes(c))).toBe(true);
    for (const size of [1, 3, 30]) {
      expectPages(await allPages(organiser, ORGANISER, { enCours: 'true', pageSize: String(size) }), running, size);
    }
    const first = (await list(organiser, ORGANISER, '?enCours=true&pageSize=3')).json().results as ConversationListPage;
    expect(first.concours.every((g) => g.status !== 5 && g.status !== -1)).toBe(true);
    expect(idsOf([first])).toHaveLength(3);
    expectPages(await allPages(organiser, ORGANISER, { enCours: 'false', pageSize: '5' }), mine, 5);
  });

  it('never shows anyone else’s conversations, a cursor taken from another list included', async () => {
    const others = (await allPages(otherOrganiser, ORGANISER, {})).flatMap((p) => p.concours);
    expect(others.flatMap((g) => g.conversations.map((c) => c.idParticipation)).sort()).toEqual([theirs[0]!.id, theirs[1]!.id].sort());
    const mineIds = new Set(idsOf(await allPages(organiser, ORGANISER, {})));
    expect(theirs.some((c) => mineIds.has(c.id))).toBe(false);
    // A talent organises nothing, or only their own contest; their proposals stay on the other side.
    expect(idsOf(await allPages(talents[1]!, ORGANISER, {}))).toEqual([]);
    expect(idsOf(await allPages(talents[0]!, ORGANISER, {}))).toEqual([theirs[2]!.id]);
    expect(idsOf(await allPages(talents[0]!, TALENT, {}))).not.toContain(theirs[2]!.id);
    expect(idsOf(await allPages(talents[1]!, TALENT, {}))).toContain(theirs[2]!.id);
    // A cursor is only a place in the order: another user following it still gets only theirs.
    const apres = encodeCursor({ at: '2030-12-31T00:00:00.000000Z', idParticipation: theirs[1]!.id });
    const res = await list(organiser, ORGANISER, `?apres=${apres}&pageSize=100`);
    expect(shape(res.json().results.concours)).toEqual(grouped(mine));
  });

  it('files every participation under its contest’s organiser, whatever a statement writes', async () => {
    // The organiser's list is read by this column alone: a wrong value would show a
    // conversation to someone else. The database sets it from the contest.
    const contest = await buildContest(t.ctx, organiser);
    const [row] = await t.ctx.db
      .insert(participations)
      .values({ contestId: contest.id, userId: talents[5]!.id, isParticipating: false, organiserId: otherOrganiser.id })
      .returning({ id: participations.id, organiserId: participations.organiserId });
    expect(row!.organiserId).toBe(organiser.id);
    const [updated] = await t.ctx.db
      .update(participations)
      .set({ organiserId: otherOrganiser.id })
      .where(eq(participations.id, row!.id))
      .returning({ organiserId: participations.organiserId });
    expect(updated!.organiserId).toBe(organiser.id);
  });

  it('refuses a malformed cursor or paging field with a French 400', async () => {
    const forged = (payload: string) => Buffer.from(payload).toString('base64url');
    const cursors = [
      'pas-un-curseur',
      'a+b/c',
      forged('2030-02-30T10:00:00.000000Z_12'),
      forged('2030-01-02T10:00:00.123Z_12'),
      forged('2030-01-02T10:00:00.123456Z_0'),
      forged('2030-01-02T10:00:00.123456Z_99999999999'),
      forged("2030-01-02T10:00:00.123456Z_1'; drop table messages; --"),
      'x'.repeat(201),
    ];
    for (const apres of cursors) {
      const res = await list(organiser, ORGANISER, `?apres=${encodeURIComponent(apres)}`);
      expect(res.statusCode, apres).toBe(400);
      expect(res.json().message.message, apres).toBe(M.badCursor);
    }
    for (const query of ['?pageSize=0', '?pageSize=101', '?pageSize=deux', '?enCours=oui']) {
      const res = await list(organiser, TALENT, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message.message, query).toBe(M.badListQuery);
    }
    expect((await t.app.inject({ method: 'GET', url: ORGANISER })).statusCode).toBe(401);
  });
});

describe('queries of a conversation page (no N+1)', () => {
  /** The queries of a page read from the database: the kept pages (conversation-list-cache.ts) are dropped first. */
  const countRead = (run: () => Promise<unknown>) => {
    t.ctx.caches!.conversations.clear();
    return countQueries(t.ctx, run);
  };

  it('a page costs the same number of queries with 2 conversations or 45, first page or next', async () => {
    const organiser = await buildUser(t.ctx);
    const talents = await Promise.all(Array.from({ length: 9 }, () => buildUser(t.ctx)));
    const contests = await Promise.all([2, 3, 4, 5, 2].map((status) => buildContest(t.ctx, organiser, { status })));
    await conversation(contests[0]!.id, talents[0]!, { created: '2030-02-01T09:00:00.000000Z' });
    await conversation(contests[1]!.id, talents[0]!, { created: '2030-02-01T09:00:00.000000Z', lastMessage: '2030-02-02T09:00:00.000000Z' });
    // Sessions are read once, then kept (http/viewer.ts).
    await list(organiser, ORGANISER);
    await list(talents[3]!, TALENT);
    const small = await countRead(async () => expect(idsOf([(await list(organiser, ORGANISER)).json().results])).toHaveLength(2));

    for (const [c, contest] of contests.entries()) {
      for (const [i, talent] of talents.entries()) {
        if (i === 0 && c < 2) continue;
        await conversation(contest.id, talent, { created: `2030-02-0${1 + (i % 5)}T09:00:00.00000${c}Z`, lastMessage: i % 2 ? `2030-02-03T1${i}:00:00.000000Z` : undefined });
      }
    }
    let apres: string | null = null;
    const steps: Record<string, string>[] = [{}, { pageSize: '30' }, { enCours: 'true', pageSize: '10' }, { pageSize: '20' }];
    for (const params of steps) {
      const query = new URLSearchParams(params);
      if (apres) query.set('apres', apres);
      const large = await countRead(async () => {
        const res = await list(organiser, ORGANISER, `?${query}`);
        expect(res.statusCode).toBe(200);
        expect(idsOf([res.json().results]).length).toBeGreaterThan(2);
        apres = res.json().results.suivant;
      });
      expect(large.count, String(query)).toBe(small.count);
      const talentPage = await countRead(() => list(talents[3]!, TALENT, '?pageSize=2'));
      expect(talentPage.count).toBe(small.count);
    }
    // The page with everything it shows.
    expect(small.count).toBe(1);
  });
});
