/** Admin area payloads and answers (docs/product.md §2, the admin area). */
import { z } from 'zod';
import '../validation';

/** GET /admin/actions: the audit log, newest first, paged. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ADMIN_ACTION_KINDS = ['promo_code.create', 'report.dismiss', 'report.withdraw'] as const;
export type AdminActionKind = (typeof ADMIN_ACTION_KINDS)[number];

export interface AdminActionDto {
  id: number;
  admin: { id: number; pseudo: string };
  action: AdminActionKind;
  targetType: string;
  targetId: number;
  reason: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AdminActionsPage {
  actions: AdminActionDto[];
  page: number;
  pageSize: number;
  total: number;
}
