/**
 * Each write reported with the origin it was sent for, however busy the pool: the read caches
 * rely on it to wait for a member's own writes (cache/invalidation.ts). PostgreSQL only: PGlite
 * hands its notifications over before a statement's result and reports no writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness';
import { buildContest, buildProposal, buildUser } from '../test/factories';
import { categories, sessions, users } from './schema';
import { runWithOrigin, type WriteOrigin } from './write-origin';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('writes reported with their origin', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const reported: (WriteOrigin | undefined)[] = [];
  let stop: () => void;

  beforeAll(async () => {
    database = await openTestDatabase();
    stop = database.onWrite!((origin) => reported.push(origin));
  });
  afterAll(async () => {
    stop();
    await database.drop();
  });

  it('a statement alone and a transaction, each for its own origin, while 40 of them wait for the 10 connections', async () => {
    reported.length = 0;
    const origins = Array.from({ length: 40 }, (_, i) => `session-${i}`);
    await Promise.all(
      origins.map((origin) =>
        runWithOrigin(origin, async () => {
          // Reads are not writes; the transaction's BEGIN is not one either.
          await database.db.select({ id: categories.id }).from(categories).where(eq(categories.id, 1));
          await database.db.update(categories).set({ position: 1 }).where(eq(categories.id, 1));
          await database.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.005)`);
            await tx.update(categories).set({ position: 1 }).where(eq(categories.id, 1));
          });
        }),
      ),
    );
    // Per origin: the update alone, then the transaction's update and its COMMIT.
    const counts = new Map<WriteOrigin | undefined, number>();
    for (const origin of reported) counts.set(origin, (counts.get(origin) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(origins.map((origin) => [origin, 3])));
  });

  it('a write to the members or the sessions is everyone’s, and so is the rest of its transaction', async () => {
    const [row] = await database.db.insert(users).values({ email: 'origine@exemple.fr', pseudo: 'origine', pseudoKey: 'origine' }).returning({ id: users.id });
    reported.length = 0;
    await runWithOrigin('session-a', async () => {
      await database.db.update(users).set({ bio: 'suspendu' }).where(eq(users.id, row!.id));
      await database.db.transaction(async (tx) => {
        await tx.update(categories).set({ position: 1 }).where(eq(categories.id, 1));
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, row!.id));
        await tx.update(categories).set({ position: 1 }).where(eq(categories.id, 1));
      });
      await database.db.update(categories).set({ position: 1 }).where(eq(categories.id, 1));
    });
    // The COMMIT makes the revocation seen: everyone waits for it.
    expect(reported).toEqual([null, 'session-a', null, null, null, 'session-a']);
  });

  it('a write outside any request has no origin; a visitor’s request’s, null', async () => {
    reported.length = 0;
    await database.db.execute(sql`update users set bio = 'sans origine' where false`);
    await runWithOrigin(null, async () => {
      await database.db.execute(sql`update users set bio = 'visiteur' where false`);
    });
    expect(reported).toEqual([undefined, null]);
  });
});

describe.runIf(onPostgres)('a request’s writes are made for its session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a message sent with a body is reported for the bearer token that sent it', async () => {
    const organiser = await buildUser(t.ctx);
    const talent = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser);
    const idParticipation = await buildProposal(t.ctx, contest.id, talent);
    const reported: (WriteOrigin | undefined)[] = [];
    const stop = t.ctx.database.onWrite!((origin) => reported.push(origin));
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/message/create', headers: talent.headers, payload: { idParticipation, message: 'Bonjour, une question sur le brief.' } });
      expect(res.statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(reported.length).toBeGreaterThan(0);
    expect(new Set(reported)).toEqual(new Set([talent.token]));
  });
});
