/** The admin area's « Concours »: search, detail and actions (docs/product.md §2, the admin area). */
import { z } from 'zod';
import '../validation';
import { ADMIN_CONTESTS } from '../messages/admin-contests';
import { CONTEST_STATUS } from '../contest-status';
import { DAY_MS } from '../durations';
import { decideReportSchema, type AdminActionKind } from './admin';

const A = ADMIN_CONTESTS;
const STATUSES: readonly number[] = Object.values(CONTEST_STATUS);

/** GET /admin/contests: a number, a company, or the organiser's e-mail or pseudo. */
export const adminContestsQuery = z.object({
  q: z.string().trim().max(200, { error: A.searchTooLong }).default(''),
  status: z.coerce
    .number()
    .int()
    .refine((s) => STATUSES.includes(s), { error: A.unknownStatus })
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminContestsQuery = z.infer<typeof adminContestsQuery>;

/** How far ahead an admin may move a contest's end. */
export const MAX_EXTENSION_DAYS = 60;
export const MAX_EXTENSION_MS = MAX_EXTENSION_DAYS * DAY_MS;

/** POST /admin/contests/{id}/extend: the new end, and why. */
export const extendContestSchema = decideReportSchema.extend({
  endDate: z.iso.datetime({ offset: true, error: (issue) => (issue.input === undefined ? A.endDateRequired : A.endDateInvalid) }),
});
export type ExtendContestInput = z.infer<typeof extendContestSchema>;

/** POST /admin/contests/{id}/advance and /refund: only the reason. */
export const contestActionSchema = decideReportSchema;

export interface AdminContestSummary {
  id: number;
  companyName: string;
  status: number;
  statusLabel: string;
  organiser: { id: number; pseudo: string; email: string };
  subCategory: string;
  costCents: number;
  createdAt: string;
  endDate: string | null;
  participationsCount: number;
  winnersCount: number;
}

export interface AdminContestsPage {
  contests: AdminContestSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A contest's money, from its pay-ins and the ledger. It balances:
 * paidIn + promotions = credited + fees + refunded + held.
 */
export interface AdminContestMoney {
  /** Succeeded pay-ins of the organiser. */
  paidInCents: number;
  /** Prize × prizes paid: what the pay-ins and the promotions bought. */
  prizesCents: number;
  /** Discounts of promo codes, paid by the platform into the escrow. */
  promotionsCents: number;
  feesCents: number;
  creditedCents: number;
  /** Money that left the escrow other than as a prize. */
  refundedCents: number;
  heldCents: number;
}

export type AdminContestEventKind = 'created' | 'paid' | 'ended' | 'finalised' | 'finished' | 'payment' | 'ledger' | 'winner_chosen' | 'files_validated' | 'admin_action';

/** One line of a contest's history; which fields are set depends on `kind`. */
export interface AdminContestEvent {
  at: string;
  kind: AdminContestEventKind;
  amountCents?: number;
  /** payment: its status and purpose; ledger: the operation's kind. */
  status?: string;
  purpose?: string;
  operation?: string;
  /** winner_chosen, files_validated: the talent; admin_action: the admin. */
  pseudo?: string;
  automatic?: boolean;
  action?: AdminActionKind | (string & {});
  reason?: string | null;
}

export interface AdminContestDetail extends AdminContestSummary {
  paidAt: string | null;
  endedAt: string | null;
  finalisedAt: string | null;
  finishedAt: string | null;
  options: { name: string; priceCents: number }[];
  prizesPaid: number;
  money: AdminContestMoney;
  history: AdminContestEvent[];
  /** What the actions may do now (the server checks again when asked). */
  canExtend: boolean;
  canAdvance: boolean;
}
