import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { BRIEF_FIELDS, MESSAGES, PLATFORM_FEE_PERCENT, PRIVATE_CONTEST_PRICE_CENTS, formatEuros, gainCents, minimumCostCents, optionsOf, type BriefInput } from '@creadefi/domain';
import WizardShell from './WizardShell';
import Step1CategoryPage from './Step1CategoryPage';
import Step2BriefPage from './Step2BriefPage';
import Step3OptionsPage from './Step3OptionsPage';
import Step4RulesPage from './Step4RulesPage';
import Step5PaymentPage from './Step5PaymentPage';
import type { WizardDraft, WizardState } from './draft';
import { buildSubCategory, buildUser, fail, ok, renderApp } from './test-utils';
import { withPlainSpaces } from '../../test/text';

// Long forms on a shared machine: the default 5 s is too tight under load.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });

const routes: RouteObject[] = [
  {
    path: '/organiser-concours',
    element: <WizardShell />,
    children: [
      { path: 'etape1', element: <Step1CategoryPage /> },
      { path: 'etape2', element: <Step2BriefPage /> },
      { path: 'etape3', element: <Step3OptionsPage /> },
      { path: 'etape4', element: <Step4RulesPage /> },
      { path: 'etape5', element: <Step5PaymentPage /> },
    ],
  },
];

const LOGO = buildSubCategory(1);
const option = (nom: string) => LOGO.options.find((o) => o.nom === nom)!;
const BRIEF: BriefInput = {
  companyName: 'Boulangerie Dupain',
  companySkills: 'Du pain au levain cuit au feu de bois.',
  target: 'Les familles du quartier.',
  site: '',
  message: 'Un logo chaleureux, rond, avec un épi de blé.',
  cursorModern: 2,
  cursorYoung: 2,
  cursorFun: 2,
  cursorLuxury: 2,
};

