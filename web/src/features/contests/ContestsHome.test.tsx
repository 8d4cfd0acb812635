import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTESTS } from '@creadefi/domain';
import { ContestsHome } from './ContestsHome';
import { resetTutorialDismissal } from './Tutorial';
import { buildCard, buildUser, fail, ok, renderRoute, type ApiCall, type RenderRouteOptions } from './test-utils';

const LIST = 'POST /api/concours/orderBy/any';

const page = (call: ApiCall, concours = [buildCard()], total = concours.length) => {
  const body = call.body as { page: number; pageSize: number };
  return ok({ results: { concours, page: body.page, pageSize: body.pageSize, total } });
};

function showHome(options: { url?: string; user?: ReturnType<typeof buildUser>; list?: (call: ApiCall) => ReturnType<typeof ok>; extra?: RenderRouteOptions['api'] } = {}) {
  return renderRoute(<ContestsHome />, {
    path: '/',
    url: options.url ?? '/',
    user: options.user ?? buildUser(),
    api: { [LIST]: options.list ?? ((call) => page(call)), ...options.extra },
  });
}

beforeEach(() => resetTutorialDismissal());
afterEach(() => localStorage.clear());

describe('ContestsHome', () => {
  it('asks for the newest contests, first page of 6, and shows the titles', async () => {
    const { server } = showHome();
    expect(await screen.findByRole('heading', { level: 1, name: CONTESTS.listingTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: CONTESTS.listingHeading })).toBeInTheDocument();
    expect(await screen.findByText('Boulangerie Dupain')).toBeInTheDocument();
    expect(server.callsTo(LIST)[0]!.body).toEqual({ selector: 'createdAt', orderedBy: 'DESC', page: 1, pageSize: 6 });
  });

  it('says so when no contest is open', async () => {
    showHome({ list: (call) => page(call, [], 0) });
    expect(await screen.findByText(CONTESTS.empty)).toBeInTheDocument();
  });

  it('shows the error text when the list cannot be loaded', async () => {
    showHome({ list: () => fail(400, 'Le tri demandé est invalide.') });
    expect(await screen.findByText('Le tri demandé est invalide.')).toBeInTheDocument();
  });

  it('reads the page and the sort from the address', async () => {
    const { server } = showHome({ url: '/?page=2&tri=plus-de-gains', list: (call) => page(call, [buildCard()], 13) });
    await screen.findByText('Boulangerie Dupain');
    expect(server.callsTo(LIST)[0]!.body).toMatchObject({ selector: 'cost', orderedBy: 'DESC', page: 2 });
    expect(screen.getByRole('combobox', { name: 'Trier les concours' })).toHaveDisplayValue('Plus de gains');
  });

  it('pages with the server total and keeps the page in the address', async () => {
    const user = userEvent.setup();
    const { server, router } = showHome({ list: (call) => page(call, [buildCard()], 13) });
    await screen.findByText('Boulangerie Dupain');
    // 13 contests at 6 a page: 3 pages.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.body).toMatchObject({ page: 2 }));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('sorts by participations and goes back to the first page', async () => {
    const user = userEvent.setup();
    const { server, router } = showHome({ url: '/?page=2', list: (call) => page(call, [buildCard()], 13) });
    await screen.findByText('Boulangerie Dupain');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier les concours' }), 'Plus de participations');
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.body).toMatchObject({ selector: 'participations', orderedBy: 'DESC', page: 1 }));
    expect(router.state.location.search).toBe('?tri=plus-de-participations');
  });

  it('offers "Les participations" on the viewer\'s own contest and "Participer" on others', async () => {
    const me = buildUser({ id: 42 });
    showHome({ user: me, list: (call) => page(call, [buildCard({ id: 1, idConcoureur: 42, companyName: 'Ma boîte' }), buildCard({ id: 2, idConcoureur: 7, companyName: 'Autre boîte' })]) });
    const mine = (await screen.findByText('Ma boîte')).closest('article')!;
    const other = screen.getByText('Autre boîte').closest('article')!;
    expect(within(mine).getByRole('link', { name: CONTESTS.seeProposals })).toHaveAttribute('href', '/participations/1');
    expect(within(other).getByRole('link', { name: CONTESTS.participate })).toHaveAttribute('href', '/details-concours/2');
  });
});

describe('first-visit tutorial', () => {
  it('is not shown to a returning member', async () => {
    showHome({ user: buildUser({ isFirstTime: false }) });
    await screen.findByText('Boulangerie Dupain');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('walks through three steps and records the end on "C\'est parti !"', async () => {
    const user = userEvent.setup();
    const { server } = showHome({ user: buildUser({ isFirstTime: true }), extra: { 'GET /api/user/finish/tutorial': () => ok({ message: CONTESTS.tutorialDone }) } });

    expect(await screen.findByRole('dialog', { name: 'Choisissez un concours' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('dialog', { name: 'Envoyez vos propositions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('dialog', { name: 'Soyez choisi et payé' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/user/finish/tutorial')).toHaveLength(0);

    const meCallsBefore = server.callsTo('GET /api/user/me').length;
    await user.click(screen.getByRole('button', { name: 'C’est parti\u00a0!' }));
    await waitFor(() => expect(server.callsTo('GET /api/user/finish/tutorial')).toHaveLength(1));
    // The profile is read again, so isFirstTime comes back false.
    await waitFor(() => expect(server.callsTo('GET /api/user/me').length).toBeGreaterThan(meCallsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides on close without recording the end', async () => {
    const user = userEvent.setup();
    const { server } = showHome({ user: buildUser({ isFirstTime: true }) });
    const dialog = await screen.findByRole('dialog', { name: 'Choisissez un concours' });
    await user.click(within(dialog).getAllByRole('button')[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('GET /api/user/finish/tutorial')).toHaveLength(0);
  });
});
