/** Dispute payloads and answers (docs/product.md §2, disputes). */
import { z } from 'zod';
import '../validation';
import { DISPUTES, type DisputeOutcome } from '../messages/disputes';
import { adminPageQuery, DECISION_REASON_MAX } from './admin';
import { ADMIN } from '../messages/admin';
import { DISPUTE_REASON_MAX, DISPUTE_REASON_MIN } from '../form-values';

export const DISPUTE_EXTRA_DAYS_MIN = 1;
export const DISPUTE_EXTRA_DAYS_MAX = 30;
export const DISPUTE_OUTCOMES = ['validate', 'refund', 'more_time'] as const satisfies readonly DisputeOutcome[];
export type { DisputeOutcome };

/** POST /participation/{idParticipation}/dispute: the organiser or the winner says what is wrong. */
export const openDisputeSchema = z.object({
  reason: z
    .string({ error: DISPUTES.reasonRequired })
    .trim()
    .min(1, { error: DISPUTES.reasonRequired })
    .min(DISPUTE_REASON_MIN, { error: DISPUTES.reasonTooShort(DISPUTE_REASON_MIN) })
    .max(DISPUTE_REASON_MAX, { error: DISPUTES.reasonTooLong(DISPUTE_REASON_MAX) }),
});

/** POST /admin/disputes/{id}/resolve: the outcome, why, and for more time how many days. */
export const resolveDisputeSchema = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES),
    reason: z.string({ error: ADMIN.decisionReasonRequired }).trim().min(1, { error: ADMIN.decisionReasonRequired }).max(DECISION_REASON_MAX, { error: ADMIN.decisionReasonTooLong(DECISION_REASON_MAX) }),
    extraDays: z.coerce
      .number()
      .int({ error: DISPUTES.extraDaysRange(DISPUTE_EXTRA_DAYS_MIN, DISPUTE_EXTRA_DAYS_MAX) })
      .min(DISPUTE_EXTRA_DAYS_MIN, { error: DISPUTES.extraDaysRange(DISPUTE_EXTRA_DAYS_MIN, DISPUTE_EXTRA_DAYS_MAX) })
      .max(DISPUTE_EXTRA_DAYS_MAX, { error: DISPUTES.extraDaysRange(DISPUTE_EXTRA_DAYS_MIN, DISPUTE_EXTRA_DAYS_MAX) })
      .optional()
      .nullable(),
  })
  .refine((r) => r.outcome !== 'more_time' || (r.extraDays ?? null) !== null, { path: ['extraDays'], error: DISPUTES.extraDaysRequired });
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;

export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** GET /admin/disputes: open ones (oldest first: a queue) or resolved ones (newest first). */
export const adminDisputesQuery = adminPageQuery.extend({ status: z.enum(DISPUTE_STATUSES).default('open') });

/** What both sides see of a conversation's latest dispute. */
export interface DisputeDto {
  id: number;
  status: DisputeStatus;
  reason: string;
  openedAt: string;
  openedBy: 'organiser' | 'participant';
  outcome: DisputeOutcome | null;
  resolutionReason: string | null;
  resolvedAt: string | null;
  extraDays: number | null;
}

/** A dispute as the admins' queue shows it. */
export interface AdminDisputeDto {
  id: number;
  status: DisputeStatus;
  reason: string;
  openedAt: string;
  openedBy: { id: number; pseudo: string; side: 'organiser' | 'participant' };
  participationId: number;
  contest: { id: number; companyName: string; status: number; costCents: number };
  organiser: { id: number; pseudo: string };
  winner: { id: number; pseudo: string };
  delivery: { dueAt: string | null; finalSentAt: string | null; validatedAt: string | null };
  outcome: DisputeOutcome | null;
  resolutionReason: string | null;
  resolvedAt: string | null;
  extraDays: number | null;
}

export interface AdminDisputesPage {
  disputes: AdminDisputeDto[];
  page: number;
  pageSize: number;
  total: number;
}
