import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { CacheInvalidation } from './invalidation';
import { ReadCache } from './read-cache';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let invalidation: CacheInvalidation;

beforeAll(async () => {
  database = await openTestDatabase();
  invalidation = new CacheInvalidation(database);
  await invalidation.start();
  await invalidation.caughtUp();
});
afterAll(async () => {
  await invalidation.close();
  await database.drop();
});

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('read cache', () => {
  it('reads once, then serves what it kept until the key is dropped', async () => {
    const cache = new ReadCache<string, number>(invalidation, { capacity: 10, ttlMs: 60_000 });
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.delete('a');
    expect(await cache.get('a', load)).toBe(2);
    cache.clear();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not keep a value read while a change was announced: it may predate the change', async () => {
    const cache = new ReadCache<string, string>(invalidation, { capacity: 10, ttlMs: 60_000 });
    const slow = deferred<string>();
    const pending = cache.get('a', () => slow.promise);
    cache.delete('a');
    slow.resolve('before the change');
    expect(await pending).toBe('before the change');
    expect(await cache.get('a', async () => 'after the change')).toBe('after the change');
    expect(await cache.get('a', async () => 'not read')).toBe('after the change');
  });

  it('concurrent misses of one key share one read', async () => {
    const cache = new ReadCache<string, number>(invalidation, { capacity: 10, ttlMs: 60_000 });
    let reads = 0;
    const slow = deferred<number>();
    const load = () => {
      reads++;
      return slow.promise;
    };
    const all = Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    slow.resolve(7);
    expect(await all).toEqual([7, 7, 7]);
    expect(reads).toBe(1);
  });

  it('keeps at most its number of entries, the oldest going first, and none past their time', async () => {
    let now = 0;
    const cache = new ReadCache<number, number>(invalidation, { capacity: 3, ttlMs: 1000 }, () => now);
    for (const key of [1, 2, 3, 4]) await cache.get(key, async () => key * 10);
    expect(cache.size).toBe(3);
    expect(await cache.get(1, async () => -1)).toBe(-1);
    expect(await cache.get(4, async () => -4)).toBe(40);
    now = 1001;
    expect(await cache.get(4, async () => 41)).toBe(41);
  });

  it('keeps at most its weight: heavy values push out as many old ones as needed, one heavier than all is not kept', async () => {
    const cache = new ReadCache<string, string>(invalidation, { capacity: 10, ttlMs: 60_000, weigh: (value) => value.length });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key.repeat(3));
    expect(cache.size).toBe(3);
    await cache.get('d', async () => 'dddddd');
    expect(cache.size).toBe(2);
    expect(await cache.get('c', async () => 'not read')).toBe('ccc');
    expect(await cache.get('a', async () => 'read again')).toBe('read again');
    await cache.get('e', async () => 'e'.repeat(11));
    expect(await cache.get('e', async () => 'read again')).toBe('read again');
  });

  it('keeps only the values it is told to keep', async () => {
    const cache = new ReadCache<string, string | null>(invalidation, { capacity: 10, ttlMs: 60_000, keep: (value) => value !== null });
    expect(await cache.get('unknown', async () => null)).toBeNull();
    expect(await cache.get('unknown', async () => 'created since')).toBe('created since');
  });

  it('drops a group\'s entries at once, and only those, whether pushed out, replaced or cleared before', async () => {
    const cache = new ReadCache<string, string>(invalidation, { capacity: 4, ttlMs: 60_000, groupOf: (key) => Number(key.split(':')[0]) });
    for (const key of ['1:a', '1:b', '2:a', '2:b']) await cache.get(key, async () => `${key} read`);
    cache.deleteGroup(1);
    expect(cache.size).toBe(2);
    expect(await cache.get('1:a', async () => '1:a read again')).toBe('1:a read again');
    expect(await cache.get('2:a', async () => 'not read')).toBe('2:a read');
    // '1:a' pushed '2:a' out (the oldest): the group forgets it, dropping it again is harmless.
    await cache.get('3:a', async () => '3:a read');
    await cache.get('3:b', async () => '3:b read');
    cache.deleteGroup(2);
    cache.deleteGroup(2);
    expect(cache.size).toBe(3);
    expect(await cache.get('3:b', async () => 'not read')).toBe('3:b read');
    cache.clear();
    cache.deleteGroup(3);
    await cache.get('3:b', async () => '3:b after the clear');
    await cache.get('4:a', async () => '4:a read');
    cache.deleteGroup(3);
    expect(cache.size).toBe(1);
    expect(await cache.get('4:a', async () => 'not read')).toBe('4:a read');
  });

  it('does not keep a read of a group dropped while it ran, and keeps the others\' reads', async () => {
    const cache = new ReadCache<string, string>(invalidation, { capacity: 10, ttlMs: 60_000, groupOf: (key) => Number(key.split(':')[0]) });
    const mine = deferred<string>();
    const theirs = deferred<string>();
    const pendingMine = cache.get('1:a', () => mine.promise);
    const pendingTheirs = cache.get('2:a', () => theirs.promise);
    cache.deleteGroup(1);
    // A read of the group begun after its drop is not served the earlier read.
    expect(await cache.get('1:a', async () => 'after the drop')).toBe('after the drop');
    mine.resolve('before the drop');
    theirs.resolve('theirs');
    expect(await pendingMine).toBe('before the drop');
    expect(await pendingTheirs).toBe('theirs');
    expect(await cache.get('1:a', async () => 'not read')).toBe('after the drop');
    expect(await cache.get('2:a', async () => 'not read')).toBe('theirs');
  });

  it('does not keep a read of a dropped group when a later read of its key ended first', async () => {
    const cache = new ReadCache<string, string>(invalidation, { capacity: 10, ttlMs: 60_000, groupOf: (key) => Number(key.split(':')[0]) });
    const slow = deferred<string>();
    const pending = cache.get('1:a', () => slow.promise);
    cache.deleteGroup(1);
    expect(await cache.get('1:a', async () => 'after the drop')).toBe('after the drop');
    slow.resolve('before the drop');
    expect(await pending).toBe('before the drop');
    expect(await cache.get('1:a', async () => 'not read')).toBe('after the drop');
  });
});
