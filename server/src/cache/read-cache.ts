/**
 * A bounded map of values read from the database, dropped when the database announces a
 * change to them (see invalidation.ts). A value read while a change was announced is not
 * kept: it may predate the change. Concurrent misses of one key share one read.
 */
import type { CacheInvalidation } from './invalidation';

export interface ReadCacheOptions<V> {
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
}

interface Entry<V> {
  value: V;
  weight: number;
  expiresAt: number;
}

export class ReadCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private weight = 0;
  private readonly loading = new Map<K, { generation: number; promise: Promise<V> }>();
  /** Bumped by every drop: a read begun in an earlier generation is not kept. */
  private generation = 0;

  constructor(
    private readonly invalidation: CacheInvalidation,
    private readonly options: ReadCacheOptions<V>,
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
      if (inFlight && inFlight.generation === this.generation) return inFlight.promise;
    }
    const generation = this.generation;
    const promise = load();
    this.loading.set(key, { generation, promise });
    try {
      const value = await promise;
      if (generation === this.generation && this.invalidation.live && (this.options.keep?.(value) ?? true)) this.keep(key, value);
      return value;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
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

  clear(): void {
    this.generation++;
    this.entries.clear();
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
  }

  private remove(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
