/**
 * The open-contest listing's sorts, page size and card text length (docs/product.md §11). Kept apart
 * from the schemas so that the listing screen does not load the validation library for them.
 */
import { truncate } from './text';

export const CONTEST_SORTS = ['createdAt', 'cost', 'participations'] as const;
export type ContestSort = (typeof CONTEST_SORTS)[number];

/** The sort menu of the listing (docs/product.md §11): label → selector and direction. */
export const CONTEST_SORT_OPTIONS = [
  { value: 'createdAt:DESC', label: 'Plus récent' },
  { value: 'createdAt:ASC', label: 'Moins récent' },
  { value: 'cost:DESC', label: 'Plus de gains' },
  { value: 'cost:ASC', label: 'Moins de gains' },
  { value: 'participations:DESC', label: 'Plus de participations' },
  { value: 'participations:ASC', label: 'Moins de participations' },
] as const;

export const LISTING_PAGE_SIZE = 6;
export const CARD_DESCRIPTION_LIMIT = 150;

/**
 * A brief as a card shows it: spaces folded, cut to `limit` characters and « … ». The API sends
 * cards with their brief already cut to the wide card's limit (a brief may run to thousands of
 * characters, a card shows 150); cutting that again, to the same limit or a shorter one, gives
 * what cutting the whole brief gives.
 */
export function cardExcerpt(brief: string, limit: number = CARD_DESCRIPTION_LIMIT): string {
  return truncate(brief.replace(/\s+/g, ' ').trim(), limit);
}
