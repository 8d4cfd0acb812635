/**
 * What the long runs share: a throwaway PostgreSQL, a data folder, the server as a child
 * process on them, and a context of the script's own on the same database and folder, so
 * that the test data can be made with the factories and the results read straight from the
 * tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import type { AppContext } from '../../context';
import { openPostgres, type Database } from '../../db/client';
import { createIdentityProviders } from '../../adapters/identity';
import { createFileStore } from '../../adapters/files';
import { createPaymentProvider } from '../../adapters/payments';
import { OutboxMailer } from '../../adapters/mail/outbox';
import { freePort, ThrowawayPostgres } from './postgres';
import { ServerProcess } from './server';
import { openQueue } from '../../jobs/queue';

export interface LongRun {
  postgres: ThrowawayPostgres;
  server: ServerProcess;
  ctx: AppContext;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

export async function startLongRun(name: string, env: Record<string, string> = {}): Promise<LongRun> {
  const postgres = new ThrowawayPostgres();
  await postgres.init();
  const url = await postgres.createDatabase(`creadefi_${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `creadefi-${name}-`));
  const port = await freePort();
  const serverEnv: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_DATA: 'false',
    JOBS: 'true',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
    MAIL_TRANSPORT: 'outbox',
    ...env,
  };
  const server = new ServerProcess(serverEnv, port);
  // The first start migrates the database the script's context then uses.
  await server.start();
  const config = loadConfig({ ...serverEnv, LOG_LEVEL: 'silent' });
  const database = await openPostgres(url, 5);
  const clock = () => new Date();
  const ctx: AppContext = {
    database,
    db: database.db,
    config,
    clock,
    mailer: new OutboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM, () => {}),
    identity: createIdentityProviders(config),
    files: createFileStore(config),
    payments: createPaymentProvider(config, database.db, clock),
    // Enqueues only: the server process runs the workers.
    queue: await openQueue(database, { work: false, onError: (err) => console.error(err) }),
  };
  return {
    postgres,
    server,
    ctx,
    database,
    dataDir,
    close: async () => {
      await server.kill('SIGKILL').catch(() => {});
      await ctx.queue.stop({ close: true, graceful: false }).catch(() => {});
      await database.close().catch(() => {});
      postgres.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value other than null/false, or throws after `ms`. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | null | false>): Promise<{ value: T; afterMs: number }> {
  const start = Date.now();
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null && value !== false) return { value: value as T, afterMs: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${Math.round(ms / 1000)} s`);
    await sleep(250);
  }
}

export interface Outcome {
  name: string;
  ok: boolean;
  figures: string;
}

/** A Markdown table of the outcomes, for docs/security.md. */
export function report(title: string, outcomes: Outcome[]): string {
  const date = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
  const lines = [`${title} — ${date}`, '', '| scénario | résultat | mesures |', '|---|---|---|'];
  for (const o of outcomes) lines.push(`| ${o.name} | ${o.ok ? 'réussi' : 'ÉCHEC'} | ${o.figures} |`);
  return lines.join('\n');
}
