/**
 * The durable job queue (docs/decisions/0011): pg-boss, in the schema `pgboss` of our own
 * database. On PostgreSQL it has a small pool of its own; on PGlite it shares the embedded
 * server through pg-boss's PGlite adapter. Mails are enqueued in the transaction of the change
 * that causes them and sent by a worker that retries with back-off while the transport fails;
 * the time-driven work is a set of cron schedules, each occurrence sent once for all instances.
 */
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type Db as QueueDb } from 'pg-boss';
import type { Mail } from '../adapters/mail/port';
import type { Database, Db, Tx } from '../db/client';

export type JobQueue = PgBoss;

export const MAIL_QUEUE = 'mail';
/**
 * Marked previews of proposal files (modules/files/previews/job.ts). Created with the queue
 * so that an instance which only enqueues (JOBS=false) can queue them too. A job running more
 * than 20 minutes counts as failed (the child process is killed well before).
 */
export const PREVIEW_QUEUE = 'file-preview';
const PREVIEW_QUEUE_OPTIONS = { retryLimit: 3, retryDelay: 30, notify: true, expireInSeconds: 1200, deleteAfterSeconds: 3600 } as const;

/** Mails refused on every try, kept 14 days for an administrator to send again (pg-boss's `redrive`). */
export const FAILED_MAIL_QUEUE = 'mail-failed';

/**
 * A mail is tried again after about 30 s, then twice as long each time up to an hour, for
 * a day and a half in all: a transport down for a night still delivers in the morning.
 */
export const MAIL_RETRY = { retryLimit: 40, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

/**
 * A queued mail holds its links, whose tokens the database otherwise keeps only as hashes
 * (docs/security.md): once sent it is deleted within minutes, not kept the default week.
 */
const MAIL_KEEP_SECONDS = 60;

export interface QueueOptions {
  /** False on an instance started with JOBS=false: it enqueues, others do the work. */
  work: boolean;
  instanceName?: string;
  /** How often an instance tries to claim the cron pass; tests shorten it. */
  cronCheckSeconds?: number;
  /** Hears the queue's own failures (a poll, a cron pass); without a listener they would end the process. */
  onError: (err: unknown) => void;
}

export async function openQueue(database: Database, options: QueueOptions): Promise<JobQueue> {
  const shared: ConstructorOptions = {
    schema: 'pgboss',
    useListenNotify: true,
    schedule: options.work,
    supervise: options.work,
    instanceName: options.instanceName,
    // A cron occurrence is claimed within 15 s of its minute, by one instance.
    cronMonitorIntervalSeconds: options.cronCheckSeconds ?? 15,
    // Finished jobs are deleted by a pass every 5 minutes (see MAIL_KEEP_SECONDS).
    maintenanceIntervalSeconds: 300,
  };
  const boss = database.pglite
    ? new PgBoss({ ...shared, db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ ...shared, connectionString: database.url, max: 3, application_name: 'creadefi-jobs' });
  boss.on('error', options.onError);
  await boss.start();
  await ensureQueue(boss, FAILED_MAIL_QUEUE, { retryLimit: 0 });
  // A batch of mails (index.ts, MAIL_BATCH) may wait on a slow transport for minutes; only a
  // worker that died leaves its mails active, and they are tried again after this long.
  await ensureQueue(boss, MAIL_QUEUE, { ...MAIL_RETRY, notify: true, expireInSeconds: 900, deleteAfterSeconds: MAIL_KEEP_SECONDS, deadLetter: FAILED_MAIL_QUEUE });
  await ensureQueue(boss, PREVIEW_QUEUE, PREVIEW_QUEUE_OPTIONS);
  return boss;
}

/** Creates a queue, or brings its settings to these when it exists (they changed in the code). */
export async function ensureQueue(boss: JobQueue, name: string, options: Parameters<JobQueue['createQueue']>[1] & object): Promise<void> {
  if (await boss.getQueue(name)) {
    const { policy: _policy, ...changeable } = options;
    await boss.updateQueue(name, changeable);
  } else {
    await boss.createQueue(name, options);
  }
}

/** The statements of our own transaction, for pg-boss to write its job row there. */
export function inTransaction(db: Db | Tx): QueueDb {
  return fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql);
}

/**
 * Puts a mail in the queue inside `tx`: it leaves only if the change that caused it
 * commits, and it is not lost when the transport is down.
 */
export async function enqueueMail(queue: JobQueue, tx: Db | Tx, mail: Mail): Promise<void> {
  await queue.send(MAIL_QUEUE, { ...mail }, { db: inTransaction(tx) });
}

/**
 * Takes no new job, lets running passes and mails finish (30 s at most, then they are left
 * to run again from another instance or the next start), before the database closes.
 */
export function stopQueue(queue: JobQueue): Promise<void> {
  return queue.stop({ graceful: true, close: true, timeout: 30_000 });
}

export interface QueueCounts {
  name: string;
  /** Waiting to run, including retries waiting for their delay. */
  pending: number;
  active: number;
  /** Gave up after every retry (kept for the queue's retention time). */
  failed: number;
}

/**
 * Pending, running and failed jobs of every queue, for the administrators' view. Counted in
 * pg-boss's job table (partitioned by queue) rather than read from its statistics, which it
 * caches for up to a minute.
 */
export async function queueCounts(queue: JobQueue): Promise<QueueCounts[]> {
  const queues = await queue.getQueues();
  const { rows } = await queue.getDb().executeSql(`
    SELECT name,
           count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS pending,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE state = 'failed')::int AS failed
      FROM pgboss.job GROUP BY name`);
  const counted = new Map((rows as QueueCounts[]).map((r) => [r.name, r]));
  return queues.map((q) => counted.get(q.name) ?? { name: q.name, pending: 0, active: 0, failed: 0 }).sort((a, b) => a.name.localeCompare(b.name));
}
