/**
 * The site with the keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7): no click, only Tab, Shift+Tab,
 * Enter, Space, Escape and the arrow keys. The sign-in dialog opens, keeps the focus inside
 * and gives it back on closing; the creation wizard goes from step 1 to step 5; the organiser
 * enlarges a proposal, moves between its files and to the next proposal, rates one and closes.
 */
import type { Locator, Page } from '@playwright/test';
import { A11Y_DESKTOP } from './a11y';
import { expect, openContest, participateWithFiles, pngFile, readyMember, signInPage, SUB_CATEGORY, test } from './api-setup';

test.use({ viewport: A11Y_DESKTOP });

const isFocused = async (page: Page, target: Locator) => (await target.and(page.locator(':focus')).count()) > 0;

/** Tab (or Shift+Tab) until `target` has the focus, as a person would, within `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  // Attached rather than visible: a star's radio sits invisible under the star drawn for it.
  await expect(target).toBeAttached();
  for (let presses = 0; presses < max && !(await isFocused(page, target)); presses++) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target).toBeFocused();
}

/** The focused element shows it: the theme's focus ring is an outline around it. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target, 'le focus doit se voir').not.toHaveCSS('outline-style', 'none');
}

/** However many times Tab is pressed, the focus stays inside `dialog`. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    await expect(dialog.locator(':focus'), 'le focus reste dans la fenêtre').toHaveCount(1);
  }
}

test('la fenêtre de connexion s’ouvre, garde le focus et le rend en se fermant', async ({ page }) => {
  await page.goto('/');
  const open = page.getByRole('banner').getByRole('button', { name: 'Connexion' });
  await tabTo(page, open);
  await expectVisibleFocus(open);
  const dialog = page.getByRole('dialog', { name: 'Connexion' });
  // The landing arrives drawn: until the app has taken it over, the button has no handler yet.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog.getByLabel('Adresse e-mail')).toBeFocused();
  await expectFocusTrapped(page, dialog, 12);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('le formulaire de création d’un concours se remplit de l’étape 1 à l’étape 5 au clavier', async ({ page, request }) => {
  test.setTimeout(90_000);
  const organiser = await readyMember(request, 'clavier', { firstName: 'Claire', lastName: 'Martin' });
  await signInPage(page, organiser);
  await page.goto('/organiser-concours/etape1');

  await expect(page.getByRole('heading', { level: 1, name: 'Étape 1 : Sélectionner une catégorie' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Rechercher une catégorie' });
  await tabTo(page, search);
  await page.keyboard.type('logo');
  await expect(page.getByRole('option', { name: 'Logo', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Parlez-nous de vous' })).toBeVisible();
  const fields: [string, string][] = [
    ['Nom de l’entreprise ou du projet', 'Fournil du Clavier'],
    ['Votre activité', 'Boulangerie artisanale de quartier, pains au levain et viennoiseries.'],
    ['Votre cible', 'Les familles et les actifs du quartier, de 25 à 55 ans.'],
    ["Le mot de l'organisateur", 'Un logo chaleureux, lisible sur la devanture comme sur les sacs en papier.'],
  ];
  for (const [label, text] of fields) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.type(text);
  }
  const slider = page.getByRole('slider', { name: 'Classique – Moderne' });
  await tabTo(page, slider);
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '3');
  const next = page.getByRole('button', { name: 'Continuer' });
  await tabTo(page, next);
  await expectVisibleFocus(next);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'De quoi avez-vous besoin ?' })).toBeVisible();
  const option = page.getByRole('checkbox', { name: /^Fichiers sources vectoriels/ });
  await tabTo(page, option);
  await expectVisibleFocus(option);
  await page.keyboard.press('Space');
  await expect(option).toBeChecked();
  await expect(page.getByTestId('minimum')).toHaveText(/^270\s€$/);
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Définissez les règles' })).toBeVisible();
  const cgu = page.getByRole('checkbox', { name: /J'accepte les conditions générales d'utilisation/ });
  await tabTo(page, cgu);
  await page.keyboard.press('Space');
  await expect(cgu).toBeChecked();
  // Back up to the price with Shift+Tab: it holds the minimum already.
  await tabTo(page, page.getByLabel('Prix du concours'), { backwards: true });
  await expect(page.getByLabel('Prix du concours')).toHaveValue(/^270$/);
  await tabTo(page, page.getByRole('button', { name: 'Continuer' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Étape 5 : Paiement' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Payer' }));
});

test('l’organisateur agrandit une proposition, passe d’un fichier et d’une proposition à l’autre, la note et la ferme', async ({ page, request }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'clavier-orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'clavier-talent', { firstName: 'Hugo', lastName: 'Bernard' });
  const rival = await readyMember(request, 'clavier-rival', { firstName: 'Inès', lastName: 'Moreau' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 30_000, companyName: 'Atelier Clavier' });
  await participateWithFiles(request, talent, contest, [pngFile('clavier-a.png', [253, 127, 85], [252, 81, 101]), pngFile('clavier-b.png', [90, 60, 40], [200, 150, 90])]);
  await participateWithFiles(request, rival, contest, [pngFile('clavier-c.png', [40, 90, 160], [120, 200, 230])]);
  await signInPage(page, organiser);
  await page.goto(`/participations/${contest}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();

  const cardOf = (pseudo: string) => page.getByRole('article', { name: new RegExp(`^Proposition #\\d+ de ${pseudo}$`) });
  const viewerOf = (pseudo: string) => page.getByRole('dialog', { name: new RegExp(`^Proposition #\\d+ · ${pseudo}`) });

  await test.step('la proposition agrandie, ses deux fichiers l’un après l’autre', async () => {
    const enlarge = cardOf(talent.pseudo).getByRole('button', { name: /^Agrandir la proposition/ });
    await tabTo(page, enlarge);
    await expectVisibleFocus(enlarge);
    await page.keyboard.press('Enter');
    const viewer = viewerOf(talent.pseudo);
    await expect(viewer).toBeVisible();
    await expect(viewer.locator(':focus')).toHaveCount(1);

    const second = viewer.getByRole('listitem', { name: 'Afficher clavier-b.png' });
    await tabTo(page, second);
    await expectVisibleFocus(second);
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(viewer.getByText(/^clavier-b\.png\s+\d/)).toBeVisible();
    await expectFocusTrapped(page, viewer, 10);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The focus comes back where the organiser left the page.
    await expect(enlarge).toBeFocused();
  });

  await test.step('la proposition suivante, notée puis fermée', async () => {
    const enlarge = cardOf(rival.pseudo).getByRole('button', { name: /^Agrandir la proposition/ });
    await tabTo(page, enlarge);
    await page.keyboard.press('Enter');
    const viewer = viewerOf(rival.pseudo);
    await expect(viewer).toBeVisible();

    // The stars are a group of radios: Tab enters it, the arrows show a note, Space keeps it.
    const inRating = viewer.locator('input[type="radio"]:focus');
    for (let presses = 0; presses < 30 && (await inRating.count()) === 0; presses++) await page.keyboard.press('Tab');
    await expect(inRating).toHaveCount(1);
    const three = viewer.getByRole('radio', { name: '3 étoiles' });
    for (let presses = 0; presses < 5 && !(await isFocused(page, three)); presses++) await page.keyboard.press('ArrowRight');
    await expect(three).toBeFocused();
    await page.keyboard.press('Space');
    await expect(three).toBeChecked();
    await expect(page.getByText('La note a bien été enregistrée').first()).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(enlarge).toBeFocused();
    await expect(cardOf(rival.pseudo).getByRole('radio', { name: '3 étoiles' })).toBeChecked();
  });
});
