import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t.ctx, { isAdmin: true });
  member = await buildUser(t.ctx);
});
afterAll(() => t.close());

const create = (user: TestUser | null, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: user?.headers ?? {}, payload: body });

describe('/api/admin/promo-codes', () => {
  it('lets an admin create percentage and amount codes, and list them with their uses', async () => {
    const pct = await create(admin, { code: 'bienvenue', percentOff: 20, maxUses: 100 });
    expect(pct.statusCode, pct.body).toBe(201);
    expect(pct.json().message).toBe(MESSAGES.payments.promoCreated);
    expect(pct.json().results.promoCode).toMatchObject({ code: 'BIENVENUE', percentOff: 20, amountOffCents: null, maxUses: 100, uses: 0, validUntil: null });
    const amount = await create(admin, { code: 'NOEL-2025', amountOffCents: 5_000, validUntil: '2030-12-31T23:59:59+01:00' });
    expect(amount.statusCode, amount.body).toBe(201);
    expect(amount.json().results.promoCode).toMatchObject({ code: 'NOEL-2025', percentOff: null, amountOffCents: 5_000, validUntil: '2030-12-31T22:59:59.000Z' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.promoCodes.map((p: { code: string }) => p.code).sort()).toEqual(['BIENVENUE', 'NOEL-2025']);
  });

  it('refuses a duplicate code, both or neither discount, and a malformed code', async () => {
    await create(admin, { code: 'UNIQUE', percentOff: 5 });
    const dup = await create(admin, { code: 'unique', percentOff: 5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message.message).toBe(MESSAGES.payments.promoCodeTaken);
    for (const body of [{ code: 'DEUX', percentOff: 5, amountOffCents: 100 }, { code: 'AUCUN' }]) {
      const res = await create(admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.message).toBe(MESSAGES.payments.promoDiscountRequired);
    }
    expect((await create(admin, { code: 'a b', percentOff: 5 })).json().message.message).toBe(MESSAGES.payments.promoCodeFormat);
    expect((await create(admin, { code: 'TROP', percentOff: 101 })).statusCode).toBe(400);
  });

  it('refuses an end of validity in year 0, already past or after 2099 with a French 400, and stores nothing', async () => {
    for (const validUntil of ['0000-12-31T23:59:59Z', '0000-06-01T00:00:00+02:00', '2001-01-01T00:00:00Z', '2100-01-01T00:00:00Z', '31/12/2030']) {
      const res = await create(admin, { code: 'AN-ZERO', percentOff: 10, validUntil });
      expect(res.statusCode, validUntil).toBe(400);
      expect(res.json().message, validUntil).toEqual({ message: MESSAGES.payments.promoValidUntilInvalid, code: 400, fields: { validUntil: MESSAGES.payments.promoValidUntilInvalid } });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: admin.headers });
    expect(list.json().results.promoCodes.map((p: { code: string }) => p.code)).not.toContain('AN-ZERO');
  });

  it('is for admins only', async () => {
    expect((await create(member, { code: 'PIRATE', percentOff: 90 })).statusCode).toBe(403);
    expect((await create(null, { code: 'PIRATE', percentOff: 90 })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: member.headers })).statusCode).toBe(403);
  });
});
