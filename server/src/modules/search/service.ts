/**
 * The search over open contests (docs/product.md §11), for visitors and members alike: the same
 * cards the category pages show to anyone. Pages are read once for everyone and kept in memory
 * like the listing's (docs/decisions/0005), dropped by the same announcements; a member's own
 * « vous participez » marks are set from their kept set.
 */
import { MINUTE_MS, type ContestSearchPage, type SearchContestsInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { withParticipation } from '../contests/listing-cache';
import { NOBODY } from '../contests/repository';
import { searchOpenContests } from './repository';

/** The key of a question: spaces folded, so that « logo  boulangerie » and « logo boulangerie » share a page. */
function searchKey(q: SearchContestsInput, now: Date): string {
  // « Se termine bientôt » moves with the clock: such a page is kept within its minute only.
  const minute = q.endingSoon ? Math.floor(now.getTime() / MINUTE_MS) : 0;
  return JSON.stringify([q.q.replace(/\s+/g, ' '), q.idCategory ?? 0, q.format ?? 0, q.minPrize ?? -1, q.maxPrize ?? -1, minute, q.page]);
}

/** GET /concours/search: a page of open contests matching `q`, as `viewerId` (null: a visitor) sees it. */
export async function searchContests(ctx: AppContext, viewerId: number | null, q: SearchContestsInput): Promise<ContestSearchPage> {
  const now = ctx.clock();
  const caches = ctx.caches;
  if (!caches?.invalidation.trusted) return searchOpenContests(ctx.db, viewerId ?? NOBODY, q, now);
  const page = caches.listing.searches.get(searchKey(q, now), () => searchOpenContests(ctx.db, NOBODY, q, now));
  return viewerId === null ? page : withParticipation(ctx, viewerId, page);
}
