/**
 * Contest payloads and answers (docs/architecture.md §10). Money travels as integer cents in
 * the original API's field names (`cost`, `price`, `prix`, `gain`): see docs/decisions/0001.
 */
import { z } from 'zod';
import { whenMissing } from '../validation';
import { CONTEST_SORTS } from '../listing';
import { COMMON } from '../messages/common';
import { CONTESTS } from '../messages/contests';
import { contestFormatFields, type ContestFormatDto } from './formats';

const cursor = z.coerce.number().int().min(0).max(5).default(2);
const text = (max: number) => z.string({ error: whenMissing(CONTESTS.briefRequired) }).trim().min(1, CONTESTS.briefRequired).max(max);
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const CONTEST_TEXT_LIMITS = { companyName: 120, companySkills: 1000, target: 1000, site: 300, message: 5000 } as const;

/** Step 2 of the wizard and the edit form: the brief. */
export const briefSchema = z.object({
  companyName: text(CONTEST_TEXT_LIMITS.companyName),
  companySkills: text(CONTEST_TEXT_LIMITS.companySkills),
  target: text(CONTEST_TEXT_LIMITS.target),
  site: z.string().trim().max(CONTEST_TEXT_LIMITS.site).optional().nullable(),
  message: text(CONTEST_TEXT_LIMITS.message),
  cursorModern: cursor,
  cursorYoung: cursor,
  cursorFun: cursor,
  cursorLuxury: cursor,
});
export type BriefInput = z.infer<typeof briefSchema>;

/** POST /concours/create. `endDate` is accepted and ignored: the end is payment + 7 days. */
export const createContestSchema = briefSchema.extend({
  idSubCategory: id,
  cost: z.coerce.number({ error: whenMissing(COMMON.allFieldsRequired) }).int().positive().max(100_000_000),
  arrayOptions: z.array(id).max(50).default([]),
  step: z.coerce.number().int().min(1).max(5).optional(),
  endDate: z.unknown().optional(),
  promoCode: z.string().trim().max(40).optional().nullable(),
  /** Drawn by the client for one brief: sent again (a retry, a double click), it is the same contest. */
  idempotencyKey: z.string().trim().min(8).max(80).optional(),
  ...contestFormatFields,
});
export type CreateContestInput = z.infer<typeof createContestSchema>;

/** POST /concours/update. */
export const updateContestSchema = briefSchema.extend({ idConcours: id });
export type UpdateContestInput = z.infer<typeof updateContestSchema>;


/** POST /concours/orderBy/any: sort and filter of the open-contest listing, paged on the server. */
export const listContestsSchema = z.object({
  selector: z.enum(CONTEST_SORTS).default('createdAt'),
  orderedBy: z
    .string()
    .default('DESC')
    .transform((v) => (v.toUpperCase() === 'ASC' ? 'ASC' : 'DESC')),
  idCategory: id.optional().nullable(),
  idSubCategory: id.optional().nullable(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(6),
});
export type ListContestsInput = z.infer<typeof listContestsSchema>;


export interface OptionDto {
  id: number;
  nom: string;
  /** cents */
  prix: number;
  isPayant: boolean;
  isPrerequis: boolean;
}

export interface SubCategoryDto {
  id: number;
  idCategory: number;
  title: string;
  name: string;
  to: string;
  categoryTo: string;
  image: string | null;
  /** Minimum contest cost, cents. */
  price: number;
  format: number;
  type: string | null;
  options: OptionDto[];
}

/** A card of the listing (docs/product.md §11). */
export interface ContestCardDto {
  id: number;
  createdAt: string;
  endDate: string | null;
  status: number;
  /** cents */
  cost: number;
  /** cost − 20 %, cents */
  gain: number;
  message: string;
  companyName: string;
  idCategory: number;
  idSubCategory: number;
  subCategory: { id: number; name: string; format: number; to: string; categoryTo: string };
  idConcoureur: number;
  /** Number of proposals with content. */
  participations: number;
  /** The viewer already took part. */
  hasParticipated: boolean;
  /** « Récompense garantie »: the prize is paid before the contest is published (`isPrizeGuaranteed`). */
  guaranteed: boolean;
}

/** GET /concours/read/{id}. */
export interface ContestDto extends ContestCardDto {
  companySkills: string;
  target: string;
  site: string | null;
  cursorModern: number;
  cursorYoung: number;
  cursorFun: number;
  cursorLuxury: number;
  step: number;
  winners: number;
  prizesPaid: number;
  arrayOptions: OptionDto[];
  subCategory: ContestCardDto['subCategory'] & { options: OptionDto[] };
  /** The organiser; pseudo null when hidden ("Anonyme"). */
  User: { id: number; pseudo: string | null };
  isOwner: boolean;
  formats: ContestFormatDto;
}

export interface ContestPage {
  concours: ContestCardDto[];
  page: number;
  pageSize: number;
  total: number;
}
