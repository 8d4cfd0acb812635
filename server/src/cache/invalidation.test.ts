import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness';
import { eventually } from '../test/eventually';
import { sessions, users } from '../db/schema';
import { createSession } from '../modules/auth/sessions';
import { pseudoKey } from '../modules/users/pseudo-key';
import { hashToken } from '../modules/auth/tokens';
import { CacheInvalidation } from './invalidation';
import { ReadCache } from './read-cache';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let invalidation: CacheInvalidation;
const warnings: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  invalidation = new CacheInvalidation(database, { warn: (details, message) => warnings.push(message) });
  await invalidation.start();
});
afterAll(async () => {
  await invalidation.close();
  await database.drop();
});

async function newUser(): Promise<number> {
  const pseudo = `u_${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await database.db
    .insert(users)
    .values({ email: `u-${Math.random().toString(36).slice(2)}@exemple.fr`, pseudo, pseudoKey: pseudoKey(pseudo) })
    .returning({ id: users.id });
  return row!.id;
}

/** Announcements arrive on their own connection: within this, or the test fails. */
const ARRIVAL_MS = 3000;

describe('change announcements', () => {
  it('each trigger names what changed: a session, a member’s rights, the listing, a participant', async () => {
    const heard: string[] = [];
    invalidation.register('session', (key) => heard.push(`session:${key}`), () => {});
    invalidation.register('user', (key) => heard.push(`user:${key}`), () => {});
    invalidation.register('listing', () => heard.push('listing'), () => {});
    invalidation.register('participant', (key) => heard.push(`participant:${key}`), () => {});

    const userId = await newUser();
    const token = await createSession(database.db, userId, new Date(), 30);
    await database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    // The same value again changes nothing: no announcement.
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    await invalidation.caughtUp();
    await eventually(() => heard.length >= 2, ARRIVAL_MS);
    expect(heard).toEqual([`session:${hashToken(token)}`, `user:${userId}`]);
  });

  it('a change is announced only if its transaction commits', async () => {
    const heard: string[] = [];
    invalidation.register('user', (key) => heard.push(key), () => {});
    const userId = await newUser();
    const later = await newUser();
    await database.db
      .transaction(async (tx) => {
        await tx.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
        throw new Error('rolled back');
      })
      .catch(() => {});
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
    // Announcements arrive in the order of their commits: once this later one is heard, so is
    // every earlier one.
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, later));
    await invalidation.caughtUp();
    await eventually(() => heard.includes(String(later)), ARRIVAL_MS);
    expect(heard.filter((key) => key === String(userId))).toHaveLength(1);
  });

  it('a write of this process is seen by the very next read: the caches wait for its announcement', async () => {
    const cache = new ReadCache<number, boolean>(invalidation, { capacity: 10, ttlMs: 60_000 });
    invalidation.register('user', (key) => cache.delete(Number(key)), () => cache.clear());
    const userId = await newUser();
    const isAdmin = async () => (await database.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)))[0]!.isAdmin;

    expect(await cache.get(userId, isAdmin)).toBe(false);
    await invalidation.caughtUp();
    expect(await cache.get(userId, async () => 'not read' as never)).toBe(false);

    for (const value of [true, false, true]) {
      await database.db.update(users).set({ isAdmin: value }).where(eq(users.id, userId));
      // No waiting here: right after the write, as the next request would.
      expect(await cache.get(userId, isAdmin)).toBe(value);
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL, a dropped listening connection empties the caches and bypasses them until it listens again', async () => {
    const cache = new ReadCache<string, number>(invalidation, { capacity: 10, ttlMs: 60_000 });
    invalidation.register('nothing', () => {}, () => cache.clear());
    await invalidation.caughtUp();
    await cache.get('k', async () => 1);
    expect(cache.size).toBe(1);

    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`);
    await eventually(() => !invalidation.trusted, ARRIVAL_MS);
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 2)).toBe(2);
    expect(warnings.some((w) => w.startsWith('read caches emptied'))).toBe(true);

    // The listener reconnects on its own (250 ms at first) and the caches serve again.
    await eventually(() => invalidation.trusted, ARRIVAL_MS);
    await cache.get('k', async () => 3);
    expect(await cache.get('k', async () => 4)).toBe(3);
  });
});
