/** Admin area payloads and answers (docs/product.md §2, the admin area). */
import { z } from 'zod';
import '../validation';
import { ADMIN } from '../messages/admin';
import type { ReportReason } from './participations';

/** GET /admin/actions: the audit log, newest first, paged. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ADMIN_ACTION_KINDS = ['promo_code.create', 'report.dismiss', 'report.withdraw', 'contest.refund', 'refund_request.approve', 'refund_request.reject'] as const;
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

export const DECISION_REASON_MAX = 1_000;

/** POST /admin/reports/{id}/dismiss: the admin says why. */
export const decideReportSchema = z.object({
  reason: z.string().trim().min(1, { error: ADMIN.decisionReasonRequired }).max(DECISION_REASON_MAX, { error: ADMIN.decisionReasonTooLong(DECISION_REASON_MAX) }),
});

/** A report as the admins' queue shows it (GET /admin/reports). */
export interface AdminReportDto {
  id: number;
  status: 'open' | 'dismissed' | 'withdrawn';
  reason: ReportReason;
  text: string | null;
  createdAt: string;
  participation: { id: number; number: number | null; previewFileId: number | null };
  contest: { id: number; companyName: string };
  author: { id: number; pseudo: string };
  reporter: { id: number; pseudo: string };
  decidedAt: string | null;
  decisionReason: string | null;
}

export interface AdminReportsPage {
  reports: AdminReportDto[];
  page: number;
  pageSize: number;
  total: number;
}
