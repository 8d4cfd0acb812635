/** Participation and judging payloads and answers (docs/architecture.md §10). */
import { z } from 'zod';
import type { ReputationLevel } from '../reputation';
import '../validation';
import { PARTICIPATIONS } from '../messages/participations';
import { TEXT_PROPOSAL_MAX } from '../uploads';
import type { ProposalComment } from './feedback';
import { PROPOSAL_FILTER_VALUES, type ProposalFilter } from '../form-values';

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
  /**
   * A picture of the file, once its marked preview is ready: the image or the PDF's pages
   * (/api/files/{id}/preview), a video's first frame (/api/files/{id}/poster); null otherwise.
   */
  preview: string | null;
  /**
   * What the page can show in place (<img>, <video>, <audio>): the marked preview of a proposal
   * once ready, never its original; null when nothing can be shown.
   */
  inline: string | null;
  /** Proposal files: where their marked preview stands; null for work and final files. */
  previewStatus: 'pending' | 'ready' | 'failed' | null;
  /** Type of what `inline` sends (image/webp, audio/mpeg, video/mp4). */
  inlineMime: string | null;
  /** Sound and video: peaks between 0 and 1, drawn as the waveform of the preview. */
  waveform: number[] | null;
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
  participant: { id: number; pseudo: string; level?: ReputationLevel };
  number: number | null;
  inputText: string | null;
  isParticipating: boolean;
  isWinner: boolean;
  /** Chosen for the final round. */
  isFinalist: boolean;
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
  /** The organiser's private comment (docs/product.md §2): only its three readers ever get a participation. */
  comment: ProposalComment | null;
  /**
   * What the originality check found this proposal's images look like (docs/product.md,
   * originality). Filled for the organiser and admins only; empty for the talent.
   */
  lookalikes: ProposalLookalike[];
}

/** Another proposal of the same contest (by its number), or a won proposal of another contest, never named. */
export type ProposalLookalike = { kind: 'contest'; number: number } | { kind: 'wonElsewhere' };

export interface ProposalsPage {
  concours: {
    id: number;
    status: number;
    companyName: string;
    cost: number;
    gain: number;
    winners: number;
    prizesPaid: number;
    subCategory: { id: number; name: string; format: number };
    /** The final round: whether the contest has one, when it started, how many finalists so far. */
    hasFinalRound: boolean;
    finalRoundStartedAt: string | null;
    finalists: number;
  };
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
  /** Organiser rows at 2 or 3: proposals with neither stars nor comment; null elsewhere. */
  awaiting: number | null;
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
