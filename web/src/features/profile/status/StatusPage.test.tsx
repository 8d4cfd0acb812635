import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_EXTRA_BENEFICIARIES, MESSAGES, type StatutDto } from '@creadefi/domain';
import StatusPage, { type StatusPageState } from '../StatusPage';
import { buildUser, fail, ok, renderApp } from '../../create-contest/test-utils';
import { withPlainSpaces } from '../../../test/text';

const SAVED: StatutDto = {
  statut: 1,
  firstName: 'Camille',
  lastName: 'Martin',
  birthday: '1985-03-12',
  nationality: 'FR',
  socialReason: 'Dupain EI',
  legalStatus: null,
  address: '3 rue des Lilas',
  zip: '75011',
  city: 'Paris',
  country: 'FR',
  countryCompany: null,
  numSiret: '73282932000074',
  numTVA: '',
  regimeTVA: true,
  statutBeneficiaire: 0,
  beneficiaires: [{ firstName: 'Camille', lastName: 'Martin', nationality: 'FR', address: '3 rue des Lilas', zip: '75011', city: 'Paris', country: 'FR', birthday: '1985-03-12', isGerant: true }],
  certifiedAt: '2025-01-01T10:00:00.000Z',
};

function openStatus(options: { saved?: StatutDto | null; state?: StatusPageState; api?: Parameters<typeof renderApp>[0]['api'] } = {}) {
  return renderApp({
    routes: [{ path: '/mon-profil/statut', element: <StatusPage /> }],
    initialEntries: [{ pathname: '/mon-profil/statut', state: options.state }],
    user: buildUser({ ownerId: null, payerId: null }),
    api: { 'GET /api/user/get/statut': () => ok({ results: { statut: options.saved ?? null } }), ...options.api },
  });
}

// A long form, filled field by field, on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

/** A sole trader born in 2010 sends the form: it is refused in the page. */
async function sendUnderage() {
  const view = openStatus({ saved: { ...SAVED, statut: 0, socialReason: null, numSiret: null, beneficiaires: [] } });
  const birthday = within(await screen.findByRole('region', { name: 'Vos informations' })).getByRole('textbox', { name: /Date de naissance/ });
  fireEvent.change(birthday, { target: { value: '14/03/2010' } });
  fireEvent.blur(birthday);
  fireEvent.click(screen.getByRole('checkbox', { name: MESSAGES.profile.certificationLabel }));
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText(withPlainSpaces(MESSAGES.profile.birthdayUnderage))).toBeInTheDocument();
  return { ...view, birthday };
}

const beneficiaryBlocks = () => screen.queryAllByRole('group', { name: /^Bénéficiaire \d/ });

afterEach(() => vi.unstubAllGlobals());

