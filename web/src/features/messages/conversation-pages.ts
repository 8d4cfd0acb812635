/**
 * The message list's pages put back together. Each side (organiser, participant) comes from
 * the server in pages, most recent activity first, grouped by contest within a page; the
 * page shows one list per tab, and "Tout" shows both sides as one list.
 */
import type { ConversationGroupDto, ConversationListPage } from '@creadefi/domain';

export type Side = 'organiser' | 'participant';

export interface SidedGroup extends ConversationGroupDto {
  side: Side;
}

/** One side as loaded so far. */
export interface LoadedSide {
  side: Side;
  pages: readonly ConversationListPage[];
  /** The server has more of this side than loaded. */
  hasMore: boolean;
}

/**
 * A side's pages as one list of groups: a contest whose conversations a page boundary cut
 * in two becomes one group again, where its most recent conversation put it.
 */
export function joinPages(pages: readonly ConversationListPage[]): ConversationGroupDto[] {
  const groups = new Map<number, ConversationGroupDto>();
  for (const page of pages) {
    for (const group of page.concours) {
      const known = groups.get(group.id);
      // Later pages carry the contest as it is now: its status may have moved meanwhile.
      if (known) groups.set(group.id, { ...group, conversations: [...known.conversations, ...group.conversations] });
      else groups.set(group.id, group);
    }
  }
  return [...groups.values()];
}

const activityOf = (conversation: { activityAt: string }) => Date.parse(conversation.activityAt);

/** The oldest activity loaded on a side, or +∞ when nothing is. */
function oldestLoaded(groups: readonly ConversationGroupDto[]): number {
  let oldest = Infinity;
  for (const group of groups) for (const c of group.conversations) oldest = Math.min(oldest, activityOf(c));
  return oldest;
}

/**
 * The sides as one list, most recent activity first, as a merge of sorted streams read a
 * page at a time. A side with more to load only promises that what it has not sent yet is
 * no more recent than the last conversation it sent. So a conversation of the other side
 * older than that could still be overtaken by one not loaded yet: showing it now would put
 * it in the wrong place, and the next page would slip conversations in above it. Only the
 * conversations no older than that limit (the most recent one over the sides that have
 * more) are shown; the rest stay loaded and appear when the next pages move the limit.
 * Every "Voir plus" then shows at least the new page of the side that set the limit.
 */
export function mergeSides(sides: readonly LoadedSide[]): SidedGroup[] {
  const joined = sides.map(({ side, pages, hasMore }) => ({ side, hasMore, groups: joinPages(pages) }));
  const limit = Math.max(-Infinity, ...joined.filter((s) => s.hasMore).map((s) => oldestLoaded(s.groups)));
  const shown = joined.flatMap(({ side, groups }) =>
    groups
      .map((group) => ({ ...group, side, conversations: group.conversations.filter((c) => activityOf(c) >= limit) }))
      .filter((group) => group.conversations.length > 0),
  );
  if (sides.length < 2) return shown;
  // Within a side the groups already come most recent first; a stable sort keeps that order between equals.
  return shown
    .map((group, index) => ({ group, index, at: activityOf(group.conversations[0]!) }))
    .sort((a, b) => (b.at === a.at ? a.index - b.index : b.at - a.at))
    .map(({ group }) => group);
}
