/**
 * A bounded map of values read from the database, dropped when the database announces a
 * change to them (see invalidation.ts). A value read while a change was announced is not
 * kept: it may predate the change. Concurrent misses of one key share one read.
 */
import type { CacheInvalidation } from './invalidation';

export interface ReadCacheOptions<V, K = unknown> {
  /** What the kept entries may weigh in all; the oldest go first. */
  capacity: number;
  /** An entry's weight (by default 1: `capacity` counts entries). */
  weigh?: (value: V) => number;
  /**
   * How long an entry may be served at most. Announcements drop entries at once; this only
   * bounds what an announcement lost without a sign could leave behind.
   */
  ttlMs: number;
  /** Values worth keeping; by default all. */
  keep?: (value: V) => boolean;
  /**
   * The group a key belongs to (a member's pages, say): `deleteGroup` drops all of its
   * entries at once, without looking at the others.
   */
  groupOf?: (key: K) => number;
}

/** About what a value read as JSON takes in memory: its JSON twice, for UTF-16, and a little more. */
export function jsonWeight(value: unknown): number {
  return 2 * JSON.stringify(value).length + 200;
}

interface Loading<V> {
  generation: number;
  groupDrops: number;
  promise: Promise<V>;
}

interface Entry<V> {
  value: V;
  weight: number;
  expiresAt: number;
}

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly groups = new Map<number, Set<K>>();
  private weight = 0;
  private readonly loading = new Map<K, Loading<V>>();
  /** Bumped by every drop but a group's: a read begun in an earlier generation is not kept. */
  private generation = 0;
  /**
   * A group's drop is numbered instead, so that a busy member's or contest's changes do not stop
   * the others' reads from being kept: a read is not kept if its own group was dropped after it
   * began. Forgotten whenever no read is in flight.
   */
  private groupDropCount = 0;
  private readonly groupDrops = new Map<number, number>();
  /** Reads in flight, including those a later read of their key replaced in `loading`. */
  private reads = 0;

  constructor(
    private readonly invalidation: CacheInvalidation,
    private readonly options: ReadCacheOptions<V, K>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The cached value, or `load()`'s. While the caches are not trusted (see invalidation.ts)
   * nothing is served from them, but what is read may still be kept: it is at least as
   * recent as the changes still to be announced, which will drop it.
   */
  async get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.invalidation.trusted) {
      const entry = this.entries.get(key);
      if (entry && entry.expiresAt > this.now()) return entry.value;
      const inFlight = this.loading.get(key);
      if (inFlight && this.current(key, inFlight)) return inFlight.promise;
    }
    const loading = { generation: this.generation, groupDrops: this.groupDropCount, promise: load() };
    this.loading.set(key, loading);
    this.reads++;
    try {
      const value = await loading.promise;
      if (this.current(key, loading) && this.invalidation.live && (this.options.keep?.(value) ?? true)) this.keep(key, value);
      return value;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
      if (--this.reads === 0) this.groupDrops.clear();
    }
  }

  /** True when nothing that could change the read of `key` was dropped since it began. */
  private current(key: K, loading: Loading<V>): boolean {
    if (loading.generation !== this.generation) return false;
    const group = this.options.groupOf?.(key);
    return group === undefined || (this.groupDrops.get(group) ?? 0) <= loading.groupDrops;
  }

  delete(key: K): void {
    this.generation++;
    this.remove(key);
  }

  /** Drops the entries whose value matches (rare announcements that name no single key). */
  deleteWhere(matches: (value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.remove(key);
  }

  /** Drops every entry of a group (see `groupOf`), and the reads of the group in flight. */
  deleteGroup(group: number): void {
    this.groupDrops.set(group, ++this.groupDropCount);
    for (const key of [...(this.groups.get(group) ?? [])]) this.remove(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.groups.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: K, value: V): void {
    const weight = this.options.weigh?.(value) ?? 1;
    if (weight > this.options.capacity) return;
    this.remove(key);
    while (this.weight + weight > this.options.capacity) this.remove(this.entries.keys().next().value as K);
    this.entries.set(key, { value, weight, expiresAt: this.now() + this.options.ttlMs });
    this.weight += weight;
    const group = this.options.groupOf?.(key);
    if (group !== undefined) {
      const keys = this.groups.get(group);
      if (keys) keys.add(key);
      else this.groups.set(group, new Set([key]));
    }
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    const group = this.options.groupOf?.(key);
    if (group === undefined) return;
    const keys = this.groups.get(group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(group);
  }
}
