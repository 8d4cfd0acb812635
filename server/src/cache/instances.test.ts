/**
 * Two instances of the server on one PostgreSQL, each with its own connections and caches, as
 * behind a load balancer: what one changes, the other stops serving as soon as PostgreSQL
 * delivers the announcement (docs/decisions/0005).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { eventually } from '../test/eventually';
import { buildContest, buildUser, type TestUser } from '../test/factories';
import { buildApp, contextOf } from '../app';
import { openPostgres, type Database } from '../db/client';
import { contests } from '../db/schema';
import type { App } from '../http/types';

const onPostgres = Boolean(inject('pgTemplate'));

let t: TestApp;
let secondDatabase: Database;
let second: App;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const result = await t.ctx.db.execute(sql`select current_database() as name`);
  const url = new URL(inject('pgTemplate')!.url);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
  secondDatabase = await openPostgres(url.toString(), 2);
  second = await buildApp(t.ctx.config, { ...t.ctx, database: secondDatabase }, { logger: false });
  await second.ready();
});
afterAll(async () => {
  if (!onPostgres) return;
  await second.close();
  await secondDatabase.close();
  await t.close();
});

/** How long the other instance may go on serving what changed: one announcement's delivery. */
const DELIVERY_BOUND_MS = 1000;

const within = (check: () => Promise<boolean>) => eventually(check, DELIVERY_BOUND_MS, 'the other instance kept serving the old value');

/** Both instances' caches trusted again after the set-up's writes. */
async function caughtUp(): Promise<void> {
  await t.ctx.caches!.invalidation.caughtUp();
  await contextOf(second).caches!.invalidation.caughtUp();
}

const me = (app: App, user: TestUser) => app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers });

describe.runIf(onPostgres)('two instances on one database', () => {
  it('a session signed out on one instance is refused by the other once the announcement arrives', async () => {
    const user = await buildUser(t.ctx);
    // Both instances keep the session.
    await caughtUp();
    for (const app of [t.app, second]) {
      expect((await me(app, user)).statusCode).toBe(200);
      expect((await me(app, user)).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
    await within(async () => (await me(second, user)).statusCode === 401);
  });

  it('a member suspended through one instance is refused by the other once the announcement arrives', async () => {
    const admin = await buildUser(t.ctx, { isAdmin: true });
    const user = await buildUser(t.ctx);
    await caughtUp();
    for (const app of [t.app, second]) expect((await me(app, user)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/members/${user.id}/suspend`, headers: admin.headers, payload: { reason: 'Fraude.' } });
    expect(res.statusCode).toBe(200);
    expect((await me(t.app, user)).statusCode).toBe(401);
    await within(async () => (await me(second, user)).statusCode === 401);
  });

  it('a contest changed through one instance’s database connection leaves the other’s listing', async () => {
    const organiser = await buildUser(t.ctx, { withProvider: true });
    const viewer = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, organiser);
    const listed = async () => {
      const res = await second.inject({ method: 'POST', url: '/api/concours/orderBy/any', headers: viewer.headers, payload: { pageSize: 50 } });
      return (res.json().results.concours as { id: number }[]).some((c) => c.id === contest.id);
    };
    await caughtUp();
    expect(await listed()).toBe(true);
    expect(await listed()).toBe(true);
    await t.ctx.db.update(contests).set({ status: 3 }).where(eq(contests.id, contest.id));
    await within(async () => !(await listed()));
  });
});
