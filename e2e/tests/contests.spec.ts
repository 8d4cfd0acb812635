/**
 * An organiser publishes a contest (docs/product.md §1 and §11): the status page the
 * wizard sends a new member to, the five steps of the wizard, the provider's hosted payment
 * page in a new tab with the sandbox's test cards, the confirmation, then the listing. A
 * declined card leaves the contest unpaid, out of the listing, and says why.
 */
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { adminPromoCode } from './api-setup';
import { expect, keepScreenshot, signedInMember, test } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** The price screens of the promo code, at 1280 and 390 px, kept with the other artefacts and for review. */
async function keepBothWidths(page: Page, name: string, focus?: Locator) {
  for (const [size, suffix] of [[LAPTOP, '1280'], [PHONE, '390']] as const) {
    await page.setViewportSize(size);
    if (focus) await focus.scrollIntoViewIfNeeded();
    await keepScreenshot(page, `${name}-${suffix}`);
    const dir = process.env.SCREENSHOT_COPY_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/${name}-${suffix}.png`, animations: 'disabled' });
    }
  }
  await page.setViewportSize(DESKTOP);
}

const CARDS = { succeeds: '4970 1010 0000 0152', declined: '4972 4858 3000 0005' };

test.use({ viewport: DESKTOP });

/** A card valid until January of next year, as typed on the payment page (MM/AA). */
function futureExpiry(): string {
  return `01/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
}

/** The header's "Organiser un concours" leads a member without payment accounts to the status page. */
async function completeStatusPage(page: Page, { screenshots = false } = {}) {
  await page.getByRole('banner').getByRole('link', { name: 'Organiser un concours' }).click();
  await expect(page).toHaveURL(/\/mon-profil\/statut$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coordonnées' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Merci de remplir les informations pour créer un concours !' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Particulier/ })).toBeChecked();
  if (screenshots) {
    await keepScreenshot(page, 'statut-bureau');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'statut-390');
    await page.setViewportSize(DESKTOP);
  }

  const person = page.getByRole('region', { name: 'Vos informations' });
  await person.getByRole('textbox', { name: /^Prénom/ }).fill('Camille');
  await person.getByRole('textbox', { name: /^Nom/ }).fill('Martin');
  const birthday = person.getByRole('textbox', { name: /Date de naissance/ });
  await birthday.fill('12/03/1985');
  await birthday.press('Tab');
  await expect(birthday).toHaveValue('12/03/1985');

  const address = page.getByRole('region', { name: 'Adresse' });
  await address.getByRole('textbox', { name: /^Adresse/ }).fill('3 rue des Lilas');
  await address.getByLabel('Code postal').fill('75011');
  await address.getByLabel('Ville').fill('Paris');

  // The certification is a statement the member makes each time: without it nothing is sent.
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await save.click();
  await expect(page.getByText("Vous n'avez pas certifié que les informations renseignées sont exactes !")).toBeVisible();
  await page.getByRole('checkbox', { name: "Vous certifiez sur l'honneur que les informations renseignées sont exactes" }).check();
  await save.click();

  // Saved (the banner lasts 3 s: read it first), the member is taken back to the wizard.
  await expect(page.getByText('Vos informations ont bien été enregistrées', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/organiser-concours\/etape1$/);
}

/** Screenshots of a step show its title, as the organiser first sees it. */
async function keepStepScreenshot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await keepScreenshot(page, name);
}

interface ContestDraft {
  company: string;
  cost: string;
}

/** Steps 1 and 2 of the wizard for a logo (found by the search box), ending on the options of step 3. */
async function describeLogoContest(page: Page, draft: ContestDraft, { screenshots = false } = {}) {
  await expect(page.getByRole('heading', { level: 1, name: 'Étape 1 : Sélectionner une catégorie' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Rechercher une catégorie' });
  await search.fill('log');
  if (screenshots) await keepScreenshot(page, 'concours-etape1-recherche');
  await page.getByRole('option', { name: 'Logo', exact: true }).click();

  await expect(page).toHaveURL(/\/organiser-concours\/etape2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Parlez-nous de vous' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tous les champs doivent être remplis pour continuer !' })).toBeVisible();
  await page.getByLabel('Nom de l’entreprise ou du projet').fill(draft.company);
  await page.getByLabel('Votre activité').fill('Boulangerie artisanale de quartier, pains au levain et viennoiseries.');
  await page.getByLabel('Votre cible').fill('Les familles et les actifs du quartier, de 25 à 55 ans.');
  await page.getByLabel("Le mot de l'organisateur").fill('Un logo chaleureux, lisible sur la devanture comme sur les sacs en papier. Pas de gerbe de blé, merci !');
  await page.getByRole('slider', { name: 'Classique – Moderne' }).press('ArrowRight');
  await expect(page.getByRole('slider', { name: 'Classique – Moderne' })).toHaveAttribute('aria-valuenow', '3');
  if (screenshots) await keepStepScreenshot(page, 'concours-etape2-brief');
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page).toHaveURL(/\/organiser-concours\/etape3$/);
  await expect(page.getByRole('heading', { level: 1, name: 'De quoi avez-vous besoin ?' })).toBeVisible();
  await expect(page.getByTestId('minimum')).toHaveText(/^240\s€$/);
}

