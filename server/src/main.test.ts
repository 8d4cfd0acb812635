/**
 * The server started as a person starts it (`src/main.ts` in its own process), in
 * production on a PostgreSQL server: the case where a published demo password would open a
 * real site to anyone.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from './test/harness';
import { DEMO_ACCOUNTS_FILE } from './demo/account-file';
import { users } from './db/schema';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const onPostgres = inject('pgTemplate') !== null;

/** Runs main.ts until it says it is ready (or exits), then stops it; returns what it printed. */
function startOnce(env: Record<string, string>): Promise<{ output: string; ready: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!ready && output.includes('Créadéfi est prêt')) {
        ready = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve({ output, ready });
    });
  });
}

describe.runIf(onPostgres)('a production start on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-main-'));
  });
  afterAll(async () => {
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates no account, writes no demo password and warns that no mail leaves the machine', async () => {
    const { output, ready } = await startOnce({
      NODE_ENV: 'production',
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    expect(ready, output).toBe(true);
    expect(await database.db.select({ id: users.id }).from(users)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, DEMO_ACCOUNTS_FILE))).toBe(false);
    expect(output).not.toContain('Comptes de démonstration');
    expect(output).toContain('Aucun e-mail ne quitte cette machine');
    expect(output).toContain('PUBLIC_URL n’est pas définie');
  });
});
