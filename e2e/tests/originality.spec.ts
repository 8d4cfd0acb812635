/**
 * The originality check (docs/product.md, originality): a talent sends a near copy of another
 * talent's proposal; the organiser reads « Ressemble fortement à la proposition n° 1 » on its
 * card and in its viewer, and an admin finds the automatic report in « Signalements » with
 * both images side by side. Members, the paid contest and the proposals are set up through
 * the API; what is checked is what each person sees.
 */
import { randomUUID } from 'node:crypto';
import { adminMember, expect, openContest, participateWithFiles, pngFile, readyMember, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';
import { expectAccessibleAtBothWidths } from './a11y';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

/** Of this run only: a retried journey finds its own report, not the first try's. */
const COMPANY = `Atelier Similis ${randomUUID().slice(0, 6)}`;
const FLAG = 'Ressemble fortement à la proposition n° 1';

test('une copie proche est signalée à l’organisateur et aux administrateurs', async ({ request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'orga-similis', { firstName: 'Claire', lastName: 'Vidal' });
  const author = await readyMember(request, 'autrice', { firstName: 'Inès', lastName: 'Morel' });
  const copier = await readyMember(request, 'imitateur', { firstName: 'Hugo', lastName: 'Blanc' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 90_000, companyName: COMPANY });
  await participateWithFiles(request, author, contest, [pngFile('similis-original.png', [30, 40, 120], [250, 200, 90], { seed: 'similis' })]);
  // The same drawing, barely retouched (other shades) and at another size: other bytes, same look.
  await participateWithFiles(request, copier, contest, [pngFile('similis-copie.png', [36, 46, 126], [244, 194, 84], { width: 400, height: 300, seed: 'similis' })]);

  await test.step('l’organisateur voit la ressemblance sur la carte et dans la visionneuse', async () => {
    const page = await memberPage(organiser);
    await page.goto(`/participations/${contest}`);
    const flagged = page.getByRole('article', { name: new RegExp(`^Proposition #2 de ${copier.pseudo}$`) });
    await expect(flagged.getByText(FLAG)).toBeVisible();
    const original = page.getByRole('article', { name: new RegExp(`^Proposition #1 de ${author.pseudo}$`) });
    await expect(original).toBeVisible();
    await expect(original.getByText(/Ressemble fortement/)).toHaveCount(0);
    await keepScreenshot(page, 'originalite-propositions-bureau');
    await page.setViewportSize(PHONE);
    await expect(flagged.getByText(FLAG)).toBeVisible();
    await keepScreenshot(page, 'originalite-propositions-390');
    await page.setViewportSize(DESKTOP);
    await expectAccessibleAtBothWidths(page, 'originalite-propositions');

    await flagged.getByRole('button', { name: 'Agrandir la proposition #2' }).click();
    const viewer = page.getByRole('dialog', { name: /Proposition #2/ });
    await expect(viewer.getByRole('alert')).toContainText(FLAG);
    await keepScreenshot(page, 'originalite-visionneuse-bureau');
    await expectAccessibleAtBothWidths(page, 'originalite-visionneuse');
  });

  await test.step('le talent ne voit rien de la ressemblance', async () => {
    const page = await memberPage(copier);
    await page.goto(`/details-concours/${contest}`);
    await expect(page.getByText(COMPANY).first()).toBeVisible();
    await expect(page.getByText(/Ressemble fortement/)).toHaveCount(0);
  });

  await test.step('l’administrateur trouve le signalement automatique, les deux images côte à côte', async () => {
    const page = await memberPage(await adminMember(request));
    await page.goto('/admin');
    const report = page.getByRole('article').filter({ hasText: COMPANY });
    await expect(report.getByText('Détection automatique')).toBeVisible();
    await expect(report.getByText(FLAG)).toBeVisible();
    await expect(report.getByText('Proposition signalée n° 2')).toBeVisible();
    await expect(report.getByText('Proposition ressemblante n° 1')).toBeVisible();
    await expect(report.getByRole('img', { name: 'Aperçu de la proposition n° 2' })).toBeVisible();
    await expect(report.getByRole('img', { name: 'Aperçu de la proposition n° 1' })).toBeVisible();
    await keepScreenshot(page, 'originalite-signalements-bureau');
    await expectAccessibleAtBothWidths(page, 'originalite-signalements');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'originalite-signalements-390');
  });
});
