import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import { TOKEN_KEY } from '../api/client';
import { makeUser, noProviders, renderWithApp, stubApi } from '../features/auth/test-utils';
import { RequireUser } from './guards';
import { useSession } from './session';
import { withPlainSpaces } from '../test/text';

function Probe() {
  const { status, user, signOut } = useSession();
  return (
    <>
      <p>état : {status}</p>
      {user && <p>pseudo : {user.pseudo}</p>}
      <button type="button" onClick={() => void signOut()}>
        Déconnexion
      </button>
    </>
  );
}

const routes = [
  { path: '/', element: <Probe /> },
  {
    path: '/mon-profil/mes-concours',
    element: (
      <RequireUser>
        <h1>Mes concours</h1>
      </RequireUser>
    ),
  },
  {
    path: '/concours/design',
    element: (
      <RequireUser drawnWhileSigningIn>
        <Probe />
      </RequireUser>
    ),
  },
];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('session', () => {
  it('loads /user/me with the stored token before pages render', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    const calls = stubApi({ 'GET /api/config': noProviders, 'GET /api/user/me': { body: { results: { user: makeUser() } } } });
    renderWithApp([...routes], { at: '/mon-profil/mes-concours' });
    // The guard waits for the profile instead of sending the member away.
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Mes concours' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/me')?.headers.authorization).toBe('Bearer jeton-valide');
  });

  it('lets a page that draws its frame meanwhile render while the profile loads, and still sends a visitor home', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    let answer: (value: unknown) => void = () => undefined;
    stubApi({ 'GET /api/config': noProviders, 'GET /api/user/me': () => new Promise((resolve) => (answer = resolve)).then(() => ({ body: { results: { user: makeUser() } } })) });
    const member = renderWithApp([...routes], { at: '/concours/design' });
    expect(await screen.findByText('état : loading')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Chargement' })).not.toBeInTheDocument();
    answer(null);
    expect(await screen.findByText('état : user')).toBeInTheDocument();
    member.unmount();

    localStorage.clear();
    const visitor = renderWithApp([...routes], { at: '/concours/design' });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/'));
    expect(screen.getByText('état : guest')).toBeInTheDocument();
  });

  it('signs out when the server refuses the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-perime');
    stubApi({ 'GET /api/config': noProviders, 'GET /api/user/me': { status: 401, body: { message: { message: MESSAGES.common.unauthenticated, code: 401 } } } });
    renderWithApp(routes);
    expect(await screen.findByText('état : guest')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  /** The profile's request fails without an answer, as a request the browser cancels does. */
  const stubProfileRequestFailing = () =>
    stubApi({
      'GET /api/config': noProviders,
      'GET /api/user/me': () => {
        throw new TypeError('Failed to fetch');
      },
    });

  it('keeps the session when the profile request is cut by the page unloading (a reload)', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    stubProfileRequestFailing();
    window.dispatchEvent(new Event('pagehide'));
    try {
      renderWithApp(routes);
      expect(await screen.findByText('état : guest')).toBeInTheDocument();
      expect(localStorage.getItem(TOKEN_KEY)).toBe('jeton-valide');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('signs out when the profile cannot be loaded while the page lives', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    stubProfileRequestFailing();
    renderWithApp(routes);
    expect(await screen.findByText('état : guest')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sends a visitor on a members-only page to /', async () => {
    stubApi({ 'GET /api/config': noProviders });
    const { router } = renderWithApp(routes, { at: '/mon-profil/mes-concours' });
    expect(await screen.findByText('état : guest')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs out: revokes the token on the server, forgets it here and says so', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    const calls = stubApi({
      'GET /api/config': noProviders,
      'GET /api/user/me': { body: { results: { user: makeUser() } } },
      'POST /api/auth/logout': { body: { message: MESSAGES.auth.loggedOut } },
    });
    const user = userEvent.setup();
    renderWithApp(routes);
    expect(await screen.findByText('pseudo : camille')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByText('état : guest')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.loggedOut))).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/logout')?.headers.authorization).toBe('Bearer jeton-valide'));
  });
});
