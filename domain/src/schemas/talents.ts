/** Payloads and answers of talent profiles, invitations and polls (docs/product.md « Talents »). */
import { z } from 'zod';
import '../validation';
import { TALENTS } from '../messages/talents';
import { REPUTATION_LEVELS, type ReputationLevel } from '../reputation';
import { POLL_MAX_PROPOSALS } from '../form-values';
import { emailSchema } from './auth';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const T = TALENTS;

export const BIO_MAX = 1000;
export const SHOWN_CATEGORIES_MAX = 6;
export const POLL_MIN_PROPOSALS = 2;
export const POLL_COMMENT_MAX = 500;

/** « Membre depuis novembre 2026 ». */
let monthYear: Intl.DateTimeFormat | undefined;
export function formatMonthYear(value: Date | string | number): string {
  // Built on first use: building an Intl format loads the locale's data (numbers.ts).
  monthYear ??= new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'long', year: 'numeric' });
  return monthYear.format(new Date(value));
}

export const talentPseudoParams = z.object({ pseudo: z.string().min(1).max(60) });

/** The address a member's photo is served at: the version makes it cacheable for good. */
export function avatarUrl(pseudo: string, hash: string | null): string | null {
  return hash ? `/api/talents/${encodeURIComponent(pseudo)}/avatar?v=${hash}` : null;
}

/** GET /talents/{pseudo}/avatar */
export const avatarQuery = z.object({ v: z.string().max(64).optional() });

/** PUT /user/talent-profile */
export const talentSettingsSchema = z.object({
  bio: z.string().trim().max(BIO_MAX, T.bioTooLong(BIO_MAX)).default(''),
  categories: z.array(id).max(SHOWN_CATEGORIES_MAX, T.categoriesTooMany(SHOWN_CATEGORIES_MAX)).default([]),
  isPublic: z.boolean().default(true),
});
export type TalentSettingsInput = z.infer<typeof talentSettingsSchema>;

export interface TalentSettingsDto {
  pseudo: string;
  bio: string;
  categories: number[];
  isPublic: boolean;
  /** See TalentProfileDto.avatarUrl. */
  avatarUrl: string | null;
}

export interface TalentCategoryDto {
  id: number;
  name: string;
}

export interface PortfolioItemDto {
  idParticipation: number;
  companyName: string;
  /** Address of the downscaled preview, served without a session. */
  previewUrl: string;
}

export interface TalentStatsDto {
  wins: number;
  proposals: number;
  /** One decimal, over finalised contests only; null while none of their proposals is rated. */
  averageStars: number | null;
  /** The finalised contests whose stars make the average. */
  ratedContests: number;
  level: ReputationLevel;
}

export interface TalentProfileDto extends TalentStatsDto {
  pseudo: string;
  /** The photo, `/api/talents/{pseudo}/avatar?v=<hash>` (served without a session, cached for good); null without one. */
  avatarUrl: string | null;
  bio: string;
  categories: TalentCategoryDto[];
  memberSince: string;
  portfolio: PortfolioItemDto[];
}

export interface TalentCardDto extends TalentStatsDto {
  pseudo: string;
  avatarUrl: string | null;
  categories: TalentCategoryDto[];
}

/** GET /talents */
export const talentListQuery = z.object({
  category: id.optional(),
  level: z.enum(REPUTATION_LEVELS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});
export type TalentListQuery = z.infer<typeof talentListQuery>;

export interface TalentListDto {
  talents: TalentCardDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /concours/winner/portfolio */
export const portfolioSwitchSchema = z.object({ idParticipation: id, shown: z.boolean() });

/** POST /talents/invitations */
export const invitationSchema = z.object({ idConcours: id, pseudo: z.string().min(1).max(60) });
export type InvitationInput = z.infer<typeof invitationSchema>;

export interface InvitableContestDto {
  idConcours: number;
  companyName: string;
  invited: boolean;
}

/** POST /concours/:id/polls */
export const pollCreateSchema = z.object({
  participations: z
    .array(id)
    .min(POLL_MIN_PROPOSALS, T.pollTooFew)
    .max(POLL_MAX_PROPOSALS, T.pollTooMany(POLL_MAX_PROPOSALS))
    .refine((ids) => new Set(ids).size === ids.length, T.pollDuplicate),
});

export const pollTokenParams = z.object({ pollToken: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, T.pollNotFound) });
export const pollPreviewParams = pollTokenParams.extend({ fileId: id });

/** POST /polls/:token/vote/confirm: the token of the link mailed to a visitor. */
export const pollVoteConfirmSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, T.pollLinkInvalid) });

/** The answer to a vote: counted at once (a member), or waiting for the link mailed to a visitor. */
export interface PollVoteDto {
  pending: boolean;
}

/**
 * POST /polls/:token/vote: a signed-in member votes as themselves; a visitor gives an address,
 * to which a confirmation link is mailed. The voter is never named by the browser.
 */
export const pollVoteSchema = z.object({
  idParticipation: z.coerce.number({ error: T.pollChoiceRequired }).int(T.pollChoiceRequired).positive(T.pollChoiceRequired).max(2_147_483_647),
  email: emailSchema.optional(),
  comment: z.string().trim().max(POLL_COMMENT_MAX, T.pollCommentTooLong(POLL_COMMENT_MAX)).optional(),
});
export type PollVoteInput = z.infer<typeof pollVoteSchema>;

export interface PollItemDto {
  idParticipation: number;
  number: number | null;
  previewUrl: string;
}

export interface PollDto {
  token: string;
  companyName: string;
  items: PollItemDto[];
}

export interface PollSummaryDto {
  token: string;
  createdAt: string;
  votes: number;
}

export interface PollResultsDto extends PollDto {
  idConcours: number;
  total: number;
  /** Votes refused: second votes of a member or an address, links followed again or never in time. */
  refused: number;
  counts: { idParticipation: number; votes: number }[];
  comments: { idParticipation: number; comment: string; createdAt: string }[];
}
