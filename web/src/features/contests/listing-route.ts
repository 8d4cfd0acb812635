/**
 * What a listing address (/concours/:category/:subCategory?tri=…&page=…) designates, read
 * the same way by the page and by its route, which starts the cards' request early.
 */
import type { QueryClient } from '@tanstack/react-query';
import { findCategoryBySlug, findSubCategoryBySlug, LISTING_PAGE_SIZE, type Category, type ContestSortValue, type SubCategory } from '@creadefi/domain';
import { contestsQuery, type ListContestsParams } from './api/list-contests';
import { readListingSearch, sortToQuery } from './listing-search';

export const ALL_CATEGORIES = 'all';

/** The category and sub-category of the slugs; null when a slug names nothing (the page then leads home). */
export function resolveListing(categorySlug: string, subSlug?: string): { category?: Category; subCategory?: SubCategory } | null {
  if (categorySlug === ALL_CATEGORIES) return subSlug ? null : {};
  const category = findCategoryBySlug(categorySlug);
  if (!category) return null;
  if (!subSlug) return { category };
  const subCategory = findSubCategoryBySlug(category.id, subSlug);
  return subCategory ? { category, subCategory } : null;
}

/** The listing call for a category, a sub-category, a sort and a page: the page and its route ask the same. */
export function listingParams(idCategory: number | undefined, idSubCategory: number | undefined, { sort, page }: { sort: ContestSortValue; page: number }): ListContestsParams {
  return { ...sortToQuery(sort), idCategory, idSubCategory, page, pageSize: LISTING_PAGE_SIZE };
}

/**
 * Started by the route (router.tsx) as soon as the address is known, so that the cards
 * travel with the page's code and the member's profile instead of after them.
 */
export function prefetchListing(queryClient: QueryClient, slugs: { category?: string; subCategory?: string }, search: URLSearchParams): Promise<void> {
  const listing = resolveListing(slugs.category ?? '', slugs.subCategory);
  if (!listing) return Promise.resolve();
  return queryClient.prefetchQuery(contestsQuery(listingParams(listing.category?.id, listing.subCategory?.id, readListingSearch(search))));
}
