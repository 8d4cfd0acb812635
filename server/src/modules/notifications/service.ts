/** The bell (docs/product.md §11: the header links to /messages and /notifications with badges). */
import { and, count, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { NotificationDto, NotificationsPage, UnreadCountsDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { contests, messages, notifications, participations } from '../../db/schema';
import { publishEvent } from '../events/publish';

type NotificationRow = typeof notifications.$inferSelect;

function toDto(n: NotificationRow): NotificationDto {
  return { id: n.id, kind: n.kind, text: n.text, link: n.link, createdAt: n.createdAt.toISOString(), read: n.readAt !== null };
}

async function unreadNotifications(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** GET /notifications?page=&pageSize= — newest first. */
export async function listNotifications(ctx: AppContext, userId: number, q: { page: number; pageSize: number }): Promise<NotificationsPage> {
  const [rows, [total], unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    unreadNotifications(ctx.db, userId),
  ]);
  return { notifications: rows.map(toDto), total: Number(total?.n ?? 0), unread, page: q.page, pageSize: q.pageSize };
}

/** POST /notifications/read — `all`, or the given ids (only the viewer's own are touched). */
export async function markNotificationsRead(ctx: AppContext, userId: number, input: { ids?: number[]; all?: boolean }): Promise<{ unread: number }> {
  const now = ctx.clock();
  const which = input.all ? undefined : input.ids && input.ids.length > 0 ? inArray(notifications.id, input.ids) : null;
  if (which !== null) {
    await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), which))
        .returning({ id: notifications.id });
      // The user's other tabs update their badge too.
      if (changed.length > 0) await publishEvent(tx, { userIds: [userId], type: 'notification', idParticipation: null });
    });
  }
  return { unread: await unreadNotifications(ctx.db, userId) };
}

/**
 * GET /notifications/unread-count — the header's two badges. Unread messages are those the
 * other party wrote in the viewer's conversations, as organiser or as talent; system
 * messages are not counted (the matching notification already tells).
 */
export async function unreadCounts(ctx: AppContext, userId: number): Promise<UnreadCountsDto> {
  const [[messageRow], notificationsCount] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(participations, eq(participations.id, messages.participationId))
      .innerJoin(contests, eq(contests.id, participations.contestId))
      .where(
        and(
          isNull(messages.readAt),
          eq(messages.type, 1),
          ne(messages.authorId, userId),
          or(eq(participations.userId, userId), eq(contests.ownerId, userId)),
        ),
      ),
    unreadNotifications(ctx.db, userId),
  ]);
  return { messages: Number(messageRow?.n ?? 0), notifications: notificationsCount };
}
