/**
 * Whose requests wait for a write's announcement (cache/invalidation.ts): the session it was
 * made for, or everyone when it was made for none. A database that announces only when told
 * holds the announcement back as long as the test needs.
 */
import { describe, expect, it } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { WriteListener } from '../db/write-tracking';
import { runWithOrigin, type WriteOrigin } from '../db/write-origin';
import { CacheInvalidation } from './invalidation';

function heldDatabase() {
  const dialect = new PgDialect();
  let deliver: (payload: string) => void = () => {};
  let written: WriteListener = () => {};
  const markers: string[] = [];
  const database = {
    kind: 'postgres',
    db: {
      execute: async (query: SQL) => {
        markers.push(String(dialect.sqlToQuery(query).params[1]));
      },
    },
    listen: async (_channel: string, onMessage: (payload: string) => void) => {
      deliver = onMessage;
      return async () => {};
    },
    onWrite: (listener: WriteListener) => {
      written = listener;
      return () => {};
    },
    close: async () => {},
  } as unknown as Database;
  return {
    database,
    write: (origin: WriteOrigin | undefined) => written(origin),
    /** Delivers the markers sent so far, as PostgreSQL would after the writes before them. */
    announce: () => {
      for (const marker of markers.splice(0)) deliver(marker);
    },
  };
}

const trustedFor = (invalidation: CacheInvalidation, origin: WriteOrigin | undefined) => (origin === undefined ? invalidation.trusted : runWithOrigin(origin, () => invalidation.trusted));

describe('who waits for a write’s announcement', () => {
  it('a session’s write: that session’s requests, and code outside any request; not the others', async () => {
    const held = heldDatabase();
    const invalidation = new CacheInvalidation(held.database);
    await invalidation.start();
    expect(['a', 'b', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([true, true, true, true]);

    held.write('a');
    expect(['a', 'b', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([false, true, true, false]);
    held.write('b');
    expect(['a', 'b', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([false, false, true, false]);

    // The first marker covers the first write only; the second, sent once it arrives, the other.
    held.announce();
    expect(['a', 'b', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([true, false, true, false]);
    held.announce();
    expect(['a', 'b', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([true, true, true, true]);
    await invalidation.close();
  });

  it('a write made for no session (a visitor’s, a job’s): every request waits', async () => {
    const held = heldDatabase();
    const invalidation = new CacheInvalidation(held.database);
    await invalidation.start();
    for (const origin of [null, undefined] as const) {
      held.write(origin);
      expect(['a', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([false, false, false]);
      held.announce();
      expect(['a', null, undefined].map((o) => trustedFor(invalidation, o))).toEqual([true, true, true]);
    }
    await invalidation.close();
  });
});