describe('StatusPage', () => {
  it('shows the warning carried by the navigation state', async () => {
    openStatus({ state: { warning: MESSAGES.contests.statusRequired } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes coordonnées' })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(MESSAGES.contests.statusRequired))).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.profile.statusHint)).toBeInTheDocument();
  });

  it('resets the beneficiaries when the statut changes and caps the extra ones', async () => {
    openStatus();
    const auto = await screen.findByRole('radio', { name: /Auto-entrepreneur/ });
    expect(screen.queryByRole('region', { name: 'Bénéficiaires effectifs' })).not.toBeInTheDocument();

    // Plain clicks: pointer-event emulation on such a long form only slows the test down.
    fireEvent.click(auto);
    expect(beneficiaryBlocks()).toHaveLength(1);

    const add = screen.getByRole('button', { name: 'Ajouter un bénéficiaire' });
    for (let i = 0; i < MAX_EXTRA_BENEFICIARIES; i++) fireEvent.click(add);
    expect(beneficiaryBlocks()).toHaveLength(1 + MAX_EXTRA_BENEFICIARIES);
    expect(add).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Retirer le bénéficiaire 2' }));
    expect(beneficiaryBlocks()).toHaveLength(MAX_EXTRA_BENEFICIARIES);
    expect(add).toBeEnabled();

    fireEvent.click(screen.getByRole('radio', { name: /Société \(autres pays\)/ }));
    expect(beneficiaryBlocks()).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Bénéficiaires effectifs' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /Société \(France uniquement\)/ }));
    expect(beneficiaryBlocks()).toHaveLength(1);
    expect(within(beneficiaryBlocks()[0]!).getByRole('textbox', { name: /Prénom/ })).toHaveValue('');

    fireEvent.click(screen.getByRole('radio', { name: /Particulier/ }));
    expect(screen.queryByRole('region', { name: 'Bénéficiaires effectifs' })).not.toBeInTheDocument();
  });

  it('refuses to save without the certification, then saves and returns where the member came from', async () => {
    const { server } = openStatus({
      saved: SAVED,
      state: { warning: MESSAGES.contests.statusRequired, from: { pathname: '/organiser-concours/etape1' } },
      api: { 'POST /api/user/add/statut/': () => ok({ message: MESSAGES.profile.statusSaved, results: { user: buildUser() } }) },
    });
    expect(await screen.findByRole('textbox', { name: /Raison sociale/ })).toHaveValue('Dupain EI');

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.profile.certificationRequired))).toBeInTheDocument();
    expect(server.callsTo('POST /api/user/add/statut/')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: MESSAGES.profile.certificationLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/organiser-concours/etape1');
    const [post] = server.callsTo('POST /api/user/add/statut/');
    expect(post!.body).toMatchObject({ statut: 1, socialReason: 'Dupain EI', numSiret: '73282932000074', regimeTVA: true, certified: true, beneficiaires: SAVED.beneficiaires });
    // The profile is read again, now with its payment accounts.
    expect(server.callsTo('GET /api/user/me').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the company rules together with the missing fields on the first attempt', async () => {
    const { server } = openStatus();
    await userEvent.click(await screen.findByRole('radio', { name: /Société \(France uniquement\)/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(MESSAGES.profile.socialReasonRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.profile.legalStatusRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Numéro SIRET/ })).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.common.requiredField));
    expect(within(screen.getByRole('region', { name: 'Adresse' })).getByRole('textbox', { name: /^Adresse/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(withPlainSpaces(MESSAGES.profile.certificationRequired))).toBeInTheDocument();
    expect(server.callsTo('POST /api/user/add/statut/')).toHaveLength(0);
  });

  it('marks the VAT number required exactly when the statut needs one', async () => {
    openStatus();
    fireEvent.click(await screen.findByRole('radio', { name: /Société \(France uniquement\)/ }));
    const tva = () => screen.getByRole('textbox', { name: /Numéro de TVA intracommunautaire/ });
    expect(tva()).toBeRequired();
    fireEvent.click(screen.getByRole('radio', { name: /Auto-entrepreneur/ }));
    expect(tva()).toBeRequired();
    fireEvent.click(screen.getByRole('switch', { name: /Franchise en base de TVA/ }));
    await waitFor(() => expect(tva()).not.toBeRequired());
    fireEvent.click(screen.getByRole('radio', { name: /Société \(autres pays\)/ }));
    expect(tva()).not.toBeRequired();
  });

  it('shows a wrong SIRET once, under the field, not also above it', async () => {
    openStatus();
    fireEvent.click(await screen.findByRole('radio', { name: /Société \(France uniquement\)/ }));
    const siret = screen.getByRole('textbox', { name: /Numéro SIRET/ });
    fireEvent.change(siret, { target: { value: '73282932000075' } });
    expect(await screen.findAllByText(MESSAGES.profile.siretInvalid)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(siret).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(MESSAGES.profile.siretInvalid)).toHaveLength(1);
  });

  it('refuses a member born less than 18 years ago, in French, without sending the form', async () => {
    const { server } = await sendUnderage();
    expect(server.callsTo('POST /api/user/add/statut/')).toHaveLength(0);
  });

  it('opens the birth date’s calendar below its refusal, which stays in sight', async () => {
    // happy-dom lays nothing out: the field sits at the top of the page, its refusal below it.
    const real = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const box = (top: number, bottom: number) => ({ top, bottom, left: 0, right: 300, width: 300, height: bottom - top, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
      if (this.id.endsWith('-error')) return box(41, 81);
      if (this.getAttribute('data-dates-input') !== null) return box(0, 36);
      return real.call(this);
    });
    try {
      const { birthday } = await sendUnderage();
      // The form puts the focus back in the refused field, which opens its calendar.
      await waitFor(() => expect(birthday).toHaveFocus());
      const calendar = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('[data-dates-dropdown]');
        expect(found).not.toBeNull();
        return found!;
      });
      await waitFor(() => expect(parseFloat(calendar.style.top)).toBeGreaterThanOrEqual(81));
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('puts the server field errors beside their fields', async () => {
    openStatus({
      saved: SAVED,
      api: { 'POST /api/user/add/statut/': () => fail(400, MESSAGES.common.invalidInput, { numSiret: MESSAGES.profile.siretInvalid }) },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: MESSAGES.profile.certificationLabel }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Numéro SIRET/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(MESSAGES.profile.siretInvalid)).toBeInTheDocument();
  });
});
