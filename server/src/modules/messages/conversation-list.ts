/**
 * GET /message/read/byConcours (the viewer organises) and /byParticipation (the viewer is the
 * talent): a page of conversations grouped by contest, most recent activity first (the last
 * message, or the proposal while there is none; participation id between equals). A
 * conversation is listed once it holds a message or a proposal.
 *
 * One query a page, keyset-paged: the page's conversations are chosen first, with only what
 * ordering needs, and only those then get their names, last message and unread count (from
 * lateral subqueries served by messages_participation_idx). The running-only switch of docs/product.md §11
 * filters in that same query, so a page is never emptied by it.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { CONTEST_STATUS, type ConversationGroupDto, type ConversationListPage, type ConversationsQuery } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contests, messages, participations, subCategories, users } from '../../db/schema';
import { conversationPageKey, keptConversations } from './conversation-list-cache';
import { CURSOR_TIME_FORMAT, decodeCursor, encodeCursor } from './cursor';
import type { Party } from './rules';

interface ListShape {
  side: Party;
  /** Only contests neither cancelled (−1) nor finished (5). */
  running: boolean;
  /** A next page: only conversations after the cursor. */
  after: boolean;
}

/** The lists' order; participations_organiser_conversation_idx holds it per organiser. */
const activity = sql`coalesce(${participations.lastMessageAt}, ${participations.createdAt})`;
// Written out rather than bound (as are the statuses below) so that every plan of the named
// statements, generic ones included, knows the condition and can use the partial index.
const isConversation = sql`(${participations.isParticipating} or ${participations.lastMessageAt} is not null)`;
const isRunning = sql`${contests.status} not in (${sql.raw(String(CONTEST_STATUS.cancelled))}, ${sql.raw(String(CONTEST_STATUS.finished))})`;
const afterCursor = sql`(${activity}, ${participations.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('afterId')}::int)`;

/**
 * The viewer and the page size, read through a one-value subquery whose value the planner does
 * not look at. Given them, it costs a custom plan for a member with few conversations below the
 * generic one and so planned the busiest list afresh on every call (as long as the execution
 * itself, bench/RESULTS.md); not given them, its estimates are those of the generic plan, which it
 * keeps after five calls. That plan is the same for every member: the index, in order, to the page.
 */
const viewer = sql`(select ${sql.placeholder('viewerId')}::int)`;
const pageLimit = sql`(select ${sql.placeholder('limit')}::int)`;

/**
 * The page's conversations, with what ordering and grouping need. An organiser's are read in
 * the page's order from participations_organiser_conversation_idx, which stops at the page
 * however many contests and conversations they have; a talent's are few enough (one per
 * contest they entered) to be read from participations_user_idx and sorted.
 */
function pageOf(db: Db, shape: ListShape) {
  const organiser = shape.side === 'organiser';
  return db
    .select({
      id: sql<number>`${participations.id}`.as('conv_id'),
      isWinner: sql<boolean>`${participations.isWinner}`.as('conv_winner'),
      counterpartId: sql<number>`${organiser ? participations.userId : contests.ownerId}`.as('conv_counterpart'),
      activity: activity.as('conv_activity'),
      contestId: sql<number>`${contests.id}`.as('conv_contest'),
      status: sql<number>`${contests.status}`.as('conv_status'),
      companyName: sql<string>`${contests.companyName}`.as('conv_company'),
      subCategoryId: sql<number>`${contests.subCategoryId}`.as('conv_sub_category'),
    })
    .from(participations)
    .innerJoin(contests, eq(contests.id, participations.contestId))
    .where(
      and(
        eq(organiser ? participations.organiserId : participations.userId, viewer),
        isConversation,
        shape.running ? isRunning : undefined,
        shape.after ? afterCursor : undefined,
      ),
    )
    .orderBy(desc(activity), desc(participations.id))
    // drizzle types a limit as a number or a placeholder; it writes any SQL given.
    .limit(pageLimit as unknown as number)
    .as('conv');
}

