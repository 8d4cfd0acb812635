/**
 * The counts of the organiser's filters (unrated, 1–2 stars, 3–5 stars) are columns of the
 * contest, moved in the transaction that changes the proposal they count and under the
 * contest's row lock, so that the proposals page reads them instead of counting its rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { contests } from '../../db/schema';

const COLUMNS = { unrated: contests.proposalsUnrated, low: contests.proposalsLow, high: contests.proposalsHigh } as const;
const KEYS = { unrated: 'proposalsUnrated', low: 'proposalsLow', high: 'proposalsHigh' } as const;
type Bucket = keyof typeof COLUMNS;

function starBucket(stars: number): Bucket {
  if (stars === 0) return 'unrated';
  return stars <= 2 ? 'low' : 'high';
}

/**
 * The change of the contest's counter columns when a proposal with content moves from the
 * bucket of `from` stars to the one of `to` stars (`from` null when it has just been given
 * content), to go into the caller's update of the contest, under the contest's lock. Empty
 * when the bucket stays the same.
 */
export function starCountChange(from: number | null, to: number): Partial<Record<(typeof KEYS)[Bucket], SQL>> {
  const target = starBucket(to);
  const source = from === null ? null : starBucket(from);
  if (source === target) return {};
  const change: Partial<Record<(typeof KEYS)[Bucket], SQL>> = { [KEYS[target]]: sql`${COLUMNS[target]} + 1` };
  if (source) change[KEYS[source]] = sql`${COLUMNS[source]} - 1`;
  return change;
}

/** The change of the counter columns when a proposal with `from` stars loses its content. */
export function starCountRemoval(from: number): Partial<Record<(typeof KEYS)[Bucket], SQL>> {
  const source = starBucket(from);
  return { [KEYS[source]]: sql`${COLUMNS[source]} - 1` };
}
