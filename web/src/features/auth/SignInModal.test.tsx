import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import { TOKEN_KEY } from '../../api/client';
import { useSession } from '../../app/session';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { makeSession, noProviders, renderWithApp, stubApi } from './test-utils';
import { withPlainSpaces } from '../../test/text';

function Home() {
  const modal = useSignInModal();
  const { status, user } = useSession();
  return (
    <>
      <p>{status === 'user' ? `Bonjour ${user?.pseudo}` : 'Visiteur'}</p>
      <button type="button" onClick={() => modal.open()}>
        Ouvrir la connexion
      </button>
    </>
  );
}

async function openModal() {
  const user = userEvent.setup();
  renderWithApp([
    { path: '/', element: <Home /> },
    { path: '/signup', element: <h1>Inscription</h1> },
  ]);
  await user.click(screen.getByRole('button', { name: 'Ouvrir la connexion' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('SignInModal', () => {
  it('refuses an empty form and marks both fields in error', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders });
    const { user, dialog } = await openModal();
    expect(within(dialog).getByRole('heading', { name: MESSAGES.auth.signInTitle })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Connexion' }));
    expect(await within(dialog).findByText(MESSAGES.common.invalidEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.common.requiredField)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Adresse e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/Mot de passe/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it('switches to the forgot-password mode, sends the link and comes back to normal on reopening', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders, 'POST /api/auth/pswd/lost': { body: { message: MESSAGES.auth.resetSent } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'lea@example.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Oublié\u00a0?' }));

    expect(await screen.findByText(MESSAGES.auth.forgotTitle)).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.forgotIntro))).toBeInTheDocument();
    expect(screen.queryByLabelText(/Mot de passe/)).not.toBeInTheDocument();
    // The e-mail typed before follows into this mode.
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveValue('lea@example.fr');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));

    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/pswd/lost')?.body).toEqual({ email: 'lea@example.fr' }));
    expect(await screen.findByText(MESSAGES.auth.resetSent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ouvrir la connexion' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.auth.signInTitle);
    expect(screen.getByLabelText(/Mot de passe/)).toBeInTheDocument();
  });

  it('signs in, stores the token, says so and closes', async () => {
    const session = makeSession();
    const calls = stubApi({ 'GET /api/config': noProviders, 'POST /api/auth/login': { body: { message: MESSAGES.auth.loggedIn, results: session } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'Camille@Example.fr ');
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Connexion' }));

    expect(await screen.findByText('Bonjour camille')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({ email: 'camille@example.fr', password: 'secret-123' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(session.token);
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.loggedIn))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells an unverified account so and resends the link', async () => {
    const calls = stubApi({
      'GET /api/config': noProviders,
      'POST /api/auth/login': { status: 403, body: { message: { message: MESSAGES.auth.notVerified, code: 403 } } },
      'POST /api/auth/verification/resend': { body: { message: MESSAGES.auth.verificationResent } },
    });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'nouveau@example.fr');
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Connexion' }));

    expect(await within(dialog).findByText(MESSAGES.auth.notVerified)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await within(dialog).findByText(MESSAGES.auth.verificationResent)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/verification/resend')?.body).toEqual({ email: 'nouveau@example.fr' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('tells a suspended account why, without offering a new link', async () => {
    stubApi({ 'GET /api/config': noProviders, 'POST /api/auth/login': { status: 403, body: { message: { message: MESSAGES.admin.members.signInRefused, code: 403 } } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'suspendu@example.fr');
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Connexion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MESSAGES.admin.members.signInRefused);
    expect(within(dialog).queryByRole('button', { name: 'Renvoyer le lien' })).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows wrong credentials in the red banner', async () => {
    stubApi({ 'GET /api/config': noProviders, 'POST /api/auth/login': { status: 401, body: { message: { message: MESSAGES.auth.wrongCredentials, code: 401 } } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(/Adresse e-mail/), 'camille@example.fr');
    await user.type(within(dialog).getByLabelText(/Mot de passe/), 'mauvais-mdp');
    await user.click(within(dialog).getByRole('button', { name: 'Connexion' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(MESSAGES.auth.wrongCredentials);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Google or Facebook button when the server has none, and leads to the sign-up page', async () => {
    stubApi({ 'GET /api/config': noProviders });
    const { user, dialog } = await openModal();
    await waitFor(() => expect(within(dialog).getByRole('link', { name: MESSAGES.auth.notMember })).toBeInTheDocument());
    expect(within(dialog).queryByText('Connexion avec Google')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Connexion avec Facebook')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: MESSAGES.auth.notMember }));
    expect(await screen.findByRole('heading', { name: 'Inscription' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
