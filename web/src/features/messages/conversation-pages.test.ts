import { describe, expect, it } from 'vitest';
import type { ConversationGroupDto, ConversationListPage } from '@creadefi/domain';
import { joinPages, mergeSides, type LoadedSide, type Side, type SidedGroup } from './conversation-pages';
import { buildGroup, buildSummary } from './test-utils';

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes)).toISOString();
const conv = (idParticipation: number, minutes: number) => buildSummary({ idParticipation, lastMessage: { message: 'x', createdAt: at(minutes), type: 1 } });
const page = (concours: ConversationGroupDto[], suivant: string | null = null): ConversationListPage => ({ concours, suivant });
const ids = (groups: readonly ConversationGroupDto[]) => groups.map((g) => [g.id, g.conversations.map((c) => c.idParticipation)]);

describe('joinPages', () => {
  it('makes one group of a contest cut by a page boundary, where its most recent conversation put it', () => {
    const pages = [
      page([buildGroup({ id: 7, conversations: [conv(1, 50)] }), buildGroup({ id: 8, conversations: [conv(2, 40), conv(3, 30)] })], 'p2'),
      page([buildGroup({ id: 8, status: 3, conversations: [conv(4, 20)] }), buildGroup({ id: 7, conversations: [conv(5, 10)] }), buildGroup({ id: 9, conversations: [conv(6, 5)] })]),
    ];
    const joined = joinPages(pages);
    expect(ids(joined)).toEqual([
      [7, [1, 5]],
      [8, [2, 3, 4]],
      [9, [6]],
    ]);
    // The most recently read page knows the contest's status best.
    expect(joined[1]!.status).toBe(3);
  });
});

describe('mergeSides', () => {
  it('shows one side as loaded, in its order', () => {
    const organiser: LoadedSide = { side: 'organiser', hasMore: true, pages: [page([buildGroup({ id: 7, conversations: [conv(1, 50), conv(2, 10)] }), buildGroup({ id: 8, conversations: [conv(3, 30)] })], 'p2')] };
    expect(ids(mergeSides([organiser]))).toEqual([
      [7, [1, 2]],
      [8, [3]],
    ]);
  });

  it('holds back what a side that has more could still be overtaken by, and shows it once the next page comes', () => {
    const participant: LoadedSide = { side: 'participant', hasMore: false, pages: [page([buildGroup({ id: 20, conversations: [conv(21, 45), conv(22, 5)] })])] };
    const firstPage = page([buildGroup({ id: 10, conversations: [conv(11, 50), conv(12, 30)] })], 'p2');
    const before = mergeSides([{ side: 'organiser', hasMore: true, pages: [firstPage] }, participant]);
    // 22 (at 5) is older than the organiser's last loaded conversation (30): its page 2 may hold some in between.
    expect(before.map((g) => [g.side, g.id, g.conversations.map((c) => c.idParticipation)])).toEqual([
      ['organiser', 10, [11, 12]],
      ['participant', 20, [21]],
    ]);
    const after = mergeSides([{ side: 'organiser', hasMore: false, pages: [firstPage, page([buildGroup({ id: 13, conversations: [conv(14, 20)] })])] }, participant]);
    expect(after.map((g) => [g.side, g.id, g.conversations.map((c) => c.idParticipation)])).toEqual([
      ['organiser', 10, [11, 12]],
      ['participant', 20, [21, 22]],
      ['organiser', 13, [14]],
    ]);
  });

  it('never shows a conversation while a more recent one is still to come, page after page, until all are shown', () => {
    // Two sides of 40 conversations each with random times (ties included), paged by 7 as the server does.
    let seed = 17;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const all = new Map<Side, { id: number; contest: number; minutes: number }[]>();
    for (const [s, side] of (['organiser', 'participant'] as const).entries()) {
      const rows = Array.from({ length: 40 }, (_, i) => ({ id: 1000 * (s + 1) + i, contest: 100 * (s + 1) + Math.floor(random() * 6), minutes: Math.floor(random() * 30) }));
      all.set(side, rows.sort((a, b) => b.minutes - a.minutes || b.id - a.id));
    }
    const serverPage = (side: Side, n: number): ConversationListPage => {
      const rows = all.get(side)!.slice(n * 7, n * 7 + 7);
      const groups = new Map<number, ConversationGroupDto>();
      for (const r of rows) {
        if (!groups.has(r.contest)) groups.set(r.contest, buildGroup({ id: r.contest, conversations: [] }));
        groups.get(r.contest)!.conversations.push(conv(r.id, r.minutes));
      }
      return page([...groups.values()], n * 7 + 7 < 40 ? `p${n + 1}` : null);
    };
    const loaded: Record<Side, ConversationListPage[]> = { organiser: [serverPage('organiser', 0)], participant: [serverPage('participant', 0)] };
    const timeOf = new Map([...all.values()].flat().map((r) => [r.id, r.minutes]));
    let shownBefore = 0;
    for (let step = 0; step < 10; step++) {
      const sides = (['organiser', 'participant'] as const).map((side) => ({ side, pages: loaded[side], hasMore: loaded[side].at(-1)!.suivant !== null }));
      const shown: SidedGroup[] = mergeSides(sides);
      const shownIds = new Set(shown.flatMap((g) => g.conversations.map((c) => c.idParticipation)));
      const oldestShown = Math.min(...[...shownIds].map((id) => timeOf.get(id)!));
      // Everything strictly more recent than the oldest conversation shown is shown.
      for (const [id, minutes] of timeOf) if (minutes > oldestShown) expect(shownIds.has(id), `step ${step}, conversation ${id}`).toBe(true);
      // Groups in the order of their most recent conversation.
      const heads = shown.map((g) => Date.parse(g.conversations[0]!.activityAt));
      expect(heads).toEqual([...heads].sort((a, b) => b - a));
      expect(shownIds.size).toBeGreaterThan(shownBefore);
      shownBefore = shownIds.size;
      if (sides.every((s) => !s.hasMore)) break;
      for (const s of sides) if (s.hasMore) loaded[s.side].push(serverPage(s.side, loaded[s.side].length));
    }
    expect(shownBefore).toBe(80);
  });
});
