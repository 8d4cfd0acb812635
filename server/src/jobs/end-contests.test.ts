import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildUser } from '../test/factories';
import { contests, notifications } from '../db/schema';
import { endContests } from './end-contests';
import { jobs } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('end of contests', () => {
  it('is scheduled every minute', () => {
    expect(jobs.find((j) => j.run === endContests)?.cron).toBe('* * * * *');
  });

  it('moves open contests past their end date to 3 once, tells each organiser, and catches up after downtime', async () => {
    const organiser = await buildUser(t.ctx);
    const now = t.clock.now().getTime();
    const due: (typeof contests.$inferSelect)[] = [];
    for (let i = 0; i < 7; i++) due.push(await buildContest(t.ctx, organiser, { endDate: new Date(now - i * DAY) }));
    const later = await buildContest(t.ctx, organiser, { endDate: new Date(now + 60_000) });
    const unpaid = await buildContest(t.ctx, organiser, { status: 1, endDate: new Date(now - DAY) });
    const finalised = await buildContest(t.ctx, organiser, { status: 4, endDate: new Date(now - DAY) });

    // Two instances run the job at the same moment.
    const [a, b] = await Promise.all([endContests(t.ctx), endContests(t.ctx)]);
    expect(a + b).toBe(7);
    const rows = await t.ctx.db.select().from(contests).where(inArray(contests.id, due.map((c) => c.id)));
    expect(rows.every((r) => r.status === 3 && r.endedAt?.getTime() === now)).toBe(true);
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, organiser.id));
    expect(notes).toHaveLength(7);
    expect(new Set(notes.map((n) => n.contestId))).toEqual(new Set(due.map((c) => c.id)));
    const first = notes.find((n) => n.contestId === due[0]!.id)!;
    expect(first).toMatchObject({ kind: 'contest_ended', text: MESSAGES.notifications.contestEnded(due[0]!.companyName), link: `/participations/${due[0]!.id}`, readAt: null });

    expect(await endContests(t.ctx)).toBe(0);
    for (const c of [later, unpaid, finalised]) {
      const [row] = await t.ctx.db.select().from(contests).where(eq(contests.id, c.id));
      expect(row!.status).toBe(c.status);
    }

    t.clock.advance(60_000);
    expect(await endContests(t.ctx)).toBe(1);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, organiser.id))).toHaveLength(8);
  });

  it('drains more than one batch in one pass', async () => {
    const organiser = await buildUser(t.ctx);
    const past = new Date(t.clock.now().getTime() - 1000);
    await t.ctx.db.insert(contests).values(
      Array.from({ length: 230 }, (_, i) => ({
        ownerId: organiser.id,
        categoryId: 1,
        subCategoryId: 1,
        status: 2,
        companyName: `Lot ${i}`,
        companySkills: 'x',
        target: 'x',
        message: 'x',
        costCents: 24_000,
        endDate: past,
      })),
    );
    const [a, b] = await Promise.all([endContests(t.ctx), endContests(t.ctx)]);
    expect(a + b).toBe(230);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.userId, organiser.id))).toHaveLength(230);
  });
});
