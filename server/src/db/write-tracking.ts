/**
 * The PostgreSQL pool's classes that say when a statement that may have written completes, and
 * on whose behalf it ran (db/write-origin.ts). The origin is taken where the application sends
 * the statement: `pool.query` for a statement alone, `pool.connect()` for a transaction's
 * connection. Not in the connection's own `query`: the pool calls it from the callback of a
 * connection handed back by another request, whose origin would be the one found there.
 */
import pg from 'pg';
import { currentOrigin, type WriteOrigin } from './write-origin';

/** Told of each completed statement that may have changed data, with its origin (undefined: none). */
export type WriteListener = (origin: WriteOrigin | undefined) => void;

/** Statements that cannot change data: a SELECT, or the start of a transaction. */
const READ_ONLY_STATEMENT = /^\s*(\(\s*)?(select|begin|start transaction)\b/i;
/**
 * A write that names the members' or the sessions' table may change who may do what (a
 * suspension, a sign-out, a right): every request waits for it, whoever made it, so that this
 * instance refuses a suspended member at once. No trigger writes to these tables, so a
 * statement that changes them names them.
 */
const MEMBERS_OR_SESSIONS = /\b(users|sessions)\b/i;

const CHECKOUT = Symbol('checkout');

interface Checkout {
  origin: WriteOrigin | undefined;
}

type Tracked = { [CHECKOUT]?: Checkout };

function textOf(first: unknown): string | null {
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

function mayWrite(text: string | null): boolean {
  return !(text !== null && READ_ONLY_STATEMENT.test(text));
}

/** The origin a write is reported with: none of a session's own when it touches members or sessions (or cannot be read). */
function originOf(text: string | null, origin: WriteOrigin | undefined): WriteOrigin | undefined {
  return text === null || MEMBERS_OR_SESSIONS.test(text) ? (origin === undefined ? undefined : null) : origin;
}

/** Calls `send(args)`, then `done` once the statement has completed, by callback or by promise. */
function afterCompletion(args: unknown[], done: () => void, send: (args: unknown[]) => unknown): unknown {
  const callbackAt = args.findIndex((arg) => typeof arg === 'function');
  if (callbackAt >= 0) {
    const callback = args[callbackAt] as (...results: unknown[]) => void;
    args[callbackAt] = (...results: unknown[]) => {
      done();
      callback(...results);
    };
    return send(args);
  }
  const result = send(args);
  if (!(result instanceof Promise)) {
    done();
    return result;
  }
  return result.then(
    (value) => {
      done();
      return value;
    },
    (error: unknown) => {
      done();
      throw error;
    },
  );
}

/** A pool whose statements, alone or in a transaction, are reported to `listeners` when they may have written. */
export function writeTrackingPool(listeners: Set<WriteListener>): typeof pg.Pool {
  const written = (origin: WriteOrigin | undefined) => {
    for (const listener of listeners) listener(origin);
  };

  class WriteTrackingClient extends pg.Client {
    // pg's overloads cannot be restated one by one; the arguments pass through untouched.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const checkout = (this as Tracked)[CHECKOUT];
      const text = textOf(args[0]);
      // Only a connection the application holds (a transaction's); the pool's own use of a
      // connection for `pool.query` is reported by the pool below.
      if (!checkout || listeners.size === 0 || !mayWrite(text)) return (super.query as (...a: unknown[]) => unknown)(...args);
      // Once a transaction touched members or sessions, its COMMIT (what makes the change seen
      // and announced) is waited for by everyone too.
      checkout.origin = originOf(text, checkout.origin);
      return afterCompletion(args, () => written(checkout.origin), (a) => (super.query as (...a: unknown[]) => unknown)(...a));
    }
  }

  return class WriteTrackingPool extends pg.Pool {
    constructor(config?: pg.PoolConfig) {
      super({ ...config, Client: WriteTrackingClient as unknown as typeof pg.Client });
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const text = textOf(args[0]);
      if (listeners.size === 0 || !mayWrite(text)) return (super.query as (...a: unknown[]) => unknown)(...args);
      const origin = originOf(text, currentOrigin());
      return afterCompletion(args, () => written(origin), (a) => (super.query as (...a: unknown[]) => unknown)(...a));
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override connect(...args: any[]): any {
      // With a callback: the pool's own call for `query` above.
      if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
      const checkout: Checkout = { origin: currentOrigin() };
      return super.connect().then((client) => {
        (client as Tracked)[CHECKOUT] = checkout;
        const release = client.release;
        client.release = (error?: Error | boolean) => {
          if ((client as Tracked)[CHECKOUT] === checkout) delete (client as Tracked)[CHECKOUT];
          return release.call(client, error);
        };
        return client;
      });
    }
  } as unknown as typeof pg.Pool;
}
