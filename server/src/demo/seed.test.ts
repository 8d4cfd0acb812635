import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { contests, files, participations, users } from '../db/schema';
import { checkLedger } from '../modules/ledger/check';
import { talentProfile } from '../modules/talents/profile';
import { seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ previewWorker: false });
});
afterAll(() => t.close());

describe('seedDemoData', () => {
  it('fills an empty database once: accounts, contests, deliveries and rated image proposals, with the money balanced', async () => {
    const lines: string[] = [];
    await seedDemoData(t.ctx, (l) => lines.push(l));
    expect(await t.ctx.db.select().from(users)).toHaveLength(4);
    expect(lines.join('\n')).toContain('organisateur@creadefi.fr');

    const [logo] = await t.ctx.db.select().from(contests).where(eq(contests.companyName, 'Au Pain Doré'));
    expect(logo!.status).toBe(2);
    const entries = await t.ctx.db.select().from(participations).where(and(eq(participations.contestId, logo!.id), eq(participations.isParticipating, true)));
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.stars).sort()).toEqual([3, 5]);
    // Each waits for its marked preview, made by the job queue's worker.
    const images = await t.ctx.db.select().from(files).where(and(eq(files.kind, 'participation'), isNotNull(files.previewStatus)));
    expect(images.length).toBe(5);
    expect(images.every((f) => f.mime === 'image/png')).toBe(true);
    for (const f of images) expect(await t.ctx.files.stat(f.storageKey)).not.toBeNull();
    expect(await checkLedger(t.ctx.db)).toEqual([]);

    // The talents' public profiles have something to show: a bio, categories and a win.
    const profile = await talentProfile(t.ctx.db, 'Talent');
    expect(profile.bio).toContain('Graphiste');
    expect(profile.categories.length).toBe(2);
    expect(profile.wins).toBeGreaterThanOrEqual(1);

    const counts = async () => ({
      contests: (await t.ctx.db.select().from(contests)).length,
      participations: (await t.ctx.db.select().from(participations)).length,
      files: (await t.ctx.db.select().from(files)).length,
    });
    const before = await counts();
    await seedDemoData(t.ctx, () => {});
    expect(await counts()).toEqual(before);
  });
});
