import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { buildContest, buildProposal, buildUser } from '../test/factories';
import { eq } from 'drizzle-orm';
import { files, users } from '../db/schema';
import { DiskFileStore } from '../adapters/files/disk';
import { newStorageKey } from '../adapters/files/port';
import { jobs } from './index';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './sweep-orphan-files';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Stores a few bytes under a new key, last written `ageMs` before the app's clock. */
async function stored(ageMs: number, key = newStorageKey('u')): Promise<string> {
  await t.ctx.files.write(key, Readable.from([Buffer.from(`contenu de ${key}`)]), { maxBytes: 1000 });
  const at = new Date(t.clock.now().getTime() - ageMs);
  await fs.utimes(path.join((t.ctx.files as DiskFileStore).root, ...key.split('/')), at, at);
  return key;
}

describe('sweep of files no row refers to', () => {
  it('is registered', () => {
    expect(jobs.some((j) => j.run === sweepOrphanFiles)).toBe(true);
  });

  it('removes day-old files without a row, and keeps referenced files, their previews and recent writes', async () => {
    const old = ORPHAN_MIN_AGE_MS + 60_000;
    const organiser = await buildUser(t.ctx);
    const talent = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser);
    const participationId = await buildProposal(t.ctx, contest.id, talent);
    const kept = await stored(old);
    const keptPreview = await stored(old, `${kept}-preview`);
    await t.ctx.db.insert(files).values({ participationId, kind: 'participation', storageKey: kept, previewKey: keptPreview, filename: 'logo.png', mime: 'image/png', sizeBytes: 10, sha256: '0'.repeat(64), uploadedBy: talent.id, createdAt: t.clock.now() });
    const orphans = [await stored(old), await stored(old), await stored(old, `${newStorageKey('u')}-preview`)];
    const recent = await stored(ORPHAN_MIN_AGE_MS - 60_000);

    expect(await sweepOrphanFiles(t.ctx)).toBe(3);
    for (const key of orphans) expect(await t.ctx.files.stat(key), key).toBeNull();
    for (const key of [kept, keptPreview, recent]) expect(await t.ctx.files.stat(key), key).not.toBeNull();
    // A second pass, or another instance's, finds nothing more.
    expect(await sweepOrphanFiles(t.ctx)).toBe(0);
  });
});

describe('sweep and members’ photos', () => {
  it('keeps the photo a member’s row names', async () => {
    const old = ORPHAN_MIN_AGE_MS + 60_000;
    const member = await buildUser(t.ctx);
    const photo = await stored(old, newStorageKey('a'));
    await t.ctx.db.update(users).set({ avatarKey: photo, avatarHash: 'abcdef0123456789' }).where(eq(users.id, member.id));
    const replaced = await stored(old, newStorageKey('a'));

    expect(await sweepOrphanFiles(t.ctx)).toBe(1);
    expect(await t.ctx.files.stat(photo)).not.toBeNull();
    expect(await t.ctx.files.stat(replaced)).toBeNull();
  });
});