/** Testing Library folds the page's no-break spaces, not those of the expected text. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

function openStep(step: number, draft?: WizardDraft, api = {}, user = buildUser()) {
  const state: WizardState | undefined = draft ? { draft } : undefined;
  return renderApp({ routes, initialEntries: [{ pathname: `/organiser-concours/etape${step}`, state }], api, user });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('wizard entry', () => {
  it('sends a member without payment accounts to the status page with the warning', async () => {
    openStep(1, undefined, {}, buildUser({ ownerId: null }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mon-profil/statut');
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toMatchObject({
      warning: MESSAGES.contests.statusRequired,
      from: { pathname: '/organiser-concours/etape1' },
    });
  });

  it('sends a member without a pseudo or a name to the profile, which flags what is missing', async () => {
    openStep(1, undefined, {}, buildUser({ lastName: null, socialReason: null }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mon-profil/informations-personnelles');
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({ missingInfo: true });
  });

  it.each([2, 3, 4, 5])('sends step %i back to step 1 when the draft is missing', async (step) => {
    openStep(step);
    expect(await screen.findByRole('heading', { name: MESSAGES.contests.step1Title })).toBeInTheDocument();
  });
});

describe('step 1', () => {
  it('suggests category and sub-category titles starting with what is typed, ignoring case', async () => {
    openStep(1);
    const search = await screen.findByRole('combobox', { name: 'Rechercher une catégorie' });
    await userEvent.type(search, 'LO');
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Logo', 'Logo de vêtement', 'Landing page'].filter((t) => t.toLowerCase().startsWith('lo')));
    expect(options).not.toContain('Animation de logo');
  });

  it('opens the sub-category whose title is exactly the search, then goes to step 2', async () => {
    const { server } = openStep(1, undefined, { 'GET /api/subcategory/read/1': () => ok({ results: { subCategories: LOGO } }) });
    const search = await screen.findByRole('combobox', { name: 'Rechercher une catégorie' });
    await userEvent.type(search, 'logo');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.contests.step2Title })).toBeInTheDocument();
    expect(server.callsTo('GET /api/subcategory/read/1')).toHaveLength(1);
  });

  it('says so when no sub-category has exactly that title', async () => {
    const { server } = openStep(1);
    const search = await screen.findByRole('combobox', { name: 'Rechercher une catégorie' });
    await userEvent.type(search, 'log{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText(new RegExp(MESSAGES.contests.unknownSubCategory))).toBeInTheDocument();
    expect(server.callsTo('GET /api/subcategory/read/1')).toHaveLength(0);
  });

  it('shows the cards of the chosen category tab and opens one', async () => {
    const voix = buildSubCategory(49);
    openStep(1, undefined, { 'GET /api/subcategory/read/49': () => ok({ results: { subCategories: voix } }) });
    await userEvent.click(await screen.findByRole('tab', { name: 'Audio' }));
    const card = screen.getByRole('button', { name: /Voix off/ });
    expect(card).toHaveTextContent(plain(`à partir de ${formatEuros(6000)}`));
    expect(card).toHaveTextContent('Audio MP3');
    await userEvent.click(card);
    expect(await screen.findByRole('heading', { name: MESSAGES.contests.step2Title })).toBeInTheDocument();
  });
});

describe('step 2', () => {
  it('requires every text but the site', async () => {
    openStep(2, { subCategory: LOGO });
    await screen.findByRole('heading', { name: MESSAGES.contests.step2Title });
    await userEvent.clear(screen.getByRole('textbox', { name: /Nom de l’entreprise/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(withPlainSpaces(MESSAGES.contests.briefRequired));

    await userEvent.type(screen.getByRole('textbox', { name: /Nom de l’entreprise/ }), BRIEF.companyName);
    await userEvent.type(screen.getByRole('textbox', { name: /Votre activité/ }), BRIEF.companySkills);
    await userEvent.type(screen.getByRole('textbox', { name: /Votre cible/ }), BRIEF.target);
    await userEvent.type(screen.getByRole('textbox', { name: /Le mot de l'organisateur/ }), BRIEF.message);
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.contests.step3Title })).toBeInTheDocument();
  });

  it('asks about the activity in the words of the edit page', async () => {
    openStep(2, { subCategory: LOGO });
    const skills = await screen.findByRole('textbox', { name: new RegExp(`^${BRIEF_FIELDS.companySkills.label}`) });
    expect(skills).toHaveAccessibleDescription(BRIEF_FIELDS.companySkills.description);
    expect(screen.getByRole('textbox', { name: new RegExp(`^${BRIEF_FIELDS.companyName.label}`) })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${BRIEF_FIELDS.target.label}`) })).toBeInTheDocument();
  });
});

describe('step 3', () => {
  it('keeps one retouche option: choosing a second drops the first and its price', async () => {
    openStep(3, { subCategory: LOGO, brief: BRIEF });
    await screen.findByRole('heading', { name: MESSAGES.contests.step3Title });
    const one = option('1 retouche supplémentaire');
    const three = option('3 retouches supplémentaires');
    expect(screen.getByTestId('minimum')).toHaveTextContent(plain(formatEuros(LOGO.price)));

    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(one.nom) }));
    expect(screen.getByTestId('minimum')).toHaveTextContent(plain(formatEuros(minimumCostCents(LOGO.price, [{ prixCents: one.prix }]))));

    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(three.nom) }));
    expect(screen.getByRole('checkbox', { name: new RegExp(one.nom) })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('checkbox', { name: new RegExp(three.nom) })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('minimum')).toHaveTextContent(plain(formatEuros(minimumCostCents(LOGO.price, [{ prixCents: three.prix }]))));
    expect(screen.getByRole('status')).toHaveTextContent(`« ${three.nom} » remplace « ${one.nom} »`, { normalizeWhitespace: true });
  });

  it('offers the formats: a private contest raises the minimum by its price, open and final round are free, and the choice travels on', async () => {
    const { router } = openStep(3, { subCategory: LOGO, brief: BRIEF });
    await screen.findByRole('heading', { name: MESSAGES.contests.step3Title });
    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(MESSAGES.formats.privateLabel.replace(/[()]/g, '.')) }));
    expect(screen.getByTestId('minimum')).toHaveTextContent(plain(formatEuros(LOGO.price + PRIVATE_CONTEST_PRICE_CENTS)));
    const recap = screen.getByRole('region', { name: MESSAGES.wizard.recap.title });
    expect(within(recap).getByText(MESSAGES.formats.recapPrivate).parentElement).toHaveTextContent(plain(`+ ${formatEuros(PRIVATE_CONTEST_PRICE_CENTS)}`));
    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(MESSAGES.formats.openLabel) }));
    await userEvent.click(screen.getByRole('checkbox', { name: new RegExp(MESSAGES.formats.finalRoundLabel) }));
    expect(screen.getByTestId('minimum')).toHaveTextContent(plain(formatEuros(LOGO.price + PRIVATE_CONTEST_PRICE_CENTS)));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.wizard.next }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organiser-concours/etape4'));
    expect((router.state.location.state as WizardState).draft!.format).toEqual({ isPrivate: true, proposalsOpen: true, hasFinalRound: true });
  });

  it('lists the base offer and the prerequisites, sorted by name', async () => {
    openStep(3, { subCategory: LOGO, brief: BRIEF });
    const base = await screen.findByRole('region', { name: "Inclus dans l'offre de base" });
    const expected = optionsOf(1)
      .filter((o) => !o.isPayant && !o.isPrerequis)
      .map((o) => o.nom)
      .sort((a, b) => a.localeCompare(b, 'fr'));
    expect(within(base).getAllByRole('listitem').map((li) => li.textContent)).toEqual(expected);
    expect(screen.getByRole('region', { name: 'Ce que vous fournirez aux talents' })).toBeInTheDocument();
  });
});

describe('step 4', () => {
  const withOption: WizardDraft = { subCategory: LOGO, brief: BRIEF, optionIds: [option('1 retouche supplémentaire').id] };
  const minimum = LOGO.price + option('1 retouche supplémentaire').prix;

  it('refuses a cost below the running minimum and accepts it equal', async () => {
    openStep(4, withOption);
    const cost = await screen.findByRole('textbox', { name: 'Prix du concours' });
    expect(cost).toHaveValue(String(minimum / 100));
    await userEvent.click(screen.getByRole('checkbox', { name: /conditions générales/ }));

    await userEvent.clear(cost);
    await userEvent.type(cost, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(plain(MESSAGES.contests.costTooLow(formatEuros(minimum))))).toBeInTheDocument();

    await userEvent.clear(cost);
    await userEvent.type(cost, String(minimum / 100));
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.contests.step5Title })).toBeInTheDocument();
  });

  it('says the minimum itself is accepted: « au moins », not « supérieur à »', async () => {
    openStep(4, withOption);
    const cost = await screen.findByRole('textbox', { name: 'Prix du concours' });
    await userEvent.clear(cost);
    await userEvent.type(cost, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const refusal = await screen.findByText(/^Le prix du concours doit être/);
    expect(refusal).toHaveTextContent(plain(`Le prix du concours doit être d’au moins ${formatEuros(minimum)} !`));
    expect(refusal.textContent).not.toMatch(/supérieur/);
  });

  it.each(['100', 'cent euros', ''])('while the price typed (%j) is not valid, names the least the winner receives, the fee under the minimum', async (typed) => {
    openStep(4, withOption);
    const cost = await screen.findByRole('textbox', { name: 'Prix du concours' });
    await userEvent.clear(cost);
    if (typed) await userEvent.type(cost, typed);
    const least = gainCents(minimum);
    expect(least).toBe(minimum - (minimum * PLATFORM_FEE_PERCENT) / 100);
    expect(await screen.findByText(plain(`Le talent gagnant recevra au moins ${formatEuros(least)}`))).toBeInTheDocument();
    expect(screen.queryByText(/recevra le prix du concours/)).toBeNull();
  });

  it('requires the CGU and shows the end date and the talent gain', async () => {
    openStep(4, withOption);
    await screen.findByRole('heading', { name: MESSAGES.contests.step4Title });
    expect(screen.getByText(/Votre concours sera en ligne 7 jours, jusqu'au \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
    expect(screen.getByText(plain(`Le talent gagnant recevra ${formatEuros(gainCents(minimum))}`))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.contests.cguRequired))).toBeInTheDocument();
  });
});

describe('step 5', () => {
  const ready: WizardDraft = { subCategory: LOGO, brief: BRIEF, optionIds: [option('1 retouche supplémentaire').id], cost: 30000, cguAccepted: true };
  const PAYIN = { redirectUrl: 'https://pay.example/checkout/1', idConcours: 42, transactionId: 't-1', amount: 30000 };

  function fakeTab() {
    const tab = { closed: false, opener: {}, location: { href: 'about:blank' }, document: { title: '', body: { innerHTML: '' } }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    return tab;
  }

  it('creates the contest then its pay-in once, even on a double click, and opens the provider in the new tab', async () => {
    const tab = fakeTab();
    const { server } = openStep(5, ready, {
      'POST /api/concours/create': () => ok({ message: MESSAGES.contests.created, results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => ok({ message: MESSAGES.payments.redirect, results: PAYIN }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Paiement par AMEX/ }));
    const pay = screen.getByRole('button', { name: 'Payer' });
    fireEvent.click(pay);
    fireEvent.click(pay);

    expect(await screen.findByText("Finalisez votre paiement dans l'onglet qui vient de s'ouvrir")).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe(PAYIN.redirectUrl);
    expect(server.callsTo('POST /api/concours/create')).toHaveLength(1);
    expect(server.callsTo('POST /api/concours/create')[0]!.body).toMatchObject({ ...BRIEF, idSubCategory: 1, cost: 30000, arrayOptions: ready.optionIds });
    expect(server.callsTo('POST /api/payment/create/web/payin')).toEqual([expect.objectContaining({ body: { idConcours: 42, cardType: 'AMEX' } })]);
    expect(screen.getByRole('link', { name: /Ouvrir la page de paiement/ })).toHaveAttribute('href', PAYIN.redirectUrl);
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('retries only the pay-in when it failed after the contest was created', async () => {
    const tab = fakeTab();
    let attempts = 0;
    const { server } = openStep(5, ready, {
      'POST /api/concours/create': () => ok({ results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => (++attempts === 1 ? fail(503, MESSAGES.payments.providerUnavailable) : ok({ results: PAYIN })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Payer' }));
    expect(await screen.findByText(MESSAGES.payments.providerUnavailable)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByText("Finalisez votre paiement dans l'onglet qui vient de s'ouvrir")).toBeInTheDocument();
    expect(server.callsTo('POST /api/concours/create')).toHaveLength(1);
    expect(server.callsTo('POST /api/payment/create/web/payin')).toHaveLength(2);
  });

  it('sends the creation again with the same key when its answer was lost', async () => {
    fakeTab();
    let attempts = 0;
    const { server } = openStep(5, ready, {
      'POST /api/concours/create': () => (++attempts === 1 ? fail(503, MESSAGES.common.unavailable) : ok({ results: { newConcours: { id: 42 } } }, 201)),
      'POST /api/payment/create/web/payin': () => ok({ results: PAYIN }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Payer' }));
    expect(await screen.findByText(MESSAGES.common.unavailable)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByText("Finalisez votre paiement dans l'onglet qui vient de s'ouvrir")).toBeInTheDocument();
    const keys = server.callsTo('POST /api/concours/create').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,80}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('notices the payment made in the other tab and says the contest is online', async () => {
    fakeTab();
    let status = 1;
    const { server } = openStep(5, ready, {
      'POST /api/concours/create': () => ok({ results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => ok({ results: PAYIN }),
      'GET /api/concours/read/42': () => ok({ results: { concours: { id: 42, status } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Payer' }));
    expect(await screen.findByText("Finalisez votre paiement dans l'onglet qui vient de s'ouvrir")).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/concours/read/42').length).toBeGreaterThan(0));

    // The organiser pays in the other tab, then comes back to this one.
    status = 2;
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByText(withPlainSpaces(MESSAGES.payments.confirmed))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mon concours' })).toHaveAttribute('href', '/details-concours/42');
  });

  it('offers a link when the browser blocks the new tab', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    openStep(5, ready, {
      'POST /api/concours/create': () => ok({ results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => ok({ results: PAYIN }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Payer' }));
    expect(await screen.findByText(/a bloqué l'ouverture de l'onglet de paiement/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ouvrir la page de paiement/ })).toHaveAttribute('href', PAYIN.redirectUrl);
  });

  const CHECKED = { code: 'BIENVENUE', cost: 30000, discount: 6000, amount: 24000 };
  const price = () => screen.getByTestId('price-to-pay');

  it('applies a promo code: the price struck through, the new price, and that price is what the pay-in is opened for', async () => {
    fakeTab();
    const { server } = openStep(5, ready, {
      'POST /api/concours/promo/check': () => ok({ results: { promo: CHECKED } }),
      'POST /api/concours/create': () => ok({ results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => ok({ results: { ...PAYIN, amount: 24000, discount: 6000 } }),
    });
    expect(await screen.findByTestId('price-to-pay')).toHaveTextContent(plain(`${MESSAGES.payments.amountToPay} :${formatEuros(30000)}`));
    await userEvent.type(screen.getByRole('textbox', { name: /Code promo/ }), 'bienvenue');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));

    expect(await screen.findByText(plain(MESSAGES.payments.promoApplied(formatEuros(6000))))).toBeInTheDocument();
    expect(within(price()).getByText(plain(formatEuros(30000))).tagName).toBe('S');
    expect(price()).toHaveTextContent(plain(formatEuros(24000)));
    expect(server.callsTo('POST /api/concours/promo/check')).toEqual([expect.objectContaining({ body: { code: 'BIENVENUE', cost: 30000 } })]);
    expect(server.callsTo('POST /api/concours/create')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByText(plain(`sera confirmé`), { exact: false })).toHaveTextContent(plain(formatEuros(24000)));
    expect(server.callsTo('POST /api/concours/create')[0]!.body).toMatchObject({ promoCode: 'BIENVENUE', cost: 30000 });
  });

  it('shows an unknown code under its field, and does not pay with a code that was not applied', async () => {
    fakeTab();
    const { server } = openStep(5, ready, { 'POST /api/concours/promo/check': () => fail(404, MESSAGES.payments.promoCheckUnknown, { code: MESSAGES.payments.promoCheckUnknown }) });
    const field = await screen.findByRole('textbox', { name: /Code promo/ });
    await userEvent.type(field, 'FAUX');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.payments.promoCheckUnknown)));
    expect(price()).toHaveTextContent(plain(formatEuros(30000)));

    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.payments.promoNotApplied)));
    expect(server.callsTo('POST /api/concours/create')).toHaveLength(0);
    expect(window.open).not.toHaveBeenCalled();
  });

  it('puts the full price back when the code ran out before the payment, and pays the same contest again', async () => {
    fakeTab();
    let attempts = 0;
    const { server } = openStep(5, ready, {
      'POST /api/concours/promo/check': () => ok({ results: { promo: CHECKED } }),
      'POST /api/concours/create': () => ok({ results: { newConcours: { id: 42 } } }, 201),
      'POST /api/payment/create/web/payin': () => (++attempts === 1 ? fail(409, MESSAGES.payments.promoUsedUp) : ok({ results: PAYIN })),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Code promo/ }), 'BIENVENUE');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    await waitFor(() => expect(price()).toHaveTextContent(plain(formatEuros(24000))));

    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Code promo/ })).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.payments.promoUsedUp)));
    expect(price()).not.toHaveTextContent(plain(formatEuros(24000)));
    expect(price()).toHaveTextContent(plain(formatEuros(30000)));

    await userEvent.clear(screen.getByRole('textbox', { name: /Code promo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByText("Finalisez votre paiement dans l'onglet qui vient de s'ouvrir")).toBeInTheDocument();
    expect(server.callsTo('POST /api/concours/create')).toHaveLength(1);
    expect(server.callsTo('POST /api/payment/create/web/payin')).toHaveLength(2);
  });
});
