/** GET /concours/search: the search over open contests (docs/product.md §11), in the query string. */
import { z } from 'zod';
import { FORMAT } from '../catalogue';
import { SEARCH } from '../messages/search';
import { SEARCH_MAX_PAGE, SEARCH_MAX_PRIZE_CENTS, SEARCH_QUERY_MAX_LENGTH } from '../search';
import type { ContestCardDto } from './contests';

const prize = z.coerce.number().int().min(0).max(SEARCH_MAX_PRIZE_CENTS).optional();
const FORMATS = Object.values(FORMAT) as number[];

export const searchContestsSchema = z
  .object({
    q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH, SEARCH.queryTooLong(SEARCH_QUERY_MAX_LENGTH)).default(''),
    idCategory: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    format: z.coerce
      .number()
      .int()
      .refine((f) => FORMATS.includes(f), SEARCH.unknownFormat)
      .optional(),
    /** Cents, on the contest's prize (its cost). */
    minPrize: prize,
    maxPrize: prize,
    endingSoon: z
      .enum(['true', 'false', '1', '0'], SEARCH.badEndingSoon)
      .transform((v) => v === 'true' || v === '1')
      .default(false),
    page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
  })
  .refine((s) => s.minPrize === undefined || s.maxPrize === undefined || s.minPrize <= s.maxPrize, { message: SEARCH.badPrizeRange, path: ['maxPrize'] });
export type SearchContestsInput = z.infer<typeof searchContestsSchema>;

export interface ContestSearchPage {
  concours: ContestCardDto[];
  page: number;
  pageSize: number;
  total: number;
  /** More contests match than `total`: a search with words counts as many as its pages can show. */
  totalCapped: boolean;
}
