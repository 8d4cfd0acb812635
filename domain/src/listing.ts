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

export type ContestSortValue = (typeof CONTEST_SORT_OPTIONS)[number]['value'];

/** The order a listing has when its address names none. */
export const DEFAULT_CONTEST_SORT: ContestSortValue = 'createdAt:DESC';

/** "Plus de gains" → "plus-de-gains": readable in the address bar (?tri=…), unlike "cost%3ADESC". */
function slugOf(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const SORT_SLUGS = new Map<ContestSortValue, string>(CONTEST_SORT_OPTIONS.map((o) => [o.value, slugOf(o.label)]));
const SORT_BY_SLUG = new Map([...SORT_SLUGS].map(([value, slug]) => [slug, value]));

/** A sort as the listing's address writes it. */
export function contestSortSlug(value: ContestSortValue): string {
  return SORT_SLUGS.get(value)!;
}

/** The sort an address's `tri` names; none for a word that names no sort. */
export function contestSortOfSlug(slug: string | null | undefined): ContestSortValue | undefined {
  return slug ? SORT_BY_SLUG.get(slug) : undefined;
}

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
