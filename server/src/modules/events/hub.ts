/**
 * One instance's side of live events: it LISTENs once on the events channel and writes each
 * event to the connected clients of the users it names. Nothing here is shared between
 * instances; PostgreSQL's NOTIFY is what reaches them all.
 */
import type { Listen } from '../../db/client';
import { EVENTS_CHANNEL, parseEvent, parseRevocation, type Revocation } from './publish';

/** Proxies and browsers drop a silent connection; a comment line every 25 s keeps it open. */
const HEARTBEAT_MS = 25_000;
/** Tabs a user may keep connected at once; the oldest is closed past this. */
const MAX_STREAMS_PER_USER = 10;

export interface EventStream {
  write(chunk: string): void;
  end(): void;
}

export interface HubLog {
  error(details: object, message: string): void;
}

function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventHub {
  /** Per user, each open stream and the session it was opened with (null: unknown). */
  private readonly streams = new Map<number, Map<EventStream, number | null>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly listen: Listen,
    private readonly log?: HubLog,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** Starts listening on the first call; a failure is thrown so the request can answer 503. */
  ready(): Promise<unknown> {
    if (!this.listening) {
      this.listening = this.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
      // A failed LISTEN is retried by the next client rather than remembered.
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  /**
   * Adds a client; the returned function removes it (call it when the connection closes).
   * A stream opened with a session ends when that session is revoked.
   */
  add(userId: number, stream: EventStream, sessionId: number | null = null): () => void {
    if (this.closed) {
      stream.end();
      return () => {};
    }
    let set = this.streams.get(userId);
    if (!set) {
      set = new Map();
      this.streams.set(userId, set);
    }
    set.set(stream, sessionId);
    if (set.size > MAX_STREAMS_PER_USER) {
      const oldest = set.keys().next().value!;
      set.delete(oldest);
      oldest.end();
    }
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
    return () => this.remove(userId, stream);
  }

  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Ends every stream (so the HTTP server can close) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.streams.values()) for (const stream of set.keys()) safely(() => stream.end());
    this.streams.clear();
    this.stopHeartbeat();
    const listening = this.listening;
    this.listening = null;
    if (listening) {
      const unlisten = await listening.catch(() => null);
      await unlisten?.().catch(() => {});
    }
  }

  private remove(userId: number, stream: EventStream): void {
    const set = this.streams.get(userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(userId);
    if (this.streams.size === 0) this.stopHeartbeat();
  }

  private dispatch(payload: string): void {
    const revocation = parseRevocation(payload);
    if (revocation) return this.revoke(revocation);
    const event = parseEvent(payload);
    if (!event) {
      this.log?.error({ payload }, 'malformed live event ignored');
      return;
    }
    const chunk = formatEvent(event.type, { type: event.type, idParticipation: event.idParticipation });
    for (const userId of event.userIds) {
      for (const stream of this.streams.get(userId)?.keys() ?? []) safely(() => stream.write(chunk));
    }
  }

  /** A revoked session receives nothing more: its streams end at once. */
  private revoke({ userId, sessionIds }: Revocation): void {
    const set = this.streams.get(userId);
    if (!set) return;
    for (const [stream, sessionId] of [...set]) {
      if (sessionId === null || !sessionIds.includes(sessionId)) continue;
      this.remove(userId, stream);
      safely(() => stream.end());
    }
  }

  private beat(): void {
    for (const set of this.streams.values()) for (const stream of set.keys()) safely(() => stream.write(': ping\n\n'));
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

/** A client that vanished mid-write must not stop the others from receiving. */
function safely(work: () => void): void {
  try {
    work();
  } catch {
    // the connection's close handler removes it
  }
}
