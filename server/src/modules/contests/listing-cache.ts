/**
 * The open-contest listing served from memory (docs/decisions/0005). The listing is the
 * busiest page of the site and the same for everyone but one flag: whether the viewer takes
 * part. A page is kept once for all members, the contests each member takes part in once per
 * member, and the flag is set from them. A change to an open contest's card drops every
 * page; a member's proposal sent or withdrawn drops their own set (migration 0008).
 */
import { MINUTE_MS } from '@creadefi/domain';
import type { ContestCardDto, ContestPage, ContestSearchPage, ListContestsInput } from '@creadefi/domain';
import type { CacheInvalidation } from '../../cache/invalidation';
import { ReadCache } from '../../cache/read-cache';
import type { AppContext } from '../../context';
import { listOpenContests, NOBODY, participatedContestIds } from './repository';

export interface ListingCaches {
  pages: ReadCache<string, ContestPage>;
  /** Pages of the search over open contests (modules/search), by their normalised question. */
  searches: ReadCache<string, ContestSearchPage>;
  participations: ReadCache<number, ReadonlySet<number>>;
}

/** About what a page takes in memory: its texts and, for the rest of a card, a few hundred bytes. */
const pageWeight = (page: { concours: ContestPage['concours'] }) => page.concours.reduce((sum, card) => sum + 2 * (card.message.length + card.companyName.length) + 500, 200);

export function listingCaches(invalidation: CacheInvalidation): ListingCaches {
  // 32 MB of pages at most (a page of 6 cards with briefs of a few hundred characters weighs
  // 5 to 10 KB), and about as much for the contests of 1 000 000 participations.
  const pages = new ReadCache<string, ContestPage>(invalidation, { capacity: 32_000_000, weigh: pageWeight, ttlMs: 10 * MINUTE_MS });
  const participations = new ReadCache<number, ReadonlySet<number>>(invalidation, { capacity: 1_000_000, weigh: (ids) => ids.size + 1, ttlMs: 10 * MINUTE_MS });
  // A search reads only what cards show (migration 0029), so the same announcements drop it.
  // Questions are many more than listing pages: 64 MB holds some 6 500 pages of 12 cards (about
  // 10 KB each). The bench's crowd of searches asks about 8 000 different pages in 11 s: with
  // 8 MB (500 pages of whole briefs) half its questions went to PostgreSQL, now a third.
  const searches = new ReadCache<string, ContestSearchPage>(invalidation, { capacity: 64_000_000, weigh: pageWeight, ttlMs: 10 * MINUTE_MS });
  invalidation.register('listing', () => pages.clear(), () => pages.clear());
  invalidation.register('listing', () => searches.clear(), () => searches.clear());
  invalidation.register('participant', (userId) => participations.delete(Number(userId)), () => participations.clear());
  return { pages, searches, participations };
}

/** A page of open contests as `viewerId` sees it. */
export async function openContestsPage(ctx: AppContext, viewerId: number, q: ListContestsInput): Promise<ContestPage> {
  const caches = ctx.caches;
  // Untrusted caches would only load: the page with its flags in one query does better.
  if (!caches?.invalidation.trusted) return listOpenContests(ctx.db, viewerId, q);
  const key = `${q.selector}:${q.orderedBy}:${q.idCategory ?? 0}:${q.idSubCategory ?? 0}:${q.page}:${q.pageSize}`;
  return withParticipation(ctx, viewerId, caches.listing.pages.get(key, () => listOpenContests(ctx.db, NOBODY, q)));
}

/** A page read for nobody, with the cards `viewerId` takes part in marked (both kept in memory). */
export async function withParticipation<P extends { concours: ContestCardDto[] }>(ctx: AppContext, viewerId: number, page: Promise<P>): Promise<P> {
  const [read, participated] = await Promise.all([page, contestsTakenPartIn(ctx, viewerId)]);
  if (!read.concours.some((card) => participated.has(card.id))) return read;
  return { ...read, concours: read.concours.map((card) => (participated.has(card.id) ? { ...card, hasParticipated: true } : card)) };
}

/** The contests `viewerId` takes part in (a proposal with content), kept in memory per member. */
export function contestsTakenPartIn(ctx: AppContext, viewerId: number): Promise<ReadonlySet<number>> {
  return ctx.caches!.listing.participations.get(viewerId, async () => new Set(await participatedContestIds(ctx.db, viewerId)));
}
