/**
 * GET /concours/search (docs/architecture.md §10): a page of open contests matching words and
 * filters, ranked and paged by the server. Public: a visitor searches as a member does.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContestSearchPage } from '@creadefi/domain';
import { apiFetch } from '../../../api/client';
import { CONTESTS_KEY, FRESH_MS } from '../../../api/contest';
import type { SearchFilters } from '../search-address';

/** The API's query string: ids and cents where the address has slugs and euros. */
export function searchApiQuery(f: SearchFilters): string {
  const out = new URLSearchParams();
  if (f.q.trim() !== '') out.set('q', f.q.trim());
  if (f.category) out.set('idCategory', String(f.category.id));
  if (f.format !== undefined) out.set('format', String(f.format));
  if (f.min !== undefined) out.set('minPrize', String(f.min * 100));
  if (f.max !== undefined) out.set('maxPrize', String(f.max * 100));
  if (f.endingSoon) out.set('endingSoon', 'true');
  out.set('page', String(f.page));
  return out.toString();
}

async function searchContests(query: string, signal?: AbortSignal): Promise<ContestSearchPage> {
  const { results } = await apiFetch<ContestSearchPage>(`/concours/search?${query}`, { signal });
  return results!;
}

export function useContestSearch(filters: SearchFilters, enabled: boolean) {
  const query = searchApiQuery(filters);
  return useQuery({
    queryKey: [...CONTESTS_KEY, 'search', query],
    queryFn: ({ signal }) => searchContests(query, signal),
    enabled,
    staleTime: FRESH_MS,
    // The current results stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}
