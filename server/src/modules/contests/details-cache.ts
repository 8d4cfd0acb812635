/**
 * The contest page served from memory (docs/decisions/0005), for published public contests:
 * the page is the same for every member but for whether they own the contest and whether they
 * take part, which are set per request (the second from the listing's per-member sets). A
 * private contest's page depends on the reader's agreement and is always read from the
 * database. Migration 0039 announces what the page shows: the contest row, its chosen options,
 * the options of the catalogue; migration 0040, the organiser's pseudonym.
 */
import { MINUTE_MS, type ContestDto } from '@creadefi/domain';
import type { CacheInvalidation } from '../../cache/invalidation';
import { ReadCache } from '../../cache/read-cache';
import type { AppContext } from '../../context';
import { contestsTakenPartIn } from './listing-cache';
import { loadContestDetails, NOBODY } from './repository';

export type ContestDetailsCache = ReadCache<number, ContestDto | null>;

/**
 * About what a page takes in memory: its texts, twice for UTF-16, and a few KB for the rest. A
 * contest that is not shared (null) is kept too, so that its readers do not ask twice.
 */
const detailsWeight = (dto: ContestDto | null) => (dto ? 2 * (dto.message.length + dto.companySkills.length + dto.target.length) + 3_000 : 100);

export function contestDetailsCache(invalidation: CacheInvalidation): ContestDetailsCache {
  // 32 MB: the 10 000 open contests of the bench's data take about as much.
  const cache: ContestDetailsCache = new ReadCache(invalidation, { capacity: 32_000_000, weigh: detailsWeight, ttlMs: 10 * MINUTE_MS });
  invalidation.register('contest', (id) => cache.delete(Number(id)), () => cache.clear());
  invalidation.register('member-pseudo', (userId) => cache.deleteWhere((dto) => dto?.User.id === Number(userId)), () => cache.clear());
  invalidation.register('contest-catalogue', () => cache.clear(), () => cache.clear());
  return cache;
}

/**
 * The page of a published public contest as `viewerId` sees it, from memory; null when the
 * contest is not one (missing, a draft, private): the caller reads it for the viewer. A null
 * kept for a draft that is then published, or a private contest made public, only sends its
 * readers to the database until the entry expires: it can never show them a stale page.
 */
export async function sharedContestPage(ctx: AppContext, viewerId: number, id: number): Promise<ContestDto | null> {
  const caches = ctx.caches;
  // Untrusted caches would only load: the page for the viewer in one query does better.
  if (!caches?.invalidation.trusted) return null;
  const [shared, participated] = await Promise.all([
    caches.details.get(id, async () => {
      const read = await loadContestDetails(ctx.db, id, NOBODY);
      // Read for nobody, `readable` means published and public (contestVisibleTo).
      return read?.readable && !read.dto.formats.isPrivate ? read.dto : null;
    }),
    contestsTakenPartIn(ctx, viewerId),
  ]);
  if (!shared) return null;
  // Read for nobody, the shared page says neither.
  const isOwner = shared.User.id === viewerId;
  const hasParticipated = participated.has(id);
  return isOwner || hasParticipated ? { ...shared, isOwner, hasParticipated } : shared;
}
