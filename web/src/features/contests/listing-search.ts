/**
 * The listing's page and sort live in the address (?page=2&tri=plus-de-gains) so that the
 * browser's back and forward buttons, a reload or a shared link give the same cards.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { contestSortOfSlug, contestSortSlug, DEFAULT_CONTEST_SORT, type ContestSort, type ContestSortValue } from '@creadefi/domain';

export function sortToQuery(value: ContestSortValue): { selector: ContestSort; orderedBy: 'ASC' | 'DESC' } {
  const [selector, orderedBy] = value.split(':') as [ContestSort, 'ASC' | 'DESC'];
  return { selector, orderedBy };
}

/** The sort and page an address asks for; anything unreadable falls back to the defaults. */
export function readListingSearch(params: URLSearchParams): { sort: ContestSortValue; page: number } {
  const sort = contestSortOfSlug(params.get('tri')) ?? DEFAULT_CONTEST_SORT;
  const parsedPage = Number(params.get('page'));
  return { sort, page: Number.isInteger(parsedPage) && parsedPage >= 1 ? parsedPage : 1 };
}

export function useListingSearch() {
  const [params, setParams] = useSearchParams();
  const { sort, page } = readListingSearch(params);

  const write = useCallback(
    (next: { sort: ContestSortValue; page: number }, replace = false) => {
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          // Defaults stay out of the address so that "/" remains "/".
          if (next.sort === DEFAULT_CONTEST_SORT) out.delete('tri');
          else out.set('tri', contestSortSlug(next.sort));
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
  const setSort = useCallback((next: ContestSortValue) => write({ sort: next, page: 1 }), [write]);

  return { sort, page, setPage, setSort };
}

/** "?tri=…" to append to a link towards another listing: the chosen order follows the reader. */
export function keepSort(search: URLSearchParams): string {
  const slug = search.get('tri');
  return slug && contestSortOfSlug(slug) ? `?tri=${slug}` : '';
}
