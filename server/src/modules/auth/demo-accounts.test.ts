/** The demo accounts of server/src/demo/seed.ts (kept here with the sign-in they serve). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoUserIds, seedDemoData } from '../../demo/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo accounts', () => {
  it('are created once on an empty database with their status filled, printed, and can sign in', async () => {
    const lines: string[] = [];
    await seedDemoData(t.ctx, (line) => lines.push(line));
    const printed = lines.join('\n');
    expect(printed).toContain(DEMO_PASSWORD);
    for (const a of DEMO_ACCOUNTS) expect(printed).toContain(a.email);

    const ids = await demoUserIds(t.ctx.db);
    expect(Object.keys(ids).sort()).toEqual(['admin', 'organiser', 'talent', 'talent2']);

    for (const a of DEMO_ACCOUNTS) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(200);
      const user = res.json().results.user;
      expect(user.isAdmin).toBe(a.isAdmin);
      expect(user.pseudo).toBe(a.pseudo);
      if (a.withProvider) {
        expect(user.ownerId).toEqual(expect.any(String));
        expect(user.payerId).toEqual(expect.any(String));
        const statut = await t.app.inject({ method: 'GET', url: '/api/user/get/statut', headers: { authorization: `Bearer ${res.json().results.token}` } });
        expect(statut.json().results.statut).toMatchObject({ statut: 0, city: 'Paris' });
      } else {
        expect(user.ownerId).toBeNull();
      }
    }

    const before = (await t.ctx.db.select().from(users)).length;
    // A later start adds nothing but still shows the way in.
    const again: string[] = [];
    await seedDemoData(t.ctx, (line) => again.push(line));
    expect(again.join('\n')).toContain(DEMO_PASSWORD);
    expect(await t.ctx.db.select().from(users)).toHaveLength(before);
  });
});
