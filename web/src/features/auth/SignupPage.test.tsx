import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import SignupPage from './SignupPage';
import SignupSuccessPage from './SignupSuccessPage';
import { TOKEN_KEY } from '../../api/client';
import { makeUser, noProviders, renderWithApp, stubApi } from './test-utils';
import { withPlainSpaces } from '../../test/text';

const routes = [
  { path: '/', element: <h1>Accueil</h1> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/signup/success', element: <SignupSuccessPage /> },
];

async function fill(user: ReturnType<typeof userEvent.setup>, { password = 'motdepasse1', confirm = 'motdepasse1', cgu = true } = {}) {
  await user.type(screen.getByLabelText(/Adresse e-mail/), 'lea@example.fr');
  await user.type(screen.getByLabelText(/Pseudo/), 'lea_crea');
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.type(screen.getByLabelText(/Confirmation du mot de passe/), confirm);
  if (cgu) await user.click(screen.getByRole('checkbox'));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('SignupPage', () => {
  it('refuses unticked CGU and different passwords with the catalogue texts, without calling the server', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders });
    const user = userEvent.setup();
    renderWithApp(routes, { at: '/signup' });
    expect(await screen.findByRole('heading', { name: MESSAGES.auth.signupTitle })).toBeInTheDocument();
    await fill(user, { confirm: 'autre-chose', cgu: false });
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.cguNotAccepted))).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.passwordsDiffer))).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);
  });

  it('shows a server refusal beside the field it concerns', async () => {
    stubApi({
      'GET /api/config': noProviders,
      'POST /api/auth/register': { status: 409, body: { message: { message: MESSAGES.auth.pseudoTaken, code: 409 } } },
    });
    const user = userEvent.setup();
    renderWithApp(routes, { at: '/signup' });
    await screen.findByRole('heading', { name: MESSAGES.auth.signupTitle });
    await fill(user);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.pseudoTaken))).toBeInTheDocument();
    expect(screen.getByLabelText(/Pseudo/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('registers and lands on the success page with the server message', async () => {
    const calls = stubApi({
      'GET /api/config': noProviders,
      'POST /api/auth/register': { status: 201, body: { message: MESSAGES.auth.registered, results: { userId: 12 } } },
    });
    const user = userEvent.setup();
    const { router } = renderWithApp(routes, { at: '/signup' });
    await screen.findByRole('heading', { name: MESSAGES.auth.signupTitle });
    await user.type(screen.getByLabelText(/Prénom/), 'Léa');
    await fill(user);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    expect(await screen.findByRole('heading', { name: MESSAGES.auth.registerTitle })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.registered))).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup/success');
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      email: 'lea@example.fr',
      pseudo: 'lea_crea',
      firstName: 'Léa',
      password: 'motdepasse1',
      confirmPassword: 'motdepasse1',
    });
    await user.click(screen.getByRole('link', { name: "Page d'accueil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is for visitors only: a member is sent to /', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-valide');
    stubApi({ 'GET /api/config': noProviders, 'GET /api/user/me': { body: { results: { user: makeUser() } } } });
    const { router } = renderWithApp(routes, { at: '/signup' });
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visit of /signup/success without its state to /', async () => {
    stubApi({ 'GET /api/config': noProviders });
    renderWithApp(routes, { at: '/signup/success' });
    expect(await screen.findByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
  });
});
