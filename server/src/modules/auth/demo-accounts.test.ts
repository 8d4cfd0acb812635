/** The demo accounts of server/src/demo/seed.ts (kept here with the sign-in they serve). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS, demoUserIds, seedDemoData } from '../../demo/seed';
import { DEMO_ACCOUNTS_FILE, readDemoAccountsFile } from '../../demo/account-file';
import { createSession } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('demo accounts', () => {
  it('a start on the embedded database prints generated demo passwords, kept in a file only its owner reads', async () => {
    const lines: string[] = [];
    await seedDemoData(t.ctx, (line) => lines.push(line));
    const file = path.join(t.dataDir, DEMO_ACCOUNTS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const passwords = readDemoAccountsFile(t.dataDir);
    expect([...passwords.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    // Drawn at random: four different passwords of 16 characters, none written in the code.
    expect(new Set(passwords.values()).size).toBe(DEMO_ACCOUNTS.length);
    for (const password of passwords.values()) expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // One account a line: e-mail, role, password.
    const content = fs.readFileSync(file, 'utf8');
    for (const a of DEMO_ACCOUNTS) expect(content).toMatch(new RegExp(`^${a.email.replace('.', '\\.')}\\s+${a.role}\\s+${passwords.get(a.email)}$`, 'm'));

    const printed = lines.join('\n');
    for (const a of DEMO_ACCOUNTS) expect(printed).toMatch(new RegExp(`${a.email}\\s+${a.pseudo}\\s+${passwords.get(a.email)}`));

    const ids = await demoUserIds(t.ctx.db);
    expect(Object.keys(ids).sort()).toEqual(['admin', 'organiser', 'talent', 'talent2']);
    for (const a of DEMO_ACCOUNTS) {
      const res = await signIn(a.email, passwords.get(a.email)!);
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
    // A later start adds nothing, keeps the passwords and still shows the way in.
    fs.chmodSync(file, 0o644);
    const again: string[] = [];
    await seedDemoData(t.ctx, (line) => again.push(line));
    expect(again.join('\n')).toContain(passwords.get('admin@creadefi.fr'));
    expect(readDemoAccountsFile(t.dataDir)).toEqual(passwords);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await t.ctx.db.select().from(users)).toHaveLength(before);
  });

  it('accounts of a data folder without its file take newly drawn passwords, and their sessions end', async () => {
    const old = readDemoAccountsFile(t.dataDir);
    const adminId = (await demoUserIds(t.ctx.db)).admin!;
    const token = await createSession(t.ctx.db, adminId, t.ctx.clock(), 30);
    fs.rmSync(path.join(t.dataDir, DEMO_ACCOUNTS_FILE));

    await seedDemoData(t.ctx, () => {});
    const fresh = readDemoAccountsFile(t.dataDir);
    expect(fresh.get('admin@creadefi.fr')).not.toBe(old.get('admin@creadefi.fr'));
    expect((await signIn('admin@creadefi.fr', old.get('admin@creadefi.fr')!)).statusCode).toBe(401);
    expect((await signIn('admin@creadefi.fr', fresh.get('admin@creadefi.fr')!)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });
});
