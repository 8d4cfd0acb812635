import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser, type TestUser } from '../../test/factories';
import { adminActions } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.ctx, { isAdmin: true });
  member = await buildUser(t.ctx);
});
afterAll(() => t.close());

const createCode = (user: TestUser, code: string) => t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: user.headers, payload: { code, percentOff: 10 } });
/** The database's own refusal, under the query error the driver wraps it in. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return String((cause as Error | undefined)?.message ?? (error as Error).message);
  }
  throw new Error('the query was not refused');
}
const journal = (user: TestUser | null, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/actions${query}`, headers: user?.headers ?? {} });

describe('the audit log', () => {
  it('records a promo code created by an admin, and nothing for a refused one', async () => {
    const res = await createCode(admin, 'JOURNAL');
    expect(res.statusCode).toBe(201);
    const id = res.json().results.promoCode.id as number;
    const rows = await t.ctx.db.select().from(adminActions).where(eq(adminActions.targetId, id));
    expect(rows).toEqual([expect.objectContaining({ adminId: admin.id, action: 'promo_code.create', targetType: 'promo_code', details: { code: 'JOURNAL' } })]);
    const before = await t.ctx.db.select().from(adminActions);
    expect((await createCode(admin, 'journal')).statusCode).toBe(409);
    expect((await createCode(member, 'AUTRE')).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(adminActions)).toHaveLength(before.length);
  });

  it('GET /api/admin/actions lists it newest first, paged, for admins only', async () => {
    await createCode(admin, 'PREMIER');
    await createCode(admin, 'SECOND');
    const res = await journal(admin, '?page=1&pageSize=1');
    expect(res.statusCode).toBe(200);
    const page = res.json().results;
    expect(page).toMatchObject({ page: 1, pageSize: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.actions).toHaveLength(1);
    expect(page.actions[0]).toMatchObject({ admin: { id: admin.id, pseudo: admin.pseudo }, action: 'promo_code.create', details: { code: 'SECOND' } });
    const second = (await journal(admin, '?page=2&pageSize=1')).json().results.actions;
    expect(second[0].details).toEqual({ code: 'PREMIER' });
    expect((await journal(member)).statusCode).toBe(403);
    expect((await journal(null)).statusCode).toBe(401);
  });

  it('is append-only in the database: updates, deletes and truncation are refused', async () => {
    await createCode(admin, 'IMMUABLE');
    const [row] = await t.ctx.db.select().from(adminActions).limit(1);
    expect(await refusal(t.ctx.db.update(adminActions).set({ reason: 'réécrit' }).where(eq(adminActions.id, row!.id)))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(t.ctx.db.delete(adminActions).where(eq(adminActions.id, row!.id)))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(t.ctx.db.execute(sql`truncate admin_actions`))).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await t.ctx.db.select().from(adminActions).where(eq(adminActions.id, row!.id));
    expect(still).toEqual(row);
  });
});
