import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { MESSAGES, PROFILE_TEXTS, WALLET, type WalletDto } from '@creadefi/domain';
import { makeUser, meRoute, renderWithProviders, stubApi, type ApiRoutes } from '../../test/render';
import ProfilePage from './ProfilePage';
import { withPlainSpaces } from '../../test/text';

const PROFILE_PATH = '/mon-profil/informations-personnelles';

function wallet(overrides: Partial<WalletDto> = {}): WalletDto {
  return {
    balance: 19200,
    bankAccount: { name: 'Camille Martin', iban: 'FR76 •••• •••• •••• •••• •••• 189' },
    history: [{ id: 1, kind: 'prize', amount: 19200, createdAt: '2025-03-05T10:00:00.000Z', label: 'Récompense du concours «\u00a0Boulangerie Dupain\u00a0»' }],
    payouts: [],
    ...overrides,
  };
}

function NavigationState() {
  return <output data-testid="navigation-state">{JSON.stringify(useLocation().state)}</output>;
}

function setup(extra: ApiRoutes = {}, at = PROFILE_PATH) {
  const calls = stubApi({ ...meRoute(makeUser({ lastName: 'Martin', wallet: { amount: 19200 } })), 'GET /api/wallet': { body: { results: wallet() } }, ...extra });
  const view = renderWithProviders(
    <Routes>
      <Route path="/depart" element={<Navigate to={PROFILE_PATH} state={{ missingInfo: true }} />} />
      <Route
        path={PROFILE_PATH}
        element={
          <>
            <ProfilePage />
            <NavigationState />
          </>
        }
      />
    </Routes>,
    { at, signedIn: true },
  );
  return { calls, ...view };
}

afterEach(() => vi.useRealTimers());

