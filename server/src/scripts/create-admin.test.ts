/**
 * The first administrator of a platform: made only with a password someone chose, never while
 * the server holds the data folder, and an existing account is promoted without being changed
 * otherwise.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { users } from '../db/schema';
import { acquireDataLock } from '../data-lock';
import { verifyPassword } from '../modules/auth/passwords';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const script = path.join(import.meta.dirname, 'create-admin.ts');
  // The embedded database of DATA_DIR, whatever the machine's environment says.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', script], { env: { ...inherited, DATA_DIR: dataDir, DEMO_DATA: 'false', ...env }, encoding: 'utf8', timeout: 120_000 });
}

describe('admin:create', () => {
  it('refuses to create an account without a password of 12 characters, or while the server runs', () => {
    const short = run({ ADMIN_EMAIL: 'chef@example.fr', ADMIN_PASSWORD: 'court' });
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('ADMIN_PASSWORD doit contenir au moins 12 caractères');

    const release = acquireDataLock(dataDir);
    try {
      expect(run({ ADMIN_EMAIL: 'chef@example.fr', ADMIN_PASSWORD: 'Un-mot-de-passe-long' }).status).toBe(1);
    } finally {
      release();
    }
  }, 180_000);

  it('creates a verified admin whose password signs in, then promotes without a password', async () => {
    const created = run({ ADMIN_EMAIL: 'Chef@Example.fr', ADMIN_PASSWORD: 'Un-mot-de-passe-long', ADMIN_PSEUDO: 'Chef' });
    expect(created.status, created.stderr).toBe(0);
    expect(run({ ADMIN_EMAIL: 'chef@example.fr' }).status).toBe(0);

    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'chef@example.fr', pseudo: 'Chef', isAdmin: true });
      expect(rows[0]!.emailVerifiedAt).not.toBeNull();
      expect(await verifyPassword(rows[0]!.passwordHash!, 'Un-mot-de-passe-long')).toBe(true);
    } finally {
      await database.close();
    }
  }, 180_000);
});