/** A paid option of step 3, by the start of its name. */
const option = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name}`) });

async function tick(page: Page, name: string) {
  await option(page, name).click();
  await expect(option(page, name)).toBeChecked();
}

/** Step 4: the price, at least the running minimum, and the CGU. */
async function setRules(page: Page, draft: ContestDraft, minimum: RegExp) {
  await expect(page).toHaveURL(/\/organiser-concours\/etape4$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Définissez les règles' })).toBeVisible();
  const cost = page.getByLabel('Prix du concours');
  await expect(cost).toHaveValue(minimum);
  await cost.fill(draft.cost);
  await page.getByRole('checkbox', { name: /J'accepte les conditions générales d'utilisation/ }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page).toHaveURL(/\/organiser-concours\/etape5$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Étape 5 : Paiement' })).toBeVisible();
}

/** The card typed on the provider's page and sent. */
async function typeCard(payment: Page, card: string) {
  await payment.getByLabel('Numéro de carte').fill(card);
  await payment.getByLabel("Date d'expiration (MM/AA)").fill(futureExpiry());
  await payment.getByLabel('Cryptogramme (CVC)').fill('123');
}

/** Paid with the accepted card: the provider sends the organiser back to the confirmation. */
async function payAccepted(bank: Page) {
  await typeCard(bank, CARDS.succeeds);
  await bank.getByRole('button', { name: 'Payer' }).click();
  await expect(bank.getByRole('dialog', { name: 'Votre paiement a bien été reçu, votre concours est en ligne !' })).toBeVisible();
}

/** "Payer" opens the provider's page in a new tab; the card is typed there and sent. */
async function payInNewTab(page: Page, card: string, { screenshots = false } = {}): Promise<Page> {
  const [payment] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer' }).click()]);
  await expect(payment.getByRole('heading', { level: 1, name: 'Paiement sécurisé' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Finalisez votre paiement dans l'onglet qui vient de s'ouvrir" })).toBeVisible();
  await typeCard(payment, card);
  if (screenshots) await keepScreenshot(payment, 'paiement-sandbox');
  await payment.getByRole('button', { name: 'Payer' }).click();
  await expect(payment).toHaveURL(/\/confirmation\?idConcours=\d+&transactionId=/);
  return payment;
}

/** Home's listing once it has answered (cards or the empty state, never the skeletons). */
async function openListing(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Prêt à relever le défi ?' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Les concours ouverts :' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des concours' })).toHaveCount(0);
}

// Each journey takes 20 to 30 s; a busy machine can nearly double that.
const JOURNEY_TIMEOUT = 90_000;

test('un organisateur remplit son statut, crée un concours de logo avec deux options, le paie et le retrouve dans la liste', async ({ page, request }) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const company = `Boulangerie Dupain ${Date.now().toString(36)}`;
  const draft: ContestDraft = { company, cost: '400' };

  await test.step('un nouveau membre connecté', async () => {
    await signedInMember(page, request, 'organisateur');
  });

  await test.step('le statut, demandé avant de créer un concours', async () => {
    await completeStatusPage(page, { screenshots: true });
  });

  await test.step('les étapes 1 à 3 : logo, brief et deux options', async () => {
    await describeLogoContest(page, draft, { screenshots: true });
    await tick(page, '1 retouche supplémentaire');
    await expect(page.getByTestId('minimum')).toHaveText(/^265\s€$/);
    // A second retouche replaces the first, and its price with it (docs/product.md §3).
    await tick(page, '3 retouches supplémentaires');
    await expect(option(page, '1 retouche supplémentaire')).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: '« 3 retouches supplémentaires » remplace « 1 retouche supplémentaire »' })).toBeVisible();
    await expect(page.getByTestId('minimum')).toHaveText(/^290\s€$/);
    await tick(page, 'Fichiers sources vectoriels');
    await expect(page.getByTestId('minimum')).toHaveText(/^320\s€$/);
    await expect(page.getByText('Logo avec 2 options')).toBeVisible();
    await keepStepScreenshot(page, 'concours-etape3-options');
    await page.setViewportSize(PHONE);
    await keepStepScreenshot(page, 'concours-etape3-options-390');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Continuer' }).click();
  });

  await test.step('l’étape 4 : un prix sous le minimum est refusé', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Définissez les règles' })).toBeVisible();
    const cost = page.getByLabel('Prix du concours');
    await cost.fill('300');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByText('Le prix du concours doit être d’au moins 320 € !')).toBeVisible();
    await expect(page).toHaveURL(/\/organiser-concours\/etape4$/);
    await cost.fill(draft.cost);
    await expect(page.getByText('Le talent gagnant recevra 320 €')).toBeVisible();
    await keepStepScreenshot(page, 'concours-etape4-regles');
    await setRules(page, draft, /^400$/);
  });

  let payment!: Page;
  await test.step('l’étape 5 puis la page de paiement, avec la carte acceptée', async () => {
    const recap = page.getByRole('complementary');
    await expect(recap.getByText(company)).toBeVisible();
    await expect(recap.getByText('3 retouches supplémentaires')).toBeVisible();
    await expect(recap.getByText(/Fichiers sources vectoriels/)).toBeVisible();
    await keepScreenshot(page, 'concours-etape5-paiement');
    payment = await payInNewTab(page, CARDS.succeeds, { screenshots: true });
    await keepScreenshot(page, 'concours-etape5-attente');
  });

  await test.step('la confirmation du paiement', async () => {
    const dialog = payment.getByRole('dialog', { name: 'Votre paiement a bien été reçu, votre concours est en ligne !' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('De nombreuses participations arriveront rapidement !')).toBeVisible();
    await keepScreenshot(payment, 'confirmation-paiement');
    await payment.setViewportSize(PHONE);
    await keepScreenshot(payment, 'confirmation-paiement-390');
    await payment.setViewportSize(DESKTOP);
    await dialog.getByRole('link', { name: 'Retour à l’accueil' }).click();
  });

  await test.step('le concours publié dans la liste des concours ouverts', async () => {
    await openListing(payment);
    const card = payment.getByRole('article', { name: `Logo — ${company}` });
    await expect(card).toBeVisible();
    // The gain shown to talents is the price minus 20 %.
    await expect(card.getByText('320 €')).toBeVisible();
    await expect(card.getByText('0 participation')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Les participations' })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(payment, 'liste-concours-publie');
    await payment.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(payment, 'liste-concours-publie-390');
  });
});

test('un organisateur applique un code promo à l’étape 5, voit le prix réduit et paie ce montant sur la page de paiement', async ({ page, request }) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const company = `Fournil Promo ${Date.now().toString(36)}`;
  const draft: ContestDraft = { company, cost: '300' };
  const code = await adminPromoCode(request, { code: `PARCOURS-${Date.now().toString(36).toUpperCase()}`, percentOff: 20, maxUses: 5 });

  await signedInMember(page, request, 'promo');
  await completeStatusPage(page);
  await describeLogoContest(page, draft);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await setRules(page, draft, /^240$/);

  const price = page.getByTestId('price-to-pay');
  await test.step('avant le code : le prix complet', async () => {
    await expect(price).toHaveText(/Montant à payer\s:\s*300\s€/);
    await keepBothWidths(page, 'etape5-avant-code', price);
  });

  await test.step('le code appliqué : le prix barré et le prix réduit', async () => {
    const field = page.getByRole('textbox', { name: /Code promo/ });
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Appliquer' }).click();
    await expect(page.getByText('Code promo appliqué : 60 € de réduction.')).toBeVisible();
    await expect(price.locator('s')).toHaveText(/^300\s€$/);
    await expect(price).toContainText(/240\s€/);
    await expect(field).toHaveValue(code);
    await keepBothWidths(page, 'etape5-code-applique', price);
  });

  await test.step('la page de paiement demande ce même montant', async () => {
    const [payment] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer' }).click()]);
    await expect(payment.getByRole('heading', { level: 1, name: 'Paiement sécurisé' })).toBeVisible();
    await expect(payment.locator('dd.amount')).toHaveText(/^240\s€$/);
    await expect(page.getByText(/sera publié dès que le paiement de 240\s€ sera confirmé/)).toBeVisible();
    // The organiser closes the bank's tab and pays later, from « Mes concours ».
    await payment.close();
  });

  await test.step('« Payer le concours » demande toujours le prix réduit, et la banque aussi', async () => {
    await page.goto('/mon-profil/mes-concours');
    const row = page.getByRole('row').filter({ hasText: company });
    await row.getByRole('button', { name: 'Payer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payer le concours' });
    const due = dialog.getByTestId('price-to-pay');
    await expect(due.locator('s')).toHaveText(/^300\s€$/);
    await expect(due).toContainText(/240\s€/);
    await expect(due).toContainText(`Code promo ${code} : 60 € de réduction`);
    await keepBothWidths(page, 'mes-concours-payer-code');
    const [bank] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Payer' }).click()]);
    await expect(bank.locator('dd.amount')).toHaveText(/^240\s€$/);
    await payAccepted(bank);
    // The text button, not the dialog's cross of the same name.
    await dialog.getByRole('button', { name: 'Fermer' }).filter({ hasText: 'Fermer' }).click();
    await expect(row.getByText('En cours')).toBeVisible({ timeout: 15_000 });
  });
});

test('une carte refusée laisse le concours impayé et hors de la liste, et dit pourquoi', async ({ page, request }) => {
  test.setTimeout(JOURNEY_TIMEOUT);
  const company = `Café Refusé ${Date.now().toString(36)}`;
  const draft: ContestDraft = { company, cost: '260' };

  await signedInMember(page, request, 'refus');
  await completeStatusPage(page);
  await describeLogoContest(page, draft);
  await tick(page, 'Déclinaison noir et blanc');
  await expect(page.getByTestId('minimum')).toHaveText(/^260\s€$/);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await setRules(page, draft, /^260$/);

  const payment = await payInNewTab(page, CARDS.declined);

  await test.step('la page de retour dit que le paiement est refusé et que rien n’est publié', async () => {
    await expect(payment.getByRole('heading', { level: 1, name: 'Paiement refusé' })).toBeVisible();
    await expect(payment.getByText("Le paiement n'a pas abouti : votre carte n'a pas été débitée et le concours n'est pas publié.")).toBeVisible();
    await expect(payment.getByRole('button', { name: 'Réessayer le paiement' })).toBeVisible();
    await expect(payment.getByRole('dialog')).toHaveCount(0);
    await keepScreenshot(payment, 'paiement-refuse');
    await payment.setViewportSize(PHONE);
    await keepScreenshot(payment, 'paiement-refuse-390', { fullPage: true });
    await payment.setViewportSize(DESKTOP);
  });

  await test.step('le concours n’est pas dans la liste', async () => {
    await payment.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await openListing(payment);
    await expect(payment.getByRole('article', { name: new RegExp(company) })).toHaveCount(0);
  });

  await test.step('il attend son paiement dans « Mes concours »', async () => {
    await payment.getByRole('banner').getByRole('button', { name: /^Mon compte/ }).click();
    await payment.getByRole('menuitem', { name: 'Mes concours' }).click();
    await expect(payment).toHaveURL(/\/mon-profil\/mes-concours$/);
    const row = payment.getByRole('row').filter({ hasText: company });
    await expect(row.getByText('En attente de paiement')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Payer' })).toBeVisible();
    await keepScreenshot(payment, 'mes-concours-impaye');
  });

  await test.step('payé depuis « Mes concours », il y apparaît en cours sans recharger la page', async () => {
    const row = payment.getByRole('row').filter({ hasText: company });
    // A mark on this page's window: a reload would wipe it.
    await payment.evaluate(() => Object.assign(globalThis, { sameLoad: true }));
    await row.getByRole('button', { name: 'Payer' }).click();
    const dialog = payment.getByRole('dialog', { name: 'Payer le concours' });
    await expect(dialog.getByTestId('price-to-pay')).toHaveText(/Montant à payer\s:\s*260\s€/);
    await keepBothWidths(payment, 'mes-concours-payer');
    const [bank] = await Promise.all([payment.waitForEvent('popup'), dialog.getByRole('button', { name: 'Payer' }).click()]);
    await expect(bank.locator('dd.amount')).toHaveText(/^260\s€$/);
    await payAccepted(bank);

    // Back on the first tab, never reloaded: the row has followed the payment.
    // The text button, not the dialog's cross of the same name.
    await dialog.getByRole('button', { name: 'Fermer' }).filter({ hasText: 'Fermer' }).click();
    await expect(row.getByText('En cours')).toBeVisible({ timeout: 15_000 });
    await expect(row.getByRole('button', { name: 'Payer' })).toHaveCount(0);
    expect(await payment.evaluate(() => 'sameLoad' in globalThis)).toBe(true);
    await keepScreenshot(payment, 'mes-concours-paye');
  });
});
