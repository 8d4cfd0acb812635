/** The organiser's way out of a contest without a winner, and the admins' refunds (docs/product.md §3). */
import { z } from 'zod';
import '../validation';
import { findSubCategory } from '../catalogue';
import { ADMIN } from '../messages/admin';
import { REFUNDS } from '../messages/refunds';
import { DECISION_REASON_MAX } from './admin';
import { REFUND_MESSAGE_MAX } from '../form-values';

/**
 * Sub-categories whose proposals are read in full on their card (a name, a slogan): once seen,
 * the idea cannot be given back, so their contests are never refunded on request.
 */
export const NO_REFUND_SUB_CATEGORY_SLUGS = ['nom-de-boite', 'slogan'] as const;

export function mayRequestRefundFor(subCategoryId: number): boolean {
  const sub = findSubCategory(subCategoryId);
  return !sub || !(NO_REFUND_SUB_CATEGORY_SLUGS as readonly string[]).includes(sub.slug);
}

/** POST /concours/{id}/refund-request: the organiser may say why. */
export const refundRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .max(REFUND_MESSAGE_MAX, { error: REFUNDS.messageTooLong(REFUND_MESSAGE_MAX) })
    .optional()
    .nullable(),
});
export type RefundRequestInput = z.infer<typeof refundRequestSchema>;

/** POST /admin/contests/{id}/refund and the approval or rejection of a request: the admin says why. */
export const adminRefundSchema = z.object({
  reason: z.string().trim().min(1, { error: ADMIN.decisionReasonRequired }).max(DECISION_REASON_MAX, { error: ADMIN.decisionReasonTooLong(DECISION_REASON_MAX) }),
});

/** Where the organiser stands on a contest that ended without a winner (GET /concours/{id}/way-out). */
export interface WayOutDto {
  idConcours: number;
  status: number;
  /** The block is shown: ended (3) with no winner, extended or not, or already refunded. */
  shown: boolean;
  mayExtend: boolean;
  extendedAt: string | null;
  /** The end of the extension (the contest's end date once extended). */
  endDate: string | null;
  mayRequestRefund: boolean;
  /** Why the request is not possible now (null when it is, or when nothing is to be said). */
  refundRefusal: string | null;
  request: { status: 'pending' | 'approved' | 'rejected'; createdAt: string; decisionReason: string | null } | null;
  refundedAt: string | null;
}

/** A request as the admins' queue shows it (GET /admin/refund-requests). */
export interface AdminRefundRequestDto {
  id: number;
  status: 'pending' | 'approved' | 'rejected';
  message: string | null;
  createdAt: string;
  contest: { id: number; companyName: string; costCents: number; status: number; extendedAt: string | null };
  organiser: { id: number; pseudo: string };
  /** What the organiser paid and has not had back. */
  refundableCents: number;
  /** What the contest's refund gave back to the organiser's card (confirmed by the provider), and when the contest was refunded. */
  refundedCents: number;
  refundedAt: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

/** A pay-in that arrived after its contest could take it, given back to the card without an admin. */
export interface AdminReturnedPayInDto {
  paymentId: number;
  contest: { id: number; companyName: string };
  organiser: { id: number; pseudo: string };
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed';
  /** When the pay-in settled and its return was decided. */
  createdAt: string;
  settledAt: string | null;
}

export interface AdminRefundRequestsPage {
  requests: AdminRefundRequestDto[];
  /** The newest pay-ins given back by themselves (at most RETURNED_PAYINS_SHOWN). */
  returnedPayIns: AdminReturnedPayInDto[];
  page: number;
  pageSize: number;
  total: number;
}
