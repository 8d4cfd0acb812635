/**
 * The counts of the organiser's filters (unrated, 1–2 stars, 3–5 stars) are columns of the
 * contest, moved in the transaction that changes the proposal they count and under the
 * contest's row lock, so that the proposals page reads them instead of counting its rows.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contests } from '../../db/schema';

const COLUMNS = { unrated: contests.proposalsUnrated, low: contests.proposalsLow, high: contests.proposalsHigh } as const;
const KEYS = { unrated: 'proposalsUnrated', low: 'proposalsLow', high: 'proposalsHigh' } as const;
type Bucket = keyof typeof COLUMNS;

export function starBucket(stars: number): Bucket {
  if (stars === 0) return 'unrated';
  return stars <= 2 ? 'low' : 'high';
}

/**
 * A proposal with content moves from the bucket of `from` stars to the one of `to` stars;
 * `from` null when it has just been given content. The caller holds the contest's lock.
 */
export async function moveStarCount(tx: Tx, contestId: number, from: number | null, to: number): Promise<void> {
  const target = starBucket(to);
  const source = from === null ? null : starBucket(from);
  if (source === target) return;
  const set: Partial<Record<(typeof KEYS)[Bucket], ReturnType<typeof sql>>> = { [KEYS[target]]: sql`${COLUMNS[target]} + 1` };
  if (source) set[KEYS[source]] = sql`${COLUMNS[source]} - 1`;
  await tx.update(contests).set(set).where(eq(contests.id, contestId));
}
