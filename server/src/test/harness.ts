/**
 * Builds the real app on a fresh database for one test file: PGlite from the migrated
 * template, or a PostgreSQL database cloned from the template when TEST_DATABASE_URL is set.
 * The mailer is the real outbox in a temporary folder; time is a clock the test can move.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyServerOptions } from 'fastify';
import { loadConfig, type Config, type Env } from '../config';
import type { AppContext, Deps } from '../context';
import { openPglite, openPostgres, type Database } from '../db/client';
import { buildApp, contextOf } from '../app';
import type { App } from '../http/types';
import { OutboxMailer } from '../adapters/mail/outbox';
import { createIdentityProviders } from '../adapters/identity';
import { createFileStore } from '../adapters/files';
import { createPaymentProvider } from '../adapters/payments';
import { openQueue, stopQueue } from '../jobs/queue';
import { startMailWorker } from '../jobs';
import { startPreviewWorker, type PreviewOptions } from '../modules/files/previews/job';
import { files } from '../db/schema';
import { eq } from 'drizzle-orm';

export interface TestClock {
  now: () => Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A fresh database cloned from the template prepared by global-setup.ts. */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const name = `creadefi_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgTemplate.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate.name}`);
    const u = new URL(pgTemplate.url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString(), 10);
    return {
      ...database,
      url: u.toString(),
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('global-setup did not prepare a template database');
  const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  return { ...database, drop: () => database.close() };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  clock: TestClock;
  outbox: OutboxMailer;
  dataDir: string;
  /** Resolves once the work that requests left running after their answer is done. */
  settled(): Promise<void>;
  /** Resolves once no proposal file waits for its preview (made by the worker, as in the server). */
  previewsDone(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings every createTestApp of the current test file starts from: a file that reruns
 * another's tests on other adapters (downloads.s3.test.ts) sets them before importing it.
 */
export const harnessDefaults: { env: Partial<Env> } = { env: {} };

/**
 * `mailWorker: false` leaves queued mails in the queue, for a test that sends them itself;
 * by default a worker sends them as the server's does.
 */
export async function createTestApp(options: { env?: Partial<Env>; deps?: Partial<Deps>; logger?: FastifyServerOptions['logger']; mailWorker?: boolean; previewWorker?: boolean | PreviewOptions } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-test-'));
  const config: Config = loadConfig({}, { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: false, JOBS: false, PUBLIC_URL: 'http://localhost:3000', ...harnessDefaults.env, ...options.env });
  const database = await openTestDatabase();
  const clock = testClock();
  const outbox = new OutboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM, () => {});
  const deps: Deps = {
    database,
    mailer: outbox,
    identity: createIdentityProviders(config),
    files: createFileStore(config),
    payments: createPaymentProvider(config, database.db, clock.now),
    queue: await openQueue(database, { work: false, onError: (err) => console.error(err) }),
    clock: clock.now,
    ...options.deps,
  };
  const app = await buildApp(config, deps, { logger: options.logger ?? false });
  await app.ready();
  const ctx = contextOf(app);
  if (options.mailWorker !== false) await startMailWorker(ctx, deps.queue, app.log);
  if (options.previewWorker !== false) await startPreviewWorker(ctx, deps.queue, app.log, typeof options.previewWorker === 'object' ? options.previewWorker : {});
  return {
    app,
    ctx,
    clock,
    outbox,
    dataDir,
    settled: async () => {
      await ctx.background?.drain();
    },
    previewsDone: async (timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      while ((await ctx.db.select({ id: files.id }).from(files).where(eq(files.previewStatus, 'pending')).limit(1)).length > 0) {
        if (Date.now() > until) throw new Error('previews still pending');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: async () => {
      await app.close();
      await stopQueue(deps.queue);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
