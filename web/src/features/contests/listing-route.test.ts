import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import ContestListingPage from './ContestListingPage';
import { prefetchListing, resolveListing } from './listing-route';
import { buildCard, mockApi, ok, renderRoute, type ApiCall } from './test-utils';

const LIST = 'POST /api/concours/orderBy/any';
const oneCard = (call: ApiCall) => ok({ results: { concours: [buildCard()], page: (call.body as { page: number }).page, pageSize: 6, total: 13 } });

describe('resolveListing', () => {
  it('reads a category, a sub-category and "all", and nothing else', () => {
    expect(resolveListing('all')).toEqual({});
    expect(resolveListing('design')?.category?.id).toBe(1);
    expect(resolveListing('design', 'logo')?.subCategory?.id).toBe(1);
    expect(resolveListing('inconnue')).toBeNull();
    expect(resolveListing('design', 'inconnue')).toBeNull();
    expect(resolveListing('all', 'logo')).toBeNull();
  });
});

describe('prefetchListing', () => {
  it('asks for the cards the page shows, and the page takes them without asking again', async () => {
    const url = '/concours/design/logo?tri=plus-de-gains&page=2';
    const { server, queryClient } = renderRoute(createElement(ContestListingPage), { path: '/concours/:category/:subCategory?', url, api: { [LIST]: oneCard } });
    // As the route does: the profile is still on its way.
    prefetchListing(queryClient, { category: 'design', subCategory: 'logo' }, new URLSearchParams('tri=plus-de-gains&page=2'));
    expect(server.callsTo(LIST)).toHaveLength(1);
    expect(await screen.findByText('Boulangerie Dupain')).toBeInTheDocument();
    // One request in all: a page that did not find the early answer under its key would ask again.
    expect(server.callsTo(LIST)).toHaveLength(1);
    expect(server.callsTo(LIST)[0]!.body).toEqual({ selector: 'cost', orderedBy: 'DESC', idCategory: 1, idSubCategory: 1, page: 2, pageSize: 6 });
  });

  it('asks nothing for an address that names no listing', () => {
    const server = mockApi({});
    prefetchListing(new QueryClient(), { category: 'inconnue' }, new URLSearchParams());
    expect(server.calls).toHaveLength(0);
  });
});
