import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import RecoverPasswordPage from './RecoverPasswordPage';
import { noProviders, renderWithApp, stubApi } from './test-utils';
import { withPlainSpaces } from '../../test/text';

const TOKEN = 'jeton-reinitialisation-0123456789';
const routes = [{ path: '/recover-password/:emailToken', element: <RecoverPasswordPage /> }];

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('RecoverPasswordPage', () => {
  it('checks the rules and the match before calling the server', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/recover-password/${TOKEN}` });
    expect(screen.getByRole('heading', { name: MESSAGES.auth.recoverTitle })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'different');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText(MESSAGES.auth.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.passwordsDiffer))).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/auth/pswd/recover/'))).toBe(false);
  });

  it('changes the password, confirms in a dialog and leads to the sign-in modal', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders, [`POST /api/auth/pswd/recover/${TOKEN}`]: { body: { message: MESSAGES.auth.resetDone } } });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/recover-password/${TOKEN}` });
    await user.type(screen.getByLabelText(/^Mot de passe/), 'nouveau-secret');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'nouveau-secret');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MESSAGES.auth.resetDone)).toBeInTheDocument();
    expect(calls.find((c) => c.path.startsWith('/api/auth/pswd/recover/'))?.body).toEqual({ newPassword: 'nouveau-secret', confirmPassword: 'nouveau-secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.auth.signInTitle })).toBeInTheDocument();
  });

  it('offers a new link when the server refuses this one', async () => {
    stubApi({
      'GET /api/config': noProviders,
      [`POST /api/auth/pswd/recover/${TOKEN}`]: { status: 400, body: { message: { message: MESSAGES.auth.linkInvalid, code: 400 } } },
    });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/recover-password/${TOKEN}` });
    await user.type(screen.getByLabelText(/^Mot de passe/), 'nouveau-secret');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'nouveau-secret');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(await screen.findByText(MESSAGES.auth.linkInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Demander un nouveau lien' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.auth.forgotTitle })).toBeInTheDocument();
  });
});
