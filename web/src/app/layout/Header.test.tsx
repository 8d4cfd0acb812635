import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, meRoute, renderWithProviders, stubApi } from '../../test/render';
import { Header } from './Header';
import { MESSAGES } from '@creadefi/domain';
import { withPlainSpaces } from '../../test/text';

describe('Header', { timeout: 20_000 }, () => {
  it('offers a visitor the landing anchors, Connexion and S’inscrire', () => {
    stubApi();
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Concept' })).toHaveAttribute('href', '/#concept');
    expect(within(nav).getByRole('link', { name: 'Engagements' })).toHaveAttribute('href', '/#engagements');
    expect(within(nav).getByRole('link', { name: 'Témoignages' })).toHaveAttribute('href', '/#temoignages');
    expect(screen.getByRole('link', { name: "S'inscrire" })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /page d'accueil/ })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
  });

  it('opens the sign-in modal from Connexion', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    expect(screen.getByTestId('sign-in-modal')).toHaveTextContent('fermée');
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(screen.getByTestId('sign-in-modal')).toHaveTextContent('ouverte');
  });

  it('opens the drawer with the same entries from the burger', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Témoignages' })).toHaveAttribute('href', '/#temoignages');
    await user.click(within(drawer).getByRole('button', { name: 'Connexion' }));
    expect(screen.getByTestId('sign-in-modal')).toHaveTextContent('ouverte');
  });

  it('names unread notifications in the feminine: « Notifications, 5 non lues »', async () => {
    stubApi({ ...meRoute(makeUser({ pseudo: 'lea' })), 'GET /api/notifications/unread-count': { body: { results: { messages: 5, notifications: 5 } } } });
    renderWithProviders(<Header />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Notifications, 5 non lues' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Messages, 5 non lus' })).toHaveAttribute('href', '/messages');
  });

  it('opens the menu when its code arrives between the press and the release', async () => {
    stubApi({ ...meRoute(makeUser({ pseudo: 'lea' })), 'GET /api/notifications/unread-count': { body: { results: { messages: 0, notifications: 0 } } } });
    renderWithProviders(<Header />, { signedIn: true });
    // The press alone: the release's click would reach no button once the stand-in is replaced.
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Mon compte, lea' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('shows the member’s photo in the account button', async () => {
    const photo = '/api/talents/lea/avatar?v=0123456789abcdef';
    stubApi({ ...meRoute(makeUser({ pseudo: 'lea', avatarUrl: photo })), 'GET /api/notifications/unread-count': { body: { results: { messages: 0, notifications: 0 } } } });
    renderWithProviders(<Header />, { signedIn: true });
    const button = await screen.findByRole('button', { name: 'Mon compte, lea' });
    expect(button.querySelector('img')).toHaveAttribute('src', photo);
  });

  it('shows a member the unread badges, the account menu and "Organiser un concours"', async () => {
    const calls = stubApi({ ...meRoute(makeUser({ pseudo: 'lea' })), 'GET /api/notifications/unread-count': { body: { results: { messages: 3, notifications: 1 } } } });
    const user = userEvent.setup();
    renderWithProviders(<Header />, { signedIn: true });

    expect(await screen.findByRole('link', { name: 'Messages, 3 non lus' })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('link', { name: 'Notifications, 1 non lue' })).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: /Organiser un concours/ })).toHaveAttribute('href', '/organiser-concours/etape1');
    expect(screen.queryByRole('button', { name: 'Connexion' })).not.toBeInTheDocument();

    // A tap made before the menu's code is there opens the menu when the code arrives. (A pointer
    // click would hover first, and the code may then arrive between hover and click and replace the
    // very button the click was aimed at.)
    fireEvent.click(screen.getByRole('button', { name: 'Mon compte, lea' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mes concours' })).toHaveAttribute('href', '/mon-profil/mes-concours');
    expect(within(menu).getByRole('menuitem', { name: 'Informations personnelles' })).toHaveAttribute('href', '/mon-profil/informations-personnelles');
    expect(within(menu).getByRole('menuitem', { name: 'Statut' })).toHaveAttribute('href', '/mon-profil/statut');
    // The admin area is offered to admins only.
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Déconnexion' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true));
    expect(await screen.findByRole('button', { name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/');
    // Said once, not once by the menu and once by the session.
    expect(await screen.findAllByText(withPlainSpaces(MESSAGES.auth.loggedOut))).toHaveLength(1);
  });

  it('offers an admin the admin area in the account menu', async () => {
    stubApi({ ...meRoute(makeUser({ pseudo: 'alice', isAdmin: true })), 'GET /api/notifications/unread-count': { body: { results: { messages: 0, notifications: 0 } } } });
    renderWithProviders(<Header />, { signedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Mon compte, alice' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('keeps the focus on the account button when the keyboard reaches it before the menu’s code', async () => {
    stubApi(meRoute(makeUser({ pseudo: 'lea' })));
    const user = userEvent.setup();
    renderWithProviders(<Header />, { signedIn: true });
    await screen.findByRole('link', { name: /Organiser un concours/ });
    screen.getByRole('button', { name: 'Mon compte, lea' }).focus();
    // The menu's code arrives and its button takes the stand-in's place, focus included.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mon compte, lea' })).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.getByRole('button', { name: 'Mon compte, lea' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('lights the badge as soon as a live event says a message arrived', async () => {
    let unread = 0;
    let push: ((chunk: string) => void) | null = null;
    stubApi({
      ...meRoute(makeUser()),
      'GET /api/notifications/unread-count': () => ({ body: { results: { messages: unread, notifications: 0 } } }),
      'GET /api/events': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
              push('event: ready\ndata: {}\n\n');
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderWithProviders(<Header />, { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
    await waitFor(() => expect(push).not.toBeNull());

    unread = 1;
    push!('event: message\ndata: {"type":"message","idParticipation":12}\n\n');
    expect(await screen.findByRole('link', { name: 'Messages, 1 non lu' })).toBeInTheDocument();
  });

  it('shows no badge when the server has no unread-count endpoint', async () => {
    stubApi(meRoute());
    renderWithProviders(<Header />, { signedIn: true, at: '/faq' });
    const messages = await screen.findByRole('link', { name: 'Messages' });
    await waitFor(() => expect(messages).toHaveAccessibleName('Messages'));
  });

  it('gives a member the category tree in the drawer', async () => {
    stubApi(meRoute());
    const user = userEvent.setup();
    renderWithProviders(<Header />, { signedIn: true });
    await screen.findByRole('link', { name: /Organiser un concours/ });
    await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Tous les concours' })).toHaveAttribute('href', '/concours/all');
    await user.click(within(drawer).getByRole('button', { name: 'Design' }));
    expect(await within(drawer).findByRole('link', { name: 'Logo' })).toHaveAttribute('href', '/concours/design/logo');
  });
});
