/**
 * The conversation lists served from memory (docs/decisions/0005). A list is a member's own:
 * each page is kept under its reader, side, filter, size and cursor, and a member's pages are
 * dropped together when migration 0040 announces a change to one of their conversations (a
 * proposal sent, withdrawn or chosen, a message sent or read, a contest's status, company or
 * sub-category). Pages are keyset-paged, so a change that removes a conversation from a page
 * leaves the pages after it as they were; those pages belong to the same member and go anyway.
 */
import { MINUTE_MS, type ConversationListPage } from '@creadefi/domain';
import type { CacheInvalidation } from '../../cache/invalidation';
import { jsonWeight, ReadCache } from '../../cache/read-cache';

export interface KeptConversations {
  page: ConversationListPage;
  /** The other members the page names, whose new pseudonym drops it. */
  counterparts: ReadonlySet<number>;
}

export type ConversationListCache = ReadCache<string, KeptConversations>;

/** The key of a page: its reader first, as the group its announcements drop. */
export function conversationPageKey(viewerId: number, side: string, running: boolean, pageSize: number, cursor: string | undefined): string {
  return `${viewerId}:${side}:${running ? 'running' : 'all'}:${pageSize}:${cursor ?? ''}`;
}

const readerOf = (key: string) => Number(key.slice(0, key.indexOf(':')));

export function conversationListCache(invalidation: CacheInvalidation): ConversationListCache {
  // 16 MB: a first page of 30 conversations weighs 10 to 20 KB, so about a thousand members' lists.
  const cache: ConversationListCache = new ReadCache(invalidation, { capacity: 16_000_000, weigh: (kept) => jsonWeight(kept.page), ttlMs: 10 * MINUTE_MS, groupOf: readerOf });
  invalidation.register('conversations', (memberId) => cache.deleteGroup(Number(memberId)), () => cache.clear());
  invalidation.register(
    'member-pseudo',
    (memberId) => {
      const id = Number(memberId);
      cache.deleteWhere((kept) => kept.counterparts.has(id));
    },
    () => cache.clear(),
  );
  invalidation.register('sub-categories', () => cache.clear(), () => cache.clear());
  return cache;
}

export function keptConversations(page: ConversationListPage): KeptConversations {
  const counterparts = new Set<number>();
  for (const group of page.concours) for (const conversation of group.conversations) counterparts.add(conversation.counterpart.id);
  return { page, counterparts };
}
