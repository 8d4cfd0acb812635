/**
 * The admins' audit log (docs/architecture.md §6): one row per admin action, written in the
 * same transaction as the action, so that an action and its record stand or fall together.
 * The table is append-only in the database itself (migration 0017).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { AdminActionKind, AdminActionsPage } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { adminActions, users } from '../../db/schema';

export interface AdminActionEntry {
  adminId: number;
  action: AdminActionKind;
  targetType: 'promo_code' | 'report' | 'user' | 'contest' | 'payout' | 'dispute' | 'refund_request';
  targetId: number;
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAdminAction(tx: Tx, entry: AdminActionEntry): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: entry.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}

/** GET /admin/actions: newest first, paged in SQL. */
export async function listAdminActions(db: Db, query: { page: number; pageSize: number }): Promise<AdminActionsPage> {
  const rows = await db
    .select({ action: adminActions, pseudo: users.pseudo })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(adminActions);
  return {
    actions: rows.map(({ action: a, pseudo }) => ({
      id: a.id,
      admin: { id: a.adminId, pseudo },
      action: a.action as AdminActionKind,
      targetType: a.targetType,
      targetId: a.targetId,
      reason: a.reason,
      details: a.details,
      createdAt: a.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
