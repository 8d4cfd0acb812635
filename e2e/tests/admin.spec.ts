/**
 * The admin area (docs/product.md §2): an organiser reports a proposal, an admin withdraws it
 * from /admin and its author is told; then the admin finds a member in « Membres » and
 * suspends them, and the member can no longer sign in. Members, the paid contest and the
 * proposal are set up through the API; every decision is a click in the browser of the
 * person who makes it.
 */
import type { Page } from '@playwright/test';
import { adminMember, expect, openContest, participateWithFiles, pngFile, readyMember, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';
import { expectAccessibleAtBothWidths } from './a11y';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Atelier Sorbier';

/** Writes the reason in the admin's dialog and confirms. */
async function confirmWithReason(page: Page, title: string | RegExp, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox', { name: /Raison de la décision/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();
}

test('un organisateur signale une proposition, un administrateur la retire puis suspend un membre', async ({ request, memberPage }) => {
  test.setTimeout(150_000);

  const organiser = await readyMember(request, 'orga', { firstName: 'Julie', lastName: 'Fabre' });
  const talent = await readyMember(request, 'copieur', { firstName: 'Paul', lastName: 'Renard' });
  const other = await readyMember(request, 'suspendu', { firstName: 'Nina', lastName: 'Leroy' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 90_000, companyName: COMPANY });
  await participateWithFiles(request, talent, contest, [pngFile('logo-copie.png', [200, 60, 60], [250, 180, 120])]);
  const admin = await adminMember(request);

  const organiserPage = await memberPage(organiser);
  const adminPage = await memberPage(admin);
  const talentPage = await memberPage(talent);

  await test.step('l’organisateur signale la proposition', async () => {
    await organiserPage.goto(`/participations/${contest}`);
    const card = organiserPage.getByRole('article', { name: new RegExp(`^Proposition #\\d+ de ${talent.pseudo}$`) });
    await card.getByRole('button', { name: 'Signaler' }).click();
    const dialog = organiserPage.getByRole('dialog', { name: 'Signaler la participation' });
    await dialog.getByRole('radio', { name: 'Plagiat ou copie' }).check();
    await dialog.getByRole('button', { name: 'Signaler' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('l’administrateur retire la proposition depuis la file des signalements', async () => {
    await adminPage.goto('/admin');
    const report = adminPage.getByRole('article').filter({ hasText: COMPANY });
    await expect(report.getByText('À traiter')).toBeVisible();
    await expect(report.getByText(talent.pseudo)).toBeVisible();
    await expect(report.getByText('Plagiat ou copie')).toBeVisible();
    await keepScreenshot(adminPage, 'admin-signalement-bureau');
    await report.getByRole('button', { name: 'Retirer la proposition' }).click();
    await confirmWithReason(adminPage, 'Retirer cette proposition du concours', 'Logo copié d’une marque déposée.');
    await expect(adminPage.getByText('La proposition a été retirée du concours.')).toBeVisible();
    await expect(report.getByText('Proposition retirée')).toBeVisible();
  });

  await test.step('la proposition quitte la page de l’organisateur et son auteur en est averti', async () => {
    await organiserPage.reload();
    await expect(organiserPage.getByRole('article', { name: new RegExp(`de ${talent.pseudo}$`) })).toHaveCount(0);
    await talentPage.goto('/notifications');
    await expect(talentPage.getByText(`Votre proposition au concours «\u00a0${COMPANY}\u00a0» a été retirée par notre équipe. Raison\u00a0: Logo copié d’une marque déposée.`)).toBeVisible();
  });

  const otherPage = await memberPage(other);
  await otherPage.goto('/notifications');
  await expect(otherPage.getByRole('banner').getByRole('button', { name: 'Connexion' })).toHaveCount(0);

  await test.step('l’administrateur trouve le membre et le suspend', async () => {
    await adminPage.getByRole('tab', { name: 'Membres' }).click();
    await adminPage.getByRole('searchbox', { name: /Rechercher un membre/ }).fill(other.pseudo);
    await expect(adminPage.getByRole('button', { name: `Voir la fiche de ${other.pseudo}` })).toBeVisible();
    await adminPage.setViewportSize(PHONE);
    await keepScreenshot(adminPage, 'admin-membres-390');
    await adminPage.setViewportSize(DESKTOP);
    await expectAccessibleAtBothWidths(adminPage, 'admin-membres');
    await adminPage.getByRole('button', { name: `Voir la fiche de ${other.pseudo}` }).click();
    const identity = adminPage.getByRole('region', { name: 'Identité' });
    await expect(identity.getByText(other.email)).toBeVisible();
    await expect(identity.getByText('Nina Leroy')).toBeVisible();
    await keepScreenshot(adminPage, 'admin-membre-bureau');
    await expectAccessibleAtBothWidths(adminPage, 'admin-fiche-membre');
    await identity.getByRole('button', { name: 'Suspendre' }).click();
    await confirmWithReason(adminPage, 'Suspendre ce membre', 'Comptes multiples pour voter.');
    await expect(adminPage.getByText('Le membre a été suspendu.')).toBeVisible();
    await expect(identity.getByText('Suspendu', { exact: true })).toBeVisible();
    await expect(identity.getByText('Comptes multiples pour voter.')).toBeVisible();
    await adminPage.setViewportSize(PHONE);
    await keepScreenshot(adminPage, 'admin-membre-390');
    await adminPage.setViewportSize(DESKTOP);
  });

  await test.step('le membre suspendu est déconnecté et ne peut plus se connecter', async () => {
    await otherPage.reload();
    const header = otherPage.getByRole('banner');
    await header.getByRole('button', { name: 'Connexion' }).click();
    const dialog = otherPage.getByRole('dialog', { name: 'Connexion' });
    await dialog.getByLabel('Adresse e-mail').fill(other.email);
    await dialog.getByLabel('Mot de passe').fill(other.password);
    await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Votre compte a été suspendu par notre équipe.');
    await keepScreenshot(otherPage, 'connexion-compte-suspendu');
  });
});
