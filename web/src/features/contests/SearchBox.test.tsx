import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@creadefi/domain';
import { SearchBox } from './SearchBox';
import SearchPage from './SearchPage';
import { buildCard, fail, ok, renderRoute, type ApiCall } from './test-utils';

const SEARCH = 'GET /api/concours/search';
const T = MESSAGES.search;
const page = (concours: ReturnType<typeof buildCard>[], total = concours.length, totalCapped = false) => () => ok({ results: { concours, page: 1, pageSize: 12, total, totalCapped } });
/** As Testing Library reads a text: no-break spaces as spaces. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ');
const queryOf = (call: ApiCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

describe('SearchBox', () => {
  it('opens the search page with the words in the address', async () => {
    renderRoute(<SearchBox />, { path: '/concours/all', user: null });
    const box = await screen.findByRole('searchbox', { name: T.box.label });
    fireEvent.change(box, { target: { value: '  logo boulangerie ' } });
    fireEvent.click(screen.getByRole('button', { name: T.box.submit }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/recherche?q=logo+boulangerie');
  });

  it('opens every open contest when sent empty', async () => {
    renderRoute(<SearchBox />, { path: '/concours/all' });
    fireEvent.submit(await screen.findByRole('search', { name: T.box.label }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/recherche$/);
  });
});

describe('SearchPage', () => {
  it('searches the words of the address and shows the cards found, for a visitor too', async () => {
    const { server } = renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?q=logo%20boulangerie', user: null, api: { [SEARCH]: page([buildCard()]) } });
    expect(await screen.findByText('Boulangerie Dupain')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: T.page.resultsFor('logo boulangerie') })).toBeInTheDocument();
    expect(screen.getByText(shown(T.page.count(1)))).toBeInTheDocument();
    expect(queryOf(server.callsTo(SEARCH)[0]!)).toEqual({ q: 'logo boulangerie', page: '1' });
    expect(screen.getByRole('searchbox', { name: T.box.label })).toHaveValue('logo boulangerie');
  });

  it('says « plus de » when more contests match than the pages show', async () => {
    renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?q=logo', api: { [SEARCH]: page([buildCard()], 120, true) } });
    expect(await screen.findByText(shown(T.page.countMore(120)))).toBeInTheDocument();
    expect(shown(T.page.countMore(120))).toBe('Plus de 120 concours');
  });

  it('sends the filters in cents and keeps them in the address', async () => {
    const { server } = renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?q=logo&categorie=design&format=1&min=100&max=400&bientot=1&page=2', api: { [SEARCH]: page([buildCard()], 20) } });
    await screen.findByText('Boulangerie Dupain');
    expect(queryOf(server.callsTo(SEARCH)[0]!)).toEqual({ q: 'logo', idCategory: '1', format: '1', minPrize: '10000', maxPrize: '40000', endingSoon: 'true', page: '2' });
    fireEvent.click(screen.getByRole('checkbox', { name: T.filters.endingSoon }));
    await waitFor(() => expect(server.callsTo(SEARCH)).toHaveLength(2));
    // A new filter starts again from the first page.
    expect(queryOf(server.callsTo(SEARCH)[1]!)).toEqual({ q: 'logo', idCategory: '1', format: '1', minPrize: '10000', maxPrize: '40000', page: '1' });
  });

  it('says nothing matches, and offers to clear the filters', async () => {
    renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?q=zzz&format=3', api: { [SEARCH]: page([]) } });
    expect(await screen.findByText(T.page.empty)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: T.filters.reset }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: T.page.allOpen })).toBeInTheDocument());
  });

  it('does not send a prize range that holds nothing', async () => {
    const { server } = renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?min=500&max=100', api: { [SEARCH]: page([]) } });
    expect(await screen.findByText(T.page.badRange)).toBeInTheDocument();
    expect(server.callsTo(SEARCH)).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    renderRoute(<SearchPage />, { path: '/recherche', url: '/recherche?q=logo', api: { [SEARCH]: () => fail(400, T.queryTooLong(100)) } });
    expect(await screen.findByText(shown(T.queryTooLong(100)))).toBeInTheDocument();
  });

  it("takes over a category's public page, the category fixed by its path", async () => {
    const { server } = renderRoute(<SearchPage />, { path: '/concours/categorie/:slug', url: '/concours/categorie/audio', user: null, api: { [SEARCH]: page([buildCard()]) } });
    expect(await screen.findByRole('heading', { level: 1, name: T.category.heading('Audio') })).toBeInTheDocument();
    await screen.findByText('Boulangerie Dupain');
    expect(queryOf(server.callsTo(SEARCH)[0]!)).toEqual({ idCategory: '7', page: '1' });
    expect(screen.queryByRole('combobox', { name: T.filters.category })).not.toBeInTheDocument();
  });
});