/** The page's rows with their names, last message and unread count, as one named statement. */
function prepareList(db: Db, shape: ListShape) {
  const conv = pageOf(db, shape);
  const last = db
    .select({ message: messages.message, createdAt: messages.createdAt, type: messages.type })
    .from(messages)
    .where(eq(messages.participationId, conv.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const unread = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(messages)
    .where(and(eq(messages.participationId, conv.id), isNull(messages.readAt), eq(messages.type, 1), ne(messages.authorId, viewer)))
    .as('unread');
  const name = `conversations_${shape.side}_${shape.running ? 'running' : 'all'}_${shape.after ? 'next' : 'first'}`;
  return db
    .select({
      idParticipation: conv.id,
      isWinner: conv.isWinner,
      contestId: conv.contestId,
      status: conv.status,
      companyName: conv.companyName,
      subId: conv.subCategoryId,
      subName: subCategories.title,
      counterpartId: conv.counterpartId,
      counterpartPseudo: users.pseudo,
      // To the microsecond, for the cursor (see cursor.ts).
      activityKey: sql<string>`to_char(${conv.activity} at time zone 'UTC', ${sql.raw(`'${CURSOR_TIME_FORMAT}'`)})`,
      lastMessage: last.message,
      lastAt: last.createdAt,
      lastType: last.type,
      unread: unread.n,
    })
    .from(conv)
    .innerJoin(subCategories, eq(subCategories.id, conv.subCategoryId))
    .innerJoin(users, eq(users.id, conv.counterpartId))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(unread, sql`true`)
    .orderBy(desc(conv.activity), desc(conv.id))
    .prepare(name);
}

const listStatements = preparedPerDatabase((db, key) => {
  const [side, running, after] = key.split(':');
  return prepareList(db, { side: side as Party, running: running === 'running', after: after === 'next' });
});

type ListRow = Awaited<ReturnType<ReturnType<typeof prepareList>['execute']>>[number];

/** A page of `viewerId`'s conversations, from memory when it can be (conversation-list-cache.ts). */
export async function listConversations(ctx: AppContext, viewerId: number, side: Party, query: ConversationsQuery): Promise<ConversationListPage> {
  const cache = ctx.caches?.conversations;
  if (!cache) return readConversations(ctx, viewerId, side, query);
  const key = conversationPageKey(viewerId, side, query.enCours, query.pageSize, query.apres);
  return (await cache.get(key, async () => keptConversations(await readConversations(ctx, viewerId, side, query)))).page;
}

async function readConversations(ctx: AppContext, viewerId: number, side: Party, query: ConversationsQuery): Promise<ConversationListPage> {
  const cursor = query.apres === undefined ? null : decodeCursor(query.apres);
  const statement = listStatements(ctx.db, `${side}:${query.enCours ? 'running' : 'all'}:${cursor ? 'next' : 'first'}`);
  // One row more than the page tells whether another page follows.
  const rows = await statement.execute({ viewerId, limit: query.pageSize + 1, at: cursor?.at, afterId: cursor?.idParticipation });
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const suivant = rows.length > query.pageSize && last ? encodeCursor({ at: last.activityKey, idParticipation: last.idParticipation }) : null;
  return { concours: groupByContest(page, side), suivant };
}

/** Groups in the order of their most recent conversation, which is the rows' order. */
function groupByContest(rows: ListRow[], side: Party): ConversationGroupDto[] {
  const groups = new Map<number, ConversationGroupDto>();
  for (const r of rows) {
    let group = groups.get(r.contestId);
    if (!group) {
      group = { id: r.contestId, status: r.status, companyName: r.companyName, subCategory: { id: r.subId, name: r.subName }, conversations: [] };
      groups.set(r.contestId, group);
    }
    group.conversations.push({
      idParticipation: r.idParticipation,
      counterpart: { id: r.counterpartId, pseudo: r.counterpartPseudo },
      role: side,
      isWinner: r.isWinner,
      lastMessage: r.lastAt ? { message: r.lastMessage!, createdAt: r.lastAt.toISOString(), type: r.lastType! } : null,
      unread: Number(r.unread ?? 0),
      activityAt: `${r.activityKey.slice(0, 23)}Z`,
    });
  }
  return [...groups.values()];
}
