/**
 * The listing's page and sort live in the address (?page=2&tri=plus-de-gains) so that the
 * browser's back and forward buttons, a reload or a shared link give the same cards.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CONTEST_SORT_OPTIONS, type ContestSort } from '@creadefi/domain';

export type SortValue = (typeof CONTEST_SORT_OPTIONS)[number]['value'];

const DEFAULT_SORT: SortValue = 'createdAt:DESC';

/** "Plus de gains" → "plus-de-gains": readable in the address bar, unlike "cost%3ADESC". */
function slugOf(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const SORT_SLUGS: Record<SortValue, string> = Object.fromEntries(CONTEST_SORT_OPTIONS.map((o) => [o.value, slugOf(o.label)])) as Record<SortValue, string>;
const SORT_BY_SLUG = new Map(Object.entries(SORT_SLUGS).map(([value, slug]) => [slug, value as SortValue]));

export function sortToQuery(value: SortValue): { selector: ContestSort; orderedBy: 'ASC' | 'DESC' } {
  const [selector, orderedBy] = value.split(':') as [ContestSort, 'ASC' | 'DESC'];
  return { selector, orderedBy };
}

/** The sort and page an address asks for; anything unreadable falls back to the defaults. */
export function readListingSearch(params: URLSearchParams): { sort: SortValue; page: number } {
  const sort = SORT_BY_SLUG.get(params.get('tri') ?? '') ?? DEFAULT_SORT;
  const parsedPage = Number(params.get('page'));
  return { sort, page: Number.isInteger(parsedPage) && parsedPage >= 1 ? parsedPage : 1 };
}

export function useListingSearch() {
  const [params, setParams] = useSearchParams();
  const { sort, page } = readListingSearch(params);

  const write = useCallback(
    (next: { sort: SortValue; page: number }, replace = false) => {
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          // Defaults stay out of the address so that "/" remains "/".
          if (next.sort === DEFAULT_SORT) out.delete('tri');
          else out.set('tri', SORT_SLUGS[next.sort]);
          if (next.page <= 1) out.delete('page');
          else out.set('page', String(next.page));
          return out;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback((next: number, replace = false) => write({ sort, page: next }, replace), [write, sort]);
  // A new order starts again from the first page.
  const setSort = useCallback((next: SortValue) => write({ sort: next, page: 1 }), [write]);

  return { sort, page, setPage, setSort };
}

/** "?tri=…" to append to a link towards another listing: the chosen order follows the reader. */
export function keepSort(search: URLSearchParams): string {
  const slug = search.get('tri');
  return slug && SORT_BY_SLUG.has(slug) ? `?tri=${slug}` : '';
}
