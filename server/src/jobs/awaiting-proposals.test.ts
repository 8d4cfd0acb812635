import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWAITING_REMINDER_DELAY_MS, HOUR_MS, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildProposal, buildUser, mailsSent, type TestUser } from '../test/factories';
import { awaitingAnswer, notifications, participations } from '../db/schema';
import { remindAwaitingProposals } from './awaiting-proposals';
import { mailNotifications } from './mail-notifications';
import { jobs } from './index';

const F = MESSAGES.feedback;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reminders = (organiser: TestUser) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, organiser.id), eq(notifications.kind, 'proposals_awaiting')));
const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: user.headers, payload });

/** An organiser's contest (open unless told) with `n` proposals sent now. */
async function contestWith(n: number, overrides: Parameters<typeof buildContest>[2] = {}) {
  const organiser = await buildUser(t.ctx, { withProvider: true });
  const contest = await buildContest(t.ctx, organiser, { companyName: 'Atelier Lumière', ...overrides });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await buildProposal(t.ctx, contest.id, await buildUser(t.ctx, { withProvider: true })));
  return { organiser, contest, ids };
}

describe('reminder of proposals without an answer', () => {
  it('is a scheduled pass', () => {
    expect(jobs.find((j) => j.run === remindAwaitingProposals)?.cron).toBe('*/5 * * * *');
  });

  it('tells the organiser once, 48 hours after the proposals were sent, with a mail; never twice for them', async () => {
    const s = await contestWith(2);
    t.clock.advance(AWAITING_REMINDER_DELAY_MS - HOUR_MS);
    await remindAwaitingProposals(t.ctx);
    expect(await reminders(s.organiser)).toHaveLength(0);

    t.clock.advance(HOUR_MS);
    await remindAwaitingProposals(t.ctx);
    const told = await reminders(s.organiser);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ text: F.notifications.awaiting(2, 'Atelier Lumière', '48 heures'), link: `/participations/${s.contest.id}`, contestId: s.contest.id });
    expect(told[0]!.text).toBe('2 propositions attendent votre avis depuis plus de 48 heures sur «\u00a0Atelier Lumière\u00a0»\u00a0: notez-les ou commentez-les.');
    await mailNotifications(t.ctx);
    await mailsSent(t.ctx.queue);
    const mails = (await t.outbox.list(1000)).filter((m) => m.to === s.organiser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: MESSAGES.followUp.mails.subjects.proposalsAwaiting('Atelier Lumière'), link: `http://localhost:3000/participations/${s.contest.id}` });

    // Days later, still unanswered: no second reminder for the same proposals.
    for (let day = 0; day < 3; day++) {
      t.clock.advance(24 * HOUR_MS);
      await remindAwaitingProposals(t.ctx);
    }
    expect(await reminders(s.organiser)).toHaveLength(1);

    // A proposal that arrives later is a new batch: its own reminder, counting it alone.
    const late = await buildProposal(t.ctx, s.contest.id, await buildUser(t.ctx, { withProvider: true }));
    t.clock.advance(AWAITING_REMINDER_DELAY_MS);
    await remindAwaitingProposals(t.ctx);
    await remindAwaitingProposals(t.ctx);
    const now = await reminders(s.organiser);
    expect(now).toHaveLength(2);
    expect(now.map((n) => n.text)).toContain(F.notifications.awaiting(1, 'Atelier Lumière', '48 heures'));
    expect(late).toBeGreaterThan(0);
  });

  it('leaves out proposals starred or commented, and tells nobody when all were answered', async () => {
    const s = await contestWith(3);
    expect((await post(s.organiser, '/participation/stars/update', { idParticipation: s.ids[0], stars: 4 })).statusCode).toBe(200);
    expect((await post(s.organiser, '/participation/comment', { idParticipation: s.ids[1], comment: 'Intéressant, à développer.' })).statusCode).toBe(200);
    const answered = await contestWith(2);
    for (const id of answered.ids) expect((await post(answered.organiser, '/participation/stars/update', { idParticipation: id, stars: 2 })).statusCode).toBe(200);

    t.clock.advance(AWAITING_REMINDER_DELAY_MS);
    await remindAwaitingProposals(t.ctx);
    const told = await reminders(s.organiser);
    expect(told.map((n) => n.text)).toEqual([F.notifications.awaiting(1, 'Atelier Lumière', '48 heures')]);
    expect(await reminders(answered.organiser)).toHaveLength(0);
  });

  it('tells nobody about a contest no longer judged (finalised, finished, closed)', async () => {
    const organisers = [];
    for (const status of [4, 5, -1]) organisers.push((await contestWith(1, { status })).organiser);
    t.clock.advance(AWAITING_REMINDER_DELAY_MS);
    await remindAwaitingProposals(t.ctx);
    for (const o of organisers) expect(await reminders(o)).toHaveLength(0);
    // At 3 (ended, winner not chosen yet) the organiser still judges.
    const ended = await contestWith(1, { status: 3 });
    t.clock.advance(AWAITING_REMINDER_DELAY_MS);
    await remindAwaitingProposals(t.ctx);
    expect(await reminders(ended.organiser)).toHaveLength(1);
  });

  it('sends one reminder when passes run at once', async () => {
    const many = [await contestWith(3), await contestWith(2), await contestWith(1)];
    t.clock.advance(AWAITING_REMINDER_DELAY_MS);
    await Promise.all(Array.from({ length: 6 }, () => remindAwaitingProposals(t.ctx)));
    for (const s of many) expect(await reminders(s.organiser)).toHaveLength(1);
  });

  it('is reached by the dev rewind of the contest', async () => {
    const s = await contestWith(1);
    // Signed in now: the clock moved days ahead in the tests before.
    const admin = await buildUser(t.ctx, { isAdmin: true });
    const res = await post(admin, `/dev/contests/${s.contest.id}/rewind`, { hours: 48 });
    expect(res.statusCode).toBe(200);
    expect(await reminders(s.organiser)).toHaveLength(1);
  });
});

