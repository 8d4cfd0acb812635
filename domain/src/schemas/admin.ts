/** Admin area payloads and answers (docs/product.md §2, the admin area). */
import { z } from 'zod';
import '../validation';
import { ADMIN } from '../messages/admin';
import type { ReportReason } from './participations';
import type { ContestStatus } from '../contest-status';

/** GET /admin/actions: the audit log, newest first, paged. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ADMIN_ACTION_KINDS = ['promo_code.create', 'report.dismiss', 'report.withdraw', 'member.suspend', 'member.reinstate', 'contest.extend', 'contest.advance', 'promo_code.disable', 'payout.retry', 'dispute.validate', 'dispute.refund', 'dispute.more_time', 'contest.refund', 'refund_request.approve', 'refund_request.reject'] as const;
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
  /** `suspended`: the author's account is suspended (the queue then offers no suspension). */
  author: { id: number; pseudo: string; suspended: boolean };
  /** Null for an automatic report: the originality check found a near copy (`resemblance`). */
  reporter: { id: number; pseudo: string } | null;
  /** The two images side by side: `participation.previewFileId` is the flagged one. */
  resemblance: AdminResemblanceDto | null;
  decidedAt: string | null;
  decisionReason: string | null;
}

/** The proposal a flagged image looks like; admins see where it is, whatever the contest. */
export interface AdminResemblanceDto {
  /** Differing bits of the two difference hashes, out of 64. */
  distance: number;
  similar: {
    participationId: number;
    number: number | null;
    /** Null once that file was withdrawn. */
    previewFileId: number | null;
    contest: { id: number; companyName: string };
    sameContest: boolean;
  };
}

export interface AdminReportsPage {
  reports: AdminReportDto[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /admin/members: a search by the start of an e-mail or a pseudo (or a member's number), paged. */
export const adminMembersQuery = adminPageQuery.extend({
  q: z.string().trim().max(200).default(''),
});

/** A member as the admins' search lists them. */
export interface AdminMemberSummary {
  id: number;
  pseudo: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  suspendedAt: string | null;
  createdAt: string;
}

export interface AdminMembersPage {
  members: AdminMemberSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/** How many of each list GET /admin/members/{id} shows, newest first; the totals say how many there are. */
export const ADMIN_MEMBER_LIST_CAP = 50;

/** GET /admin/members/{id}: who the member is and what they did on the marketplace. */
export interface AdminMemberDetail {
  member: AdminMemberSummary & { statut: number | null; suspensionReason: string | null };
  walletCents: number;
  /** `refunded`: closed with what its organiser paid given back, read « Remboursé » as the organiser reads it. */
  contests: { id: number; companyName: string; status: ContestStatus; refunded: boolean; costCents: number; createdAt: string }[];
  contestsTotal: number;
  proposals: {
    id: number;
    contest: { id: number; companyName: string; status: ContestStatus };
    number: number | null;
    isParticipating: boolean;
    isWinner: boolean;
    withdrawnByTeam: boolean;
    hiddenBySuspension: boolean;
    createdAt: string;
  }[];
  proposalsTotal: number;
  /** Reports of the member's proposals, and the reports they made. */
  reportsAgainst: AdminMemberReport[];
  reportsAgainstTotal: number;
  reportsMade: AdminMemberReport[];
  reportsMadeTotal: number;
}

export interface AdminMemberReport {
  id: number;
  status: AdminReportDto['status'];
  reason: ReportReason;
  createdAt: string;
  participation: { id: number; number: number | null };
  contest: { id: number; companyName: string };
  /** The other side: who made it (reports against the member) or whose proposal it is (reports they made); null for an automatic report. */
  other: { id: number; pseudo: string } | null;
}
