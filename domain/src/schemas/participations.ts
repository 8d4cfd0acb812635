/** Participation and judging payloads and answers (docs/architecture.md §10). */
import { z } from 'zod';
import '../validation';
import { PARTICIPATIONS } from '../messages/participations';
import { TEXT_PROPOSAL_MAX } from '../uploads';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /concours/add/participation. `commitment` is the checkbox of the first dialog, checked here too. */
export const addParticipationSchema = z.object({
  idConcours: id,
  inputText: z.string().trim().max(TEXT_PROPOSAL_MAX, { error: PARTICIPATIONS.textTooLong(TEXT_PROPOSAL_MAX) }).optional().nullable(),
  commitment: z.literal(true, { error: PARTICIPATIONS.commitmentRequired }),
});

export const starsSchema = z.object({ idParticipation: id, stars: z.coerce.number().int().min(0).max(5) });
export const winnerSchema = z.object({ idParticipationWinner: id, idConcours: id });
export const contestIdSchema = z.object({ idConcours: id });
export const idParams = z.object({ id });

/** The reasons of a report, in the order the dialog lists them (docs/product.md §2). */
export const REPORT_REASONS = ['plagiarism', 'off_topic', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TEXT_MAX = 1_000;

/** POST /participation/report/{id}: a reason, and a text required only for « Autre ». */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS),
    text: z.string().trim().max(REPORT_TEXT_MAX, { error: PARTICIPATIONS.reportTextTooLong(REPORT_TEXT_MAX) }).optional().nullable(),
  })
  .refine((r) => r.reason !== 'other' || (r.text ?? '').length > 0, { path: ['text'], error: PARTICIPATIONS.reportTextRequired });
export type ReportInput = z.infer<typeof reportSchema>;
export const contestParams = z.object({ idConcours: id });

export const PROPOSAL_FILTER_VALUES = ['all', 'unrated', 'low', 'high', 'winners'] as const;
export type ProposalFilter = (typeof PROPOSAL_FILTER_VALUES)[number];

/** GET /concours/{idConcours}/participations: the organiser's proposals page, paged. */
export const proposalsQuery = z.object({
  filtre: z.enum(PROPOSAL_FILTER_VALUES).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});

/** POST /participation/addFile/{idParticipation}: the multipart fields besides the file. */
export const PARTICIPATION_FILE_FIELD = 'fileParticipation';
export const participationParams = z.object({ idParticipation: id });
/** idConcours is optional (the participation names its contest); when sent it must match. */
export const uploadFieldsSchema = z.object({ idConcours: id.optional() });

/** GET /user/concours/{role}: My contests tables, 5 rows a page. */
export const myContestsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), pageSize: z.coerce.number().int().min(1).max(50).default(5) });

export interface FileDto {
  id: number;
  filename: string;
  /** Authorised download URL: /api/files/{id} */
  filepath: string;
  /** Resized preview for images, null otherwise: /api/files/{id}/preview */
  preview: string | null;
  /**
   * What the page can show in place (<img>, <video>, <audio>, PDF viewer): the preview of an
   * image, the media itself for video, audio and PDF proposals, null when nothing can be shown.
   */
  inline: string | null;
  mime: string;
  size: number;
  kind: 'participation' | 'work' | 'final';
  isFinalFile: boolean;
  createdAt: string;
}

/** A card of the organiser's page and the talent's own entries. */
export interface ParticipationDto {
  id: number;
  idParticipation: number;
  idConcours: number;
  idParticipant: number;
  /** Pseudo of the author; shown to the organiser. */
  participant: { id: number; pseudo: string };
  number: number | null;
  inputText: string | null;
  isParticipating: boolean;
  isWinner: boolean;
  stars: number;
  reported: boolean;
  createdAt: string;
  /** Proposal files (the first is the thumbnail). */
  fileParticipants: FileDto[];
  participantFile: FileDto[];
  workFile: FileDto[];
  finalFile: FileDto[];
  finalSentAt: string | null;
  finalValidatedAt: string | null;
}

export interface ProposalsPage {
  concours: { id: number; status: number; companyName: string; cost: number; gain: number; winners: number; prizesPaid: number; subCategory: { id: number; name: string; format: number } };
  participations: ParticipationDto[];
  page: number;
  pageSize: number;
  total: number;
  counts: Record<ProposalFilter, number>;
}

/** Rows of My contests (docs/product.md §11). */
export interface MyContestRow {
  id: number;
  /** For participant rows: the participation id (the view icon's key). */
  idParticipation: number | null;
  idConcours: number;
  companyName: string;
  subCategory: string;
  status: number;
  cost: number;
  gain: number;
  createdAt: string;
  endDate: string | null;
  participations: number;
  winners: number;
  isWinner: boolean | null;
  /** Closed (-1) with what the organiser paid given back: shown « Remboursé ». */
  refunded: boolean;
  /** The stored copyright assignment contracts of the validated deliveries this row covers (docs/decisions/0013). */
  contracts: { idParticipation: number; path: string; filename: string }[];
}

export interface MyContestsPage {
  rows: MyContestRow[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /concours/readAll/winner/{idConcours}: results.concours. */
export interface WinnersDto {
  id: number;
  status: number;
  companyName: string;
  /** cents */
  cost: number;
  /** cents */
  gain: number;
  /** The winners; a winning talent sees only their own participation (proposals are blind). */
  participations: ParticipationDto[];
}

/** results of the 402 answer of POST /concours/winner/prefinal: extra prizes to pay first (docs/product.md §3). */
export interface ExtraPrizesDue {
  extraPrizes: number;
  /** cents: extraPrizes × cost */
  amount: number;
}
