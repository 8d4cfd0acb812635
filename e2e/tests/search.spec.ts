/**
 * The search over open contests (docs/product.md §11): a visitor reads a category's public page
 * (first without JavaScript, as a search engine does), searches from it, then a member searches
 * from the listing's header, ignoring accents and plurals, filters the results and opens one.
 */
import { expect, openContest, readyMember, signInPage, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** A word of this run only: other journeys' contests never match it. */
const WORD = `Vauquelin${Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
const SITE_VITRINE = 25;
const JINGLE = 52;

test('un visiteur trouve un concours par des mots, le filtre et l’ouvre', async ({ page, request, browser, baseURL }) => {
  const organiser = await readyMember(request, 'recherche-orga', { firstName: 'Odile', lastName: 'Vasseur' });
  const logo = await openContest(request, organiser, {
    idSubCategory: SUB_CATEGORY.logo,
    cost: 30_000,
    companyName: `Boulangérie ${WORD}`,
    message: 'Un logo pour notre boulangérie de quartier : du pain au levain et des viennoiseries.',
  });
  await openContest(request, organiser, {
    idSubCategory: SITE_VITRINE,
    cost: 45_000,
    companyName: `Fournil ${WORD}`,
    message: 'Un site vitrine pour nos trois boulangeries, avec les horaires et la carte.',
  });
  await openContest(request, organiser, { idSubCategory: JINGLE, cost: 12_000, companyName: `Radio ${WORD}`, message: 'Un jingle pour la matinale.' });

  // A search engine reads the category's page without running any script.
  const reader = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: LAPTOP });
  const plain = await reader.newPage();
  await plain.goto('/concours/categorie/design');
  await expect(plain.getByRole('heading', { level: 1, name: 'Concours Design ouverts' })).toBeVisible();
  // Contests ending soonest come first: the new one is on the last page, reached by the links.
  const found = plain.getByRole('link', { name: `Logo — Boulangérie ${WORD}` });
  for (let pages = 1; (await found.count()) === 0 && pages < 50; pages += 1) {
    await plain.getByRole('link', { name: 'Page suivante' }).click();
  }
  await expect(found).toHaveAttribute('href', `/details-concours/${logo}`);
  await expect(plain.getByText(`Fournil ${WORD}`)).toHaveCount(0);
  const itsPage = new URL(plain.url()).pathname + new URL(plain.url()).search;
  await reader.close();

  // The same address in a browser: the app takes the page over, and searches from it.
  await page.setViewportSize(LAPTOP);
  await page.goto(itsPage);
  await expect(page.getByRole('article', { name: `Logo — Boulangérie ${WORD}` })).toBeVisible();
  await keepScreenshot(page, 'recherche-categorie-1280');
  const box = page.getByRole('searchbox', { name: 'Rechercher un concours' });
  await box.fill(`LOGO boulangerie ${WORD.toLowerCase()}`);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/concours\/categorie\/design\?q=LOGO/);
  await expect(page.getByRole('article')).toHaveCount(1);

  // A member searches from the listing's header.
  const talent = await readyMember(request, 'recherche-talent', { firstName: 'Théo', lastName: 'Lemaire' });
  await signInPage(page, talent);
  await page.goto('/concours/all');
  const header = page.getByRole('search', { name: 'Rechercher un concours' });
  await expect(header).toBeVisible();
  await keepScreenshot(page, 'recherche-liste-1280');
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, 'recherche-liste-390');
  await page.setViewportSize(LAPTOP);
  await header.getByRole('searchbox').fill(`boulangeries ${WORD}`);
  await header.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(new RegExp(`/recherche\\?q=boulangeries\\+${WORD}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Résultats pour « boulangeries ${WORD} »` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Logo — Boulangérie ${WORD}` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Site vitrine — Fournil ${WORD}` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Jingle — Radio ${WORD}` })).toHaveCount(0);
  await keepScreenshot(page, 'recherche-resultats-1280');
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, 'recherche-resultats-390');
  await page.setViewportSize(LAPTOP);

  // Filters narrow the results and travel in the address.
  await page.getByRole('combobox', { name: 'Catégorie' }).selectOption({ label: 'Site Web / App' });
  await expect(page).toHaveURL(/categorie=site-web-app/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Site vitrine — Fournil ${WORD}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Catégorie' }).selectOption({ label: 'Toutes les catégories' });
  const max = page.getByRole('textbox', { name: 'Prix maximum (€)' });
  await max.fill('350');
  await max.press('Enter');
  await expect(page).toHaveURL(/max=350/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: `Logo — Boulangérie ${WORD}` })).toBeVisible();

  // The address is enough to find them again.
  const shared = page.url();
  await page.goto(shared);
  await expect(page.getByRole('article', { name: `Logo — Boulangérie ${WORD}` })).toBeVisible();
  await expect(max).toHaveValue('350');

  // Nothing found says so.
  await page.goto(`/recherche?q=${WORD}+podcast`);
  await expect(page.getByText('Aucun concours ouvert ne correspond à votre recherche.')).toBeVisible();
  await keepScreenshot(page, 'recherche-vide-1280');

  // Opening a result.
  await page.goto(shared);
  await page.getByRole('article', { name: `Logo — Boulangérie ${WORD}` }).getByRole('link', { name: 'Participer' }).click();
  await expect(page).toHaveURL(new RegExp(`/details-concours/${logo}$`));
  await expect(page.getByText(`Boulangérie ${WORD}`).first()).toBeVisible();
});
