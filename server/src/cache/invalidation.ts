/**
 * What keeps this instance's read caches true to the database (docs/decisions/0005).
 *
 * Triggers (migration 0008) announce on one channel, in the transaction that makes it, every
 * change a cache depends on: a session revoked or expired, a member's rights, an open
 * contest's card, who takes part in what. PostgreSQL delivers the announcement after the
 * commit to every instance that listens, so each drops its own copy; nothing is shared.
 *
 * A cache is served from only while that can be trusted:
 * - the listening connection is up (notifications lost while it is down cannot be replayed:
 *   the caches are emptied when it drops and stay unused until it listens again);
 * - the announcements of the writes made for this request's session have arrived. They
 *   travel on the listening connection, while the write's result comes back on another one;
 *   after a write, that session's requests wait for a marker sent after it, since PostgreSQL
 *   delivers notifications in commit order. A member who signs out, or takes part in a
 *   contest, sees the change on the next request, like with no cache. Other members' requests
 *   are served meanwhile, as another instance's are until the announcement reaches it. A write
 *   made for no session (a visitor's, a job's) or that changes members or sessions (a
 *   suspension, a sign-out: db/write-tracking.ts) is waited for by every request, and code
 *   that runs outside a request waits for every write;
 * - a marker sent every few seconds comes back: a connection that died without a word stops
 *   the caches too.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { currentOrigin, type WriteOrigin } from '../db/write-origin';

const INVALIDATION_CHANNEL = 'cache_invalidation';
/** Payloads of the markers (below), each instance's followed by its own random part. */
export const MARKER_PREFIX = 'sync:';
/** How often the listening connection is checked, and how long a marker may take. */
const CHECK_EVERY_MS = 10_000;
const MARKER_TIMEOUT_MS = 5_000;
const RETRY_START_MS = 10_000;

export interface InvalidationLog {
  warn(details: object, message: string): void;
}

/** Receives the key of each announcement of its kind (`session:<hash>` → `<hash>`). */
export type Invalidate = (key: string) => void;

export class CacheInvalidation {
  private readonly handlers = new Map<string, Set<Invalidate>>();
  private readonly resets = new Set<() => void>();
  private listening = false;
  /** False from a marker that failed to come back until the next one does. */
  private markersArrive = true;
  private unlisten: (() => Promise<void>) | null = null;
  private stopWrites: (() => void) | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  /** Writes of this process that completed, and how many of them are known to be announced. */
  private writes = 0;
  private announced = 0;
  /** The number of the last write made for no session, and of each session's last write not yet known to be announced. */
  private lastSharedWrite = 0;
  private readonly lastWriteOf = new Map<string, number>();
  private readonly markerPrefix = `${MARKER_PREFIX}${randomBytes(6).toString('hex')}:`;
  private markerCount = 0;
  private pendingMarker: { marker: string; writes: number; timeout: NodeJS.Timeout } | null = null;

  constructor(
    private readonly database: Database,
    private readonly log?: InvalidationLog,
  ) {}

  /**
   * Starts listening. Until it succeeds, and whenever the connection is down, the caches are
   * bypassed; a failed start is tried again a little later.
   */
  async start(): Promise<void> {
    if (this.closed || this.unlisten) return;
    try {
      this.unlisten = await this.database.listen(INVALIDATION_CHANNEL, this.receive, this.connectionChanged);
    } catch (error) {
      this.log?.warn({ err: error }, 'read caches bypassed: cannot listen to change announcements');
      this.retryTimer = setTimeout(() => void this.start(), RETRY_START_MS);
      this.retryTimer.unref();
      return;
    }
    this.stopWrites = this.database.onWrite?.((origin) => this.written(origin)) ?? null;
    this.connected();
    if (this.database.onWrite) {
      this.checkTimer = setInterval(() => this.sendMarker(), CHECK_EVERY_MS);
      this.checkTimer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.checkTimer) clearInterval(this.checkTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pendingMarker) clearTimeout(this.pendingMarker.timeout);
    this.pendingMarker = null;
    this.stopWrites?.();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    this.resetAll();
  }

