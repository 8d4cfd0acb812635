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

const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The question in one spelling per meaning, so that its page is read once and kept for all of
 * them: spaces folded and, when it is only plain words, those words in lower case and in
 * alphabetical order. `websearch_to_tsquery` lowercases words and joins plain ones with « et »,
 * whose order changes neither the matches nor the rank, so « Boulangerie logo » asks what
 * « logo boulangerie » asks. Anything else (« "…" », « -mot », « or », « l'affiche ») is left in
 * its order, which may carry meaning.
 */
function canonicalQuestion(text: string): string {
  const words = text.trim().split(/\s+/);
  if (!words.every((w) => PLAIN_WORD.test(w) && w.toLowerCase() !== 'or')) return words.join(' ');
  return words
    .map((w) => w.toLocaleLowerCase('fr'))
    .sort()
    .join(' ');
}

/** The key of a question (already in its canonical spelling). */
function searchKey(q: SearchContestsInput, now: Date): string {
  // « Se termine bientôt » moves with the clock: such a page is kept within its minute only.
  const minute = q.endingSoon ? Math.floor(now.getTime() / MINUTE_MS) : 0;
  return JSON.stringify([q.q, q.idCategory ?? 0, q.format ?? 0, q.minPrize ?? -1, q.maxPrize ?? -1, minute, q.page]);
}

/** GET /concours/search: a page of open contests matching `q`, as `viewerId` (null: a visitor) sees it. */
export async function searchContests(ctx: AppContext, viewerId: number | null, asked: SearchContestsInput): Promise<ContestSearchPage> {
  const q = { ...asked, q: canonicalQuestion(asked.q) };
  const now = ctx.clock();
  const caches = ctx.caches;
  if (!caches?.invalidation.trusted) return searchOpenContests(ctx.db, viewerId ?? NOBODY, q, now);
  const page = caches.listing.searches.get(searchKey(q, now), () => searchOpenContests(ctx.db, NOBODY, q, now));
  return viewerId === null ? page : withParticipation(ctx, viewerId, page);
}
