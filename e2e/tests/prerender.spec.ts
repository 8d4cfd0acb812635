/**
 * The public pages arrive drawn (web/scripts/prerender.ts): their text shows without any
 * script, their code is fetched once that text is on screen, and the app then takes them over
 * without a mismatch and answers clicks. The listings, the proposals page, a contest's page and
 * a conversation arrive as their frame, drawn as a member sees it while their profile loads: a member's code is fetched once
 * it is on screen, and the page replaces it. The other pages show a skeleton of the header and
 * a list until their code has run.
 */
import type { Page } from '@playwright/test';
import { expect, keepScreenshot, test } from './fixtures';
import { openContest, readyMember, SUB_CATEGORY, test as memberTest } from './api-setup';

const PHONE = { width: 390, height: 844 };

/** The page's first script was asked for once its first contentful paint was reported. */
async function expectScriptsAfterFirstPaint(page: Page) {
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => e.startTime),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint!);
}

const PUBLIC_PAGES = [
  { path: '/', title: /Besoin d['’]un/, first: 'Lancez un concours en quelques minutes' },
  { path: '/faq', title: 'Questions fréquentes', first: 'Tout ce qu\'il faut savoir pour organiser un concours créatif ou y participer.' },
  { path: '/cgu', title: 'Conditions générales d’utilisation', first: 'Ce résumé ne remplace pas les conditions détaillées ci-dessous.' },
  { path: '/politique-confidentialite', title: 'Politique de confidentialité', first: 'Chez Créadéfi, vos données servent à faire fonctionner vos concours' },
];

test.describe('sans JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title, first } of PUBLIC_PAGES) {
    test(`${path} montre son titre et ses premiers paragraphes`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(first).first()).toBeVisible();
      // The header and footer are drawn too: the visitor can find the other pages.
      await expect(page.getByRole('banner').getByRole('button', { name: 'Connexion' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' })).toBeVisible();
    });
  }

  test('une liste de concours, les propositions, un concours et une conversation montrent leur cadre : titre et esquisses', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/concours/design/logo');
    await expect(page.getByRole('heading', { level: 1, name: 'Prêt à relever le défi ?' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Les concours ouverts : Logo' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Chargement des concours' })).toBeVisible();
    await keepScreenshot(page, 'cadre-liste-390');
    // The order an address asks for is already the one its menu shows.
    await expect(page.getByRole('combobox', { name: 'Trier les concours' })).toHaveValue('createdAt:DESC');
    await page.goto('/concours/design/logo?tri=plus-de-gains');
    await expect(page.getByRole('combobox', { name: 'Trier les concours' })).toHaveValue('cost:DESC');
    await page.goto('/participations/42');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Chargement des propositions' })).toBeVisible();
    // Drawn for any contest: nothing of this one is in it.
    await expect(page.locator('#root')).not.toContainText('42');
    await keepScreenshot(page, 'cadre-propositions-390');
    await page.goto('/details-concours/42');
    await expect(page.getByRole('heading', { level: 1, name: 'Prêt à relever le défi ?' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Chargement du concours' })).toContainText('attend vos propositions. Lisez le brief');
    await expect(page.locator('#root')).not.toContainText('42');
    await keepScreenshot(page, 'cadre-concours-390');
    await page.goto('/messages/42');
    await expect(page.getByRole('status', { name: 'Chargement de la conversation' })).toBeVisible();
    await expect(page.locator('#root')).not.toContainText('42');
    await keepScreenshot(page, 'cadre-conversation-390');
  });

  test('une autre page de membre montre l’esquisse de l’en-tête et d’une liste', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/mon-profil/mes-concours');
    await expect(page.locator('#root .cd-boot-bar')).toBeVisible();
    await expect(page.locator('#root .cd-boot-main i')).toHaveCount(4);
    await keepScreenshot(page, 'esquisse-page-membre-390');
  });
});

test.describe('avec JavaScript', () => {
  /** React reports a mismatch while taking a page over as an error or a warning in the console. */
  const watchWarnings = (page: Page) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || /hydrat|did not match|#418|#423|#425/i.test(message.text())) warnings.push(message.text());
    });
    return warnings;
  };

  test('l’accueil est repris sans écart puis répond au clic sur « Connexion »', async ({ page }) => {
    const warnings = watchWarnings(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Connexion' });
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    // Before the app has taken the page over the button has no handler yet: try until it does.
    await expect(async () => {
      if (!(await dialog.isVisible())) await signIn.click({ timeout: 2_000 });
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await keepScreenshot(page, 'accueil-repris-connexion');
    expect(warnings).toEqual([]);
    // The page's code was only asked for once its text was on screen.
    await expectScriptsAfterFirstPaint(page);
  });

  test('Jost ne retient pas le premier affichage : à la première visite il arrive après lui et sert dès la page suivante, ensuite dès l’affichage', async ({ page }) => {
    const usesJost = () => page.evaluate<boolean>('document.documentElement.hasAttribute("data-fonts")');
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeVisible();
    // First visit: Jost's files are asked for once the text is on screen, and the page keeps the
    // system face it was drawn in (no second layout of the whole text).
    await expect.poll(() => page.evaluate<string | null>('localStorage.getItem("creadefi.fonts")'), { timeout: 30_000 }).toBe('1');
    const timing = await page.evaluate<{ paint: number; fonts: number[] }>(
      `({ paint: performance.getEntriesByName('first-contentful-paint')[0].startTime, fonts: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')).map((e) => e.startTime) })`,
    );
    expect(timing.fonts.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...timing.fonts)).toBeGreaterThanOrEqual(timing.paint);
    expect(await usesJost()).toBe(false);
    // The next page, laid out anyway, is set in Jost.
    await page.getByRole('banner').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html[data-fonts]')).toHaveCount(1);
    expect(await page.evaluate<boolean>('document.fonts.check("600 1em Jost")')).toBe(true);
    // From then on a page is set in Jost by its loader, as the page is read (the app's code is only
    // asked for after the paint), with the files from the cache.
    await page.addInitScript('document.addEventListener("DOMContentLoaded", () => { window.jostBeforePaint = document.documentElement.hasAttribute("data-fonts") })');
    await page.goto('/cgu');
    await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' })).toBeVisible();
    expect(await page.evaluate<boolean>('window.jostBeforePaint')).toBe(true);
  });

  for (const { path, title } of PUBLIC_PAGES.slice(1)) {
    test(`${path} est repris sans écart sur un téléphone`, async ({ page }) => {
      const warnings = watchWarnings(page);
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // Taken over: the burger opens the menu drawer. Once open, the drawer's own « Fermer le
      // menu » is in the banner too: the burger is the one that says whether the menu is open.
      const burger = page.getByRole('banner').getByRole('button', { name: /menu/ }).and(page.locator('[aria-expanded]'));
      await expect(async () => {
        if ((await burger.getAttribute('aria-expanded')) !== 'true') await burger.click({ timeout: 2_000 });
        await expect(burger).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await keepScreenshot(page, `repris${path.replace(/\//g, '-')}-390`);
      expect(warnings).toEqual([]);
    });
  }
});

memberTest('un membre qui ouvre l’accueil dessiné pour un visiteur arrive sur ses concours, sans écart de reprise', async ({ request, memberPage }) => {
  const member = await readyMember(request, 'dessin', { firstName: 'Inès', lastName: 'Moreau' });
  const page = await memberPage(member);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || /hydrat|#418|#419|#423|#425/i.test(message.text())) warnings.push(message.text());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // The page was drawn for a visitor; once the profile answers the member's home replaces it.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Organiser un concours' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Besoin d['’]un/ })).toHaveCount(0);
  await keepScreenshot(page, 'accueil-dessine-membre');
  expect(warnings).toEqual([]);
});

memberTest('un membre voit le cadre d’une liste avant tout script, puis la liste, sans erreur', async ({ request, memberPage }) => {
  const member = await readyMember(request, 'cadre', { firstName: 'Noé', lastName: 'Lambert' });
  const page = await memberPage(member);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/concours/design');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Organiser un concours' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Les concours ouverts : Design' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des concours' })).toHaveCount(0, { timeout: 30_000 });
  await keepScreenshot(page, 'cadre-liste-remplace-1280');
  expect(warnings).toEqual([]);
  // The frame was painted first, and the code asked for only then.
  await expectScriptsAfterFirstPaint(page);
});

memberTest('un membre voit le cadre d’un concours avant tout script, puis son brief, sur un téléphone', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'cadre-org', { firstName: 'Jade', lastName: 'Perrin' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Fromagerie Perrin' });
  const member = await readyMember(request, 'cadre-tal', { firstName: 'Lou', lastName: 'Garnier' });
  const page = await memberPage(member);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.setViewportSize(PHONE);
  await page.goto(`/details-concours/${contest}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Fromagerie Perrin' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/attend vos propositions/)).toContainText('Fromagerie Perrin attend vos propositions');
  await expect(page.getByRole('status', { name: 'Chargement du concours' })).toHaveCount(0);
  await keepScreenshot(page, 'cadre-concours-remplace-390');
  expect(warnings).toEqual([]);
  await expectScriptsAfterFirstPaint(page);
});

test('un visiteur qui ouvre le cadre d’une page de membre est mené à l’accueil', async ({ page }) => {
  await page.goto('/concours/design');
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Besoin d['’]un/ })).toBeVisible();
});
