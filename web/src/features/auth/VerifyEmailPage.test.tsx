import { StrictMode } from 'react';
import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import VerifyEmailPage, { resetConfirmations } from './VerifyEmailPage';
import { noProviders, renderWithApp, stubApi } from './test-utils';
import { withPlainSpaces } from '../../test/text';

const TOKEN = 'jeton-verification-0123456789';
const routes = [
  {
    path: '/verify/:emailToken',
    element: (
      <StrictMode>
        <VerifyEmailPage />
      </StrictMode>
    ),
  },
];

beforeEach(() => {
  localStorage.clear();
  resetConfirmations();
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('confirms the token once, shows success and opens the sign-in modal', async () => {
    const calls = stubApi({ 'GET /api/config': noProviders, [`GET /api/auth/confirmation/${TOKEN}`]: { body: { message: MESSAGES.auth.verified } } });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/verify/${TOKEN}` });

    expect(screen.getByRole('heading', { name: MESSAGES.auth.verifyPending })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: MESSAGES.auth.verifySuccessTitle })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.verified))).toBeInTheDocument();
    // The token is single use: StrictMode's double rendering must not spend it twice.
    expect(calls.filter((c) => c.path.startsWith('/api/auth/confirmation/'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says an address verified by an earlier click is already verified, and offers to sign in', async () => {
    stubApi({
      'GET /api/config': noProviders,
      [`GET /api/auth/confirmation/${TOKEN}`]: { body: { message: MESSAGES.auth.alreadyVerified, results: { alreadyVerified: true } } },
    });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/verify/${TOKEN}` });

    expect(await screen.findByRole('heading', { name: MESSAGES.auth.alreadyVerifiedTitle })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.auth.alreadyVerified))).toBeInTheDocument();
    expect(screen.queryByText(withPlainSpaces(MESSAGES.auth.verifyFailTitle))).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recevoir un nouveau lien' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('says the link is bad or expired and sends a new one', async () => {
    const calls = stubApi({
      'GET /api/config': noProviders,
      [`GET /api/auth/confirmation/${TOKEN}`]: { status: 400, body: { message: { message: MESSAGES.auth.linkInvalid, code: 400 } } },
      'POST /api/auth/verification/resend': { body: { message: MESSAGES.auth.verificationResent } },
    });
    const user = userEvent.setup();
    renderWithApp(routes, { at: `/verify/${TOKEN}` });

    expect(await screen.findByRole('heading', { name: MESSAGES.auth.verifyFailTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.auth.linkInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'lea@example.fr');
    await user.click(screen.getByRole('button', { name: 'Recevoir un nouveau lien' }));
    expect(await screen.findByText(MESSAGES.auth.verificationResent)).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/verification/resend')?.body).toEqual({ email: 'lea@example.fr' }));
  });
});
