/**
 * The organiser's pages of proposals served from memory (docs/decisions/0005). A page is the
 * same for the contest's organiser and for the team, and is shown to no one else: it is kept
 * with its contest's owner, and each request is checked against it before the page is given.
 * Migration 0040 announces every change to what a page shows: the contest and its counters, its
 * participations (stars, comments, winners, finalists, reports, final files), their files and
 * previews, what the originality check found, the authors' records and pseudonyms, the
 * sub-categories. A contest's pages are dropped together.
 */
import { MINUTE_MS, type ProposalsPage } from '@creadefi/domain';
import type { CacheInvalidation } from '../../cache/invalidation';
import { jsonWeight, ReadCache } from '../../cache/read-cache';

export interface KeptProposals {
  /** Whom the page is for, with the team. */
  ownerId: number;
  page: ProposalsPage;
  /** The authors the page shows, whose record or pseudonym drops it. */
  authors: ReadonlySet<number>;
}

/** A missing contest is not kept: one created afterwards is found. */
export type ProposalsCache = ReadCache<string, KeptProposals | null>;

/** The key of a page: its contest first, as the group its announcements drop. */
export function proposalsPageKey(contestId: number, query: { filtre: string; page: number; pageSize: number }): string {
  return `${contestId}:${query.filtre}:${query.page}:${query.pageSize}`;
}

const contestOf = (key: string) => Number(key.slice(0, key.indexOf(':')));

export function proposalsCache(invalidation: CacheInvalidation): ProposalsCache {
  // 32 MB: a page of 24 proposals with their files weighs 20 to 50 KB, so about a thousand pages.
  const cache: ProposalsCache = new ReadCache(invalidation, { capacity: 32_000_000, weigh: (kept) => (kept ? jsonWeight(kept.page) : 100), ttlMs: 10 * MINUTE_MS, groupOf: contestOf, keep: (kept) => kept !== null });
  const dropAuthor = (memberId: string) => {
    const id = Number(memberId);
    cache.deleteWhere((kept) => kept?.authors.has(id) ?? false);
  };
  invalidation.register('proposals', (contestId) => cache.deleteGroup(Number(contestId)), () => cache.clear());
  invalidation.register('talent-record', dropAuthor, () => cache.clear());
  invalidation.register('member-pseudo', dropAuthor, () => cache.clear());
  invalidation.register('sub-categories', () => cache.clear(), () => cache.clear());
  return cache;
}

export function keptProposals(ownerId: number, page: ProposalsPage): KeptProposals {
  return { ownerId, page, authors: new Set(page.participations.map((p) => p.participant.id)) };
}
