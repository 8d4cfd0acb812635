/** The admin area's « Argent » tab: the ledger check, the platform's balances, pay-outs to follow. */
import { z } from 'zod';
import '../validation';
import { adminPageQuery, decideReportSchema } from './admin';

/** Every admin action on money asks the same reason as a report's decision. */
export const adminReasonSchema = decideReportSchema;

export const ADMIN_PAYOUT_STATUSES = ['pending', 'failed'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

/** GET /admin/payouts: pending and failed pay-outs, one status or both, newest first. */
export const adminPayoutsQuery = adminPageQuery.extend({ status: z.enum(ADMIN_PAYOUT_STATUSES).optional() });

/** Cents throughout. */
export interface AdminMoneyDto {
  check: {
    ok: boolean;
    /** French, one per broken rule of the ledger. */
    violations: { rule: string; message: string }[];
    checkedAt: string;
    durationMs: number;
  };
  balances: {
    /** platform:fees */
    fees: number;
    /** What promotions cost the platform (−platform:promotions). */
    promotions: number;
    escrow: { total: number; byStatus: { status: number; contests: number; amount: number }[] };
    wallets: number;
    /** Everything ever paid in by card (−world:payins). */
    payins: number;
    /** Everything paid out or on its way out (world:payouts). */
    payouts: number;
  };
  payouts: Record<AdminPayoutStatus, { count: number; amount: number }>;
}

export interface AdminPayoutDto {
  id: number;
  status: AdminPayoutStatus;
  member: { id: number; pseudo: string };
  amount: number;
  /** Masked: the first four and last four characters only. */
  iban: string;
  createdAt: string;
  failureReason: string | null;
  /** Retries made by an admin so far. */
  attempt: number;
}

export interface AdminPayoutsPage {
  payouts: AdminPayoutDto[];
  page: number;
  pageSize: number;
  total: number;
}