describe('ProfilePage', () => {
  it('asks for the pseudo and the e-mail before saving', async () => {
    const { calls } = setup();
    const pseudo = await screen.findByLabelText(/Pseudo/);
    await userEvent.clear(pseudo);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.profileRequired))).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/update')).toBe(false);
  });

  it('saves the profile, shows the server’s message and keeps its capitalised names', async () => {
    const saved = makeUser({ firstName: 'Jean-Pierre', lastName: 'Martin' });
    const { calls } = setup({ 'POST /api/user/update': { body: { message: MESSAGES.auth.profileUpdated, results: { user: saved } } } });
    const first = await screen.findByLabelText('Prénom');
    await userEvent.clear(first);
    await userEvent.type(first, 'jean-pierre');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.auth.profileUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/update')?.body).toMatchObject({ firstName: 'jean-pierre', pseudo: 'camille', email: 'camille@example.fr' });
    await waitFor(() => expect(screen.getByLabelText('Prénom')).toHaveValue('Jean-Pierre'));
  });

  it('asks for the current password before an e-mail change, then shows the new address as pending', async () => {
    const saved = makeUser({ lastName: 'Martin', wallet: { amount: 19200 }, pendingEmail: 'camille.nouvelle@example.fr' });
    let current = makeUser({ lastName: 'Martin', wallet: { amount: 19200 } });
    const { calls } = setup({
      'GET /api/user/me': () => ({ body: { results: { user: current } } }),
      'POST /api/user/update': () => {
        current = saved;
        return { body: { message: MESSAGES.auth.profileUpdatedConfirmEmail('camille.nouvelle@example.fr'), results: { user: saved } } };
      },
    });
    expect(screen.queryByLabelText(/Mot de passe actuel/)).not.toBeInTheDocument();
    const email = await screen.findByRole('textbox', { name: /^E-mail/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'camille.nouvelle@example.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.auth.currentPasswordRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/update')).toBe(false);

    await userEvent.type(screen.getByLabelText(/Mot de passe actuel/), 'MonMotDePasse-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.profileUpdatedConfirmEmail('camille.nouvelle@example.fr')))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/update')?.body).toMatchObject({ email: 'camille.nouvelle@example.fr', currentPassword: 'MonMotDePasse-2026' });
    // The address in force stays in the field; the new one waits for its link.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('camille@example.fr'));
    expect(screen.getByText(withPlainSpaces(PROFILE_TEXTS.pendingEmail('camille.nouvelle@example.fr')))).toBeInTheDocument();
    expect(screen.queryByLabelText(/Mot de passe actuel/)).not.toBeInTheDocument();
  });

  it('sends no password when only the rest of the profile changes', async () => {
    const { calls } = setup({ 'POST /api/user/update': { body: { message: MESSAGES.auth.profileUpdated, results: { user: makeUser({ lastName: 'Martin', phone: '0601020304' }) } } } });
    await userEvent.type(await screen.findByLabelText('Téléphone'), '0601020304');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText(MESSAGES.auth.profileUpdated);
    const body = calls.find((c) => c.path === '/api/user/update')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ phone: '0601020304', email: 'camille@example.fr' });
    expect(Object.keys(body)).not.toContain('currentPassword');
    expect(Object.keys(body)).not.toContain('newPassword');
  });

  it('changes the password with the current one and a matching confirmation, and shows a wrong current password beside its field', async () => {
    let attempts = 0;
    const { calls } = setup({
      'POST /api/user/update': () =>
        ++attempts === 1
          ? { status: 403, body: { message: { message: MESSAGES.auth.currentPasswordWrong, code: 403, fields: { currentPassword: MESSAGES.auth.currentPasswordWrong } } } }
          : { body: { message: MESSAGES.auth.profileUpdatedPasswordChanged, results: { user: makeUser({ lastName: 'Martin' }) } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: PROFILE_TEXTS.changePassword }));
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.newPassword), 'Nouveau-secret-2026');
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.confirmNewPassword), 'Autre-secret-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.auth.passwordsDiffer))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.auth.currentPasswordRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/user/update')).toBe(false);

    await userEvent.clear(screen.getByLabelText(PROFILE_TEXTS.confirmNewPassword));
    await userEvent.type(screen.getByLabelText(PROFILE_TEXTS.confirmNewPassword), 'Nouveau-secret-2026');
    await userEvent.type(screen.getByLabelText(/Mot de passe actuel/), 'pas-le-bon');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.auth.currentPasswordWrong)).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/Mot de passe actuel/));
    await userEvent.type(screen.getByLabelText(/Mot de passe actuel/), 'Le-bon-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.auth.profileUpdatedPasswordChanged)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/user/update').at(-1)?.body).toMatchObject({ currentPassword: 'Le-bon-2025', newPassword: 'Nouveau-secret-2026', confirmPassword: 'Nouveau-secret-2026' });
    await waitFor(() => expect(screen.queryByLabelText(PROFILE_TEXTS.newPassword)).not.toBeInTheDocument());
  });

  it('tells an account made with Google or Facebook how it confirms a new address', async () => {
    stubApi({ ...meRoute(makeUser({ hasPassword: false })), 'GET /api/wallet': { body: { results: wallet() } } });
    renderWithProviders(
      <Routes>
        <Route path={PROFILE_PATH} element={<ProfilePage />} />
      </Routes>,
      { at: PROFILE_PATH, signedIn: true },
    );
    const email = await screen.findByRole('textbox', { name: /^E-mail/ });
    expect(screen.queryByRole('button', { name: PROFILE_TEXTS.changePassword })).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'autre@example.fr');
    expect(screen.getByText(MESSAGES.auth.providerReauthRequired)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Mot de passe actuel/)).not.toBeInTheDocument();
  });

  it('sends a reset link to the account’s address', async () => {
    const { calls } = setup({ 'POST /api/auth/pswd/lost': { body: { message: MESSAGES.auth.resetSent } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/auth/pswd/lost')?.body).toEqual({ email: 'camille@example.fr' }));
    expect((await screen.findAllByText(/Un lien pour choisir un nouveau mot de passe a été envoyé à camille@example.fr/)).length).toBeGreaterThan(0);
  });

  it('shows the essential-information banner from the navigation state, whose flag is cleared after 500 ms', async () => {
    vi.useFakeTimers();
    setup({}, '/depart');
    expect(screen.getByText(MESSAGES.profile.essentialInfo)).toBeInTheDocument();
    expect(screen.getByTestId('navigation-state')).toHaveTextContent('{"missingInfo":true}');
    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByTestId('navigation-state')).toHaveTextContent('{"missingInfo":true}');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    // A reload will not show it again, but the member still has time to read it.
    expect(screen.getByTestId('navigation-state')).toHaveTextContent('null');
    expect(screen.getByText(MESSAGES.profile.essentialInfo)).toBeInTheDocument();
  });

  it('shows no banner on a plain visit', async () => {
    setup();
    expect(await screen.findByLabelText(/Pseudo/)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.profile.essentialInfo)).not.toBeInTheDocument();
  });

  it('checks the IBAN key as it is typed, in groups of four', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Coordonnées bancaires' }));
    const dialog = await screen.findByRole('dialog', { name: WALLET.bankTitle });
    const iban = within(dialog).getByLabelText(/IBAN/);
    await userEvent.type(iban, 'fr7630006000011234567890180');
    expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 180');
    expect(within(dialog).getByText(WALLET.ibanInvalid)).toBeInTheDocument();
    await userEvent.clear(iban);
    await userEvent.type(iban, 'FR7630006000011234567890189');
    expect(within(dialog).queryByText(WALLET.ibanInvalid)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('IBAN valide')).toBeInTheDocument();
  });

  it('requires the holder and the IBAN, then saves them', async () => {
    const { calls } = setup({ 'POST /api/user/bank-details': { body: { message: WALLET.bankSaved, results: { bankAccount: { name: 'Camille Martin', iban: 'FR76 •••• 0189' } } } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Coordonnées bancaires' }));
    const dialog = await screen.findByRole('dialog', { name: WALLET.bankTitle });
    await userEvent.clear(within(dialog).getByLabelText(/Nom & prénom du titulaire/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText(WALLET.holderRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Nom & prénom du titulaire/)).toHaveAccessibleDescription(WALLET.holderRequired);
    expect(within(dialog).getByLabelText(/IBAN/)).toHaveAccessibleDescription(WALLET.ibanRequired);
    await userEvent.type(within(dialog).getByLabelText(/Nom & prénom du titulaire/), 'Camille Martin');
    await userEvent.type(within(dialog).getByLabelText(/IBAN/), 'FR76 3000 6000 0112 3456 7890 189');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/user/bank-details')?.body).toEqual({ name: 'Camille Martin', iban: 'FR7630006000011234567890189' }));
  });

  it('shows a refused IBAN once, beside its field, and nothing in the alert', async () => {
    const { calls } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Coordonnées bancaires' }));
    const dialog = await screen.findByRole('dialog', { name: WALLET.bankTitle });
    await userEvent.type(within(dialog).getByLabelText(/IBAN/), 'FR7630006000011234567890180');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/IBAN/)).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText(WALLET.ibanInvalid)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/bank-details')).toBeUndefined();
  });

  it('pays out once on a double click, with one idempotency key per dialog', async () => {
    const { calls } = setup({
      'POST /api/wallet/transfer': () => ({ body: { message: WALLET.transferStarted('192 €'), results: { payout: { id: 1 } } } }),
    });
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('192 €');
    await userEvent.click(await screen.findByRole('button', { name: WALLET.transfer }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer vers votre compte bancaire' });
    expect(within(dialog).getByTestId('transfer-amount')).toHaveTextContent('192 €');
    expect(within(dialog).getByText('FR76 •••• •••• •••• •••• •••• 189')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirmer le virement' });
    // Two clicks in the same tick, before the page can redraw the button as busy.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText(WALLET.transferStarted('192 €'))).toBeInTheDocument();
    const transfers = calls.filter((c) => c.path === '/api/wallet/transfer');
    expect(transfers).toHaveLength(1);
    expect((transfers[0]!.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[\w-]{8,80}$/);
  });

  it('keeps the same idempotency key when the confirmation is sent again after a failure', async () => {
    let attempts = 0;
    const { calls } = setup({
      'POST /api/wallet/transfer': () => (++attempts === 1 ? { status: 502, body: { message: { message: WALLET.transferFailed, code: 502 } } } : { body: { message: WALLET.transferPending } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: WALLET.transfer }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer vers votre compte bancaire' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le virement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(withPlainSpaces(MESSAGES.common.serverError));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le virement' }));
    await screen.findByText(withPlainSpaces(WALLET.transferPending));
    const keys = calls.filter((c) => c.path === '/api/wallet/transfer').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('opens the bank details first when no account is saved, and disables "Transférer" on an empty wallet', async () => {
    setup({ 'GET /api/wallet': { body: { results: wallet({ bankAccount: null }) } } });
    await userEvent.click(await screen.findByRole('button', { name: WALLET.transfer }));
    const dialog = await screen.findByRole('dialog', { name: WALLET.bankTitle });
    expect(within(dialog).getByText(WALLET.noBankAccount)).toBeInTheDocument();
  });

  it('disables "Transférer" when the balance is 0', async () => {
    setup({ 'GET /api/wallet': { body: { results: wallet({ balance: 0, history: [] }) } } });
    await waitFor(() => expect(screen.getByTestId('wallet-balance')).toHaveTextContent('0 €'));
    await waitFor(() => expect(screen.getByRole('button', { name: WALLET.transfer })).toBeDisabled());
    expect(screen.getByText(WALLET.historyEmpty)).toBeInTheDocument();
  });
});