describe('My contests: proposals awaiting an answer', () => {
  it('counts, per contest the organiser judges, the proposals with neither stars nor comment', async () => {
    const s = await contestWith(3);
    await post(s.organiser, '/participation/stars/update', { idParticipation: s.ids[0], stars: 5 });
    await post(s.organiser, '/participation/comment', { idParticipation: s.ids[1], comment: 'Bien vu.' });
    const ended = await buildContest(t.ctx, s.organiser, { status: 3 });
    await buildProposal(t.ctx, ended.id, await buildUser(t.ctx, { withProvider: true }));
    const finalised = await buildContest(t.ctx, s.organiser, { status: 4 });
    await buildProposal(t.ctx, finalised.id, await buildUser(t.ctx, { withProvider: true }));
    const res = await t.app.inject({ method: 'GET', url: '/api/user/concours/organisateur?page=1&pageSize=5', headers: s.organiser.headers });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().results.rows as { id: number; awaiting: number | null }[]).map((r) => [r.id, r.awaiting]));
    expect(byId.get(s.contest.id)).toBe(1);
    expect(byId.get(ended.id)).toBe(1);
    expect(byId.get(finalised.id)).toBeNull();
    // The talent's side has no such count.
    const talent = await buildUser(t.ctx, { withProvider: true });
    await buildProposal(t.ctx, s.contest.id, talent);
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/concours/participant', headers: talent.headers });
    expect(mine.json().results.rows[0].awaiting).toBeNull();
  });

  it('reads the count from its partial index', async () => {
    const plan = await t.ctx.db.transaction(async (tx) => {
      // With sequential scans priced out, the plan names the index the count can use.
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select count(*) from ${participations} where ${participations.contestId} = 1 and ${awaitingAnswer}`);
    });
    expect(JSON.stringify(plan)).toContain('participations_awaiting_idx');
  });
});
