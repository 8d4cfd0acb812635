import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { buildOrganiser, buildUser } from '../test/factories';
import { contests, notifications, payments } from '../db/schema';
import { balanceOf } from '../modules/ledger/ledger';
import { seedDemoContests } from './contests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seedDemoContests', () => {
  it('does nothing without the demo organiser', async () => {
    await buildUser(t.ctx);
    await seedDemoContests(t.ctx, () => {});
    expect(await t.ctx.db.select().from(contests)).toHaveLength(0);
  });

  it('creates a dozen contests: open ones paid through the ledger, one awaiting payment, one ended; once', async () => {
    const organiser = await buildOrganiser(t.ctx, { email: 'organisateur@creadefi.fr' });
    const lines: string[] = [];
    await seedDemoContests(t.ctx, (l) => lines.push(l));
    const rows = await t.ctx.db.select().from(contests);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.every((r) => r.ownerId === organiser.id)).toBe(true);
    expect(new Set(rows.map((r) => r.categoryId)).size).toBe(7);
    const now = t.clock.now().getTime();
    const open = rows.filter((r) => r.status === 2);
    expect(open.length).toBeGreaterThanOrEqual(8);
    for (const c of open) {
      expect(c.endDate!.getTime()).toBeGreaterThan(now);
      expect(c.prizesPaid).toBe(1);
      expect(await balanceOf(t.ctx.db, `escrow:${c.id}`)).toBe(c.costCents);
    }
    expect(new Set(open.map((c) => Math.floor((c.endDate!.getTime() - now) / 86_400_000))).size).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.status === 1)).toHaveLength(1);
    const ended = rows.filter((r) => r.status === 3);
    expect(ended).toHaveLength(1);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.contestId, ended[0]!.id))).toHaveLength(1);
    expect((await t.ctx.db.select().from(payments)).every((p) => p.status === 'succeeded')).toBe(true);
    expect(lines.join('\n')).toContain('Concours de démonstration');
    // One open contest of each format beyond the default, priced with its option.
    for (const format of ['isPrivate', 'proposalsOpen', 'hasFinalRound'] as const) {
      expect(open.filter((c) => c[format]), format).toHaveLength(1);
    }
    expect(rows.filter((r) => r.isPrivate || r.proposalsOpen || r.hasFinalRound)).toHaveLength(3);

    await seedDemoContests(t.ctx, () => {});
    expect(await t.ctx.db.select().from(contests)).toHaveLength(rows.length);
  });
});
