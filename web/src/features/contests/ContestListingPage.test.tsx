import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CONTESTS } from '@creadefi/domain';
import ContestListingPage from './ContestListingPage';
import { buildCard, fail, ok, renderRoute, type ApiCall } from './test-utils';

const LIST = 'POST /api/concours/orderBy/any';
const empty = (call: ApiCall) => ok({ results: { concours: [], page: (call.body as { page: number }).page, pageSize: 6, total: 0 } });

function showListing(url: string, list: (call: ApiCall) => ReturnType<typeof ok> = empty) {
  const view = renderRoute(<ContestListingPage />, { path: '/concours/:category/:subCategory?', url, api: { [LIST]: list } });
  return view;
}

describe('ContestListingPage', () => {
  it('lists one category by its id and names it in the empty text', async () => {
    const { server } = showListing('/concours/design');
    expect(await screen.findByText(CONTESTS.emptyInCategory('Design'))).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: CONTESTS.listingTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: `${CONTESTS.listingHeading} Design` })).toBeInTheDocument();
    expect(server.callsTo(LIST)[0]!.body).toEqual({ selector: 'createdAt', orderedBy: 'DESC', idCategory: 1, page: 1, pageSize: 6 });
  });

  it('lists one sub-category and links to its siblings', async () => {
    const { server } = showListing('/concours/design/logo?tri=moins-de-gains');
    expect(await screen.findByText(CONTESTS.emptyInCategory('Logo'))).toBeInTheDocument();
    expect(server.callsTo(LIST)[0]!.body).toMatchObject({ selector: 'cost', orderedBy: 'ASC', idCategory: 1, idSubCategory: 1, page: 1 });
    const nav = screen.getByRole('navigation', { name: 'Sous-catégories de Design' });
    expect(nav).toBeInTheDocument();
    // The chosen order follows the reader to the sibling listings.
    expect(screen.getByRole('link', { name: 'Flyer' })).toHaveAttribute('href', '/concours/design/flyer?tri=moins-de-gains');
    expect(screen.getByRole('link', { name: 'Logo' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists every category under "all"', async () => {
    const { server } = showListing('/concours/all', () => ok({ results: { concours: [buildCard()], page: 1, pageSize: 6, total: 1 } }));
    expect(await screen.findByText('Boulangerie Dupain')).toBeInTheDocument();
    const body = server.callsTo(LIST)[0]!.body as Record<string, unknown>;
    expect(body.idCategory).toBeUndefined();
    expect(body.idSubCategory).toBeUndefined();
  });

  it('sends an unknown category home', async () => {
    const { server } = showListing('/concours/peinture-a-l-huile');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(server.callsTo(LIST)).toHaveLength(0);
  });

  it('sends an unknown sub-category home', async () => {
    showListing('/concours/design/jingle');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the error text and the category name when the list fails', async () => {
    showListing('/concours/audio', () => fail(503, 'Le service est momentanément indisponible.'));
    expect(await screen.findByText('Le service est momentanément indisponible.')).toBeInTheDocument();
    expect(screen.getByText(/catégorie Audio/)).toBeInTheDocument();
  });
});