  /**
   * True when a cached value may be served to the code running now: listening, and the writes
   * it must see announced (those of its request's session and those made for none; outside a
   * request, all of them).
   */
  get trusted(): boolean {
    if (!this.live) return false;
    const origin = currentOrigin();
    if (origin === undefined) return this.announced === this.writes;
    if (this.lastSharedWrite > this.announced) return false;
    return origin === null || (this.lastWriteOf.get(origin) ?? 0) <= this.announced;
  }

  /** True when a value read now may be kept (it is served only once `trusted`). */
  get live(): boolean {
    return this.listening && this.markersArrive;
  }

  /** Resolves once cached values may be served (tests wait for it before counting queries). */
  async caughtUp(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.trusted) {
      if (this.closed || Date.now() > deadline) throw new Error('the read caches did not catch up with the database');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** `handler` hears each announcement of `kind`; `reset` empties the cache when trust is lost. */
  register(kind: string, handler: Invalidate, reset: () => void): void {
    let set = this.handlers.get(kind);
    if (!set) this.handlers.set(kind, (set = new Set()));
    set.add(handler);
    this.resets.add(reset);
  }

  private readonly receive = (payload: string): void => {
    if (payload.startsWith(this.markerPrefix)) return this.markerArrived(payload);
    const colon = payload.indexOf(':');
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const key = colon < 0 ? '' : payload.slice(colon + 1);
    for (const handler of this.handlers.get(kind) ?? []) handler(key);
  };

  private readonly connectionChanged = (up: boolean): void => {
    if (up) this.connected();
    else this.disconnected('the listening connection dropped');
  };

  private connected(): void {
    if (this.closed || this.listening) return;
    // Anything written before this point is visible to the reads that follow, and the
    // caches are empty: nothing is left to wait for.
    this.announced = this.writes;
    this.lastWriteOf.clear();
    this.listening = true;
    this.markersArrive = true;
  }

  private disconnected(reason: string): void {
    if (!this.listening) return;
    this.listening = false;
    this.distrust(reason);
  }

  private distrust(reason: string): void {
    this.log?.warn({ reason }, 'read caches emptied and bypassed until the database announces changes again');
    if (this.pendingMarker) clearTimeout(this.pendingMarker.timeout);
    this.pendingMarker = null;
    this.resetAll();
  }

  /**
   * A marker that does not come back: the caches are emptied and bypassed until one does
   * (the next check sends it). A marker that arrives proves every announcement committed
   * before it arrived too, on the same connection.
   */
  private markerLost(reason: string): void {
    if (!this.markersArrive) return;
    this.markersArrive = false;
    this.distrust(reason);
  }

  private resetAll(): void {
    for (const reset of this.resets) reset();
  }

  private written(origin: WriteOrigin | undefined): void {
    this.writes++;
    if (origin) this.lastWriteOf.set(origin, this.writes);
    else this.lastSharedWrite = this.writes;
    this.sendMarker();
  }

  /** One marker at a time; when it arrives, writes completed since it left need another. */
  private sendMarker(): void {
    if (!this.listening || this.pendingMarker || this.closed) return;
    const marker = `${this.markerPrefix}${++this.markerCount}`;
    const timeout = setTimeout(() => this.markerLost('a change announcement did not arrive in time'), MARKER_TIMEOUT_MS);
    timeout.unref();
    this.pendingMarker = { marker, writes: this.writes, timeout };
    this.database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${marker})`).catch(() => {
      if (this.pendingMarker?.marker === marker) this.markerLost('the announcement marker could not be sent');
    });
  }

  private markerArrived(marker: string): void {
    const pending = this.pendingMarker;
    if (!pending || pending.marker !== marker) return;
    clearTimeout(pending.timeout);
    this.pendingMarker = null;
    this.markersArrive = true;
    this.announced = Math.max(this.announced, pending.writes);
    for (const [origin, write] of this.lastWriteOf) if (write <= this.announced) this.lastWriteOf.delete(origin);
    if (this.writes > this.announced) this.sendMarker();
  }
}
