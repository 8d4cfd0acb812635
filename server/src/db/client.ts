/**
 * Opens the database: PGlite under DATA_DIR/db by default, PostgreSQL when DATABASE_URL is
 * set. Both give the same Drizzle API; services never know which one they use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { writeTrackingPool, type WriteListener } from './write-tracking';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: same API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Listener for PostgreSQL NOTIFY; returns the function that stops listening. `onConnection`
 * hears when the listening connection drops (false: notifications may be missed from then
 * on) and when it listens again (true).
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onConnection?: (listening: boolean) => void) => Promise<() => Promise<void>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the server's address, for the job queue's own pool (jobs/queue.ts). */
  url?: string;
  /** PGlite only: the embedded server, which the job queue shares (jobs/queue.ts). */
  pglite?: PGlite;
  listen: Listen;
  /**
   * PostgreSQL only: calls `onWrite` each time a statement that may have changed data (any
   * statement but a SELECT) completes on this process's pool. A NOTIFY sent by such a
   * statement may reach the listening connection after its result, on another socket; this
   * says when to wait for it, and for whom (the statement's origin, db/write-origin.ts). PGlite
   * runs in the process and hands its notifications over before the statement's result, so it
   * needs no such signal.
   */
  onWrite?: (onWrite: WriteListener) => () => void;
  close(): Promise<void>;
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // The contest search folds accents with this contrib extension (migration 0029).
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, relaxedDurability: false, extensions: { unaccent } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, onMessage) => {
      const unsubscribe = await client.listen(channel, onMessage);
      return async () => unsubscribe();
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const writeListeners = new Set<WriteListener>();
  const Pool = writeTrackingPool(writeListeners);
  const pool = new Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PostgresListener(url);
  return {
    db,
    kind: 'postgres',
    url,
    listen: (channel, onMessage, onConnection) => listener.listen(channel, onMessage, onConnection),
    onWrite: (onWrite) => {
      writeListeners.add(onWrite);
      return () => writeListeners.delete(onWrite);
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One connection of its own for LISTEN, outside the pool. When PostgreSQL restarts or the
 * connection drops, it reconnects with a growing delay and listens again on every channel,
 * so live events come back without restarting the server.
 */
class PostgresListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private readonly connectionHandlers = new Set<(listening: boolean) => void>();
  private retryDelay = 250;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onMessage: (payload: string) => void, onConnection?: (listening: boolean) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onMessage);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (onConnection) this.connectionHandlers.add(onConnection);
    return async () => {
      set.delete(onMessage);
      if (onConnection) this.connectionHandlers.delete(onConnection);
      if (set.size > 0) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    // Keep-alive probes find a connection that died silently, so its loss is noticed.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (msg) => {
      for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    this.retryDelay = 250;
    for (const handler of this.connectionHandlers) handler(true);
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    for (const handler of this.connectionHandlers) handler(false);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.handlers.size === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().catch(() => {
        this.retryDelay = Math.min(this.retryDelay * 2, 10_000);
        this.scheduleReconnect();
      });
    }, this.retryDelay);
    this.retryTimer.unref();
  }
}

export function openDatabase(config: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: path.join(config.dataDir, 'db') });
}
