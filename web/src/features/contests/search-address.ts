/**
 * The search's question and filters as they travel in the address (/recherche?q=…), so that a
 * search can be shared, bookmarked and found again with the back button. Prizes are whole euros
 * in the address and cents on the wire (docs/decisions/0001).
 */
import { findCategoryBySlug, FORMAT, SEARCH_MAX_PAGE, SEARCH_QUERY_MAX_LENGTH, type Category } from '@creadefi/domain';

export interface SearchFilters {
  q: string;
  /** From the address's `categorie`, or from the path of a category's page. */
  category?: Category;
  format?: number;
  /** Whole euros. */
  min?: number;
  max?: number;
  endingSoon: boolean;
  page: number;
}

const FORMATS = Object.values(FORMAT) as number[];

function wholeNumber(value: string | null, max: number): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

export function readSearch(search: URLSearchParams, category?: Category): SearchFilters {
  const format = wholeNumber(search.get('format'), 99);
  return {
    q: (search.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH),
    category: category ?? findCategoryBySlug(search.get('categorie') ?? ''),
    format: format !== undefined && FORMATS.includes(format) ? format : undefined,
    min: wholeNumber(search.get('min'), 1_000_000),
    max: wholeNumber(search.get('max'), 1_000_000),
    endingSoon: search.get('bientot') === '1',
    page: Math.min(wholeNumber(search.get('page'), SEARCH_MAX_PAGE) || 1, SEARCH_MAX_PAGE),
  };
}

/** The address's query string; `withCategory` is false on a category's own page, whose path names it. */
export function writeSearch(filters: SearchFilters, withCategory = true): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.q.trim() !== '') out.set('q', filters.q.trim());
  if (withCategory && filters.category) out.set('categorie', filters.category.slug);
  if (filters.format !== undefined) out.set('format', String(filters.format));
  if (filters.min !== undefined) out.set('min', String(filters.min));
  if (filters.max !== undefined) out.set('max', String(filters.max));
  if (filters.endingSoon) out.set('bientot', '1');
  if (filters.page > 1) out.set('page', String(filters.page));
  return out;
}

/** True when the prize range cannot hold any contest: the search is not sent. */
export const badRange = (f: SearchFilters) => f.min !== undefined && f.max !== undefined && f.min > f.max;
