/**
 * The admin area's « Concours » (docs/product.md §2, the admin area): an admin finds a contest
 * by its number, reads its money and history, extends it after saying why, and the public
 * contest page shows the new end date.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, openContest, readyMember, SUB_CATEGORY, test, type Member } from './api-setup';
import { E2E_ADMIN } from './admin';
import { keepScreenshot } from './fixtures';
import { expectAccessibleAtBothWidths, expectNoSeriousA11yViolations } from './a11y';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Cidrerie Le Goff';

async function adminMember(request: APIRequestContext): Promise<Member> {
  const response = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(response.ok(), 'connexion de l’administrateur').toBe(true);
  const { results } = (await response.json()) as { results: { token: string; userId: number } };
  return { id: results.userId, email: E2E_ADMIN.email, pseudo: 'admin', password: E2E_ADMIN.password, token: results.token };
}

/** A day as the journeys' browsers (Europe/Paris) show it. */
function parisDay(date: Date): { shown: string } {
  const parts = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { shown: `${part('day')}/${part('month')}/${part('year')}` };
}

test('un administrateur retrouve un concours par son numéro, le prolonge, et la nouvelle date de fin s’affiche sur sa page', async ({ request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'orga', { firstName: 'Yann', lastName: 'Le Goff' });
  const id = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 30_000, companyName: COMPANY });
  const read = await request.get(`/api/concours/read/${id}`, { headers: { authorization: `Bearer ${organiser.token}` } });
  const endDate = new Date(((await read.json()) as { results: { concours: { endDate: string } } }).results.concours.endDate);
  const newEnd = parisDay(new Date(endDate.getTime() + 5 * 24 * 3600 * 1000));

  const admin = await memberPage(await adminMember(request));
  await admin.goto('/admin?onglet=concours');
  await admin.getByRole('textbox', { name: 'Rechercher' }).fill(String(id));
  await admin.getByRole('button', { name: 'Rechercher' }).click();
  await expectAccessibleAtBothWidths(admin, 'recherche de concours (administration)');
  const row = admin.getByRole('article', { name: `${COMPANY} (n°\u00a0${id})` });
  await expect(row.getByText('En cours')).toBeVisible();
  await row.getByRole('button', { name: 'Voir le détail' }).click();

  const money = admin.getByRole('region', { name: 'Argent' });
  await expect(money).toContainText(/En séquestre\s*:\s*300\s€/);
  await expect(admin.getByRole('region', { name: 'Historique' })).toContainText('Paiement réussi (création)');
  await keepScreenshot(admin, 'admin-concours-detail', { fullPage: true });
  await expectAccessibleAtBothWidths(admin, 'détail d’un concours (administration)');

  await admin.getByRole('button', { name: 'Prolonger' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Prolonger le concours' });
  await dialog.getByRole('textbox', { name: 'Nouvelle date de fin' }).fill(newEnd.shown);
  await dialog.getByRole('textbox', { name: /Raison de la décision/ }).fill('L’organisateur attend encore des propositions.');
  await keepScreenshot(admin, 'admin-concours-prolonger');
  await expectNoSeriousA11yViolations(admin, 'prolonger un concours (administration)');
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(admin.getByText(`Le concours est prolongé jusqu’au ${newEnd.shown}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Dates' })).toContainText(`Fin prévue le\u00a0: ${newEnd.shown}`);
  await expect(admin.getByRole('region', { name: 'Historique' })).toContainText('Concours prolongé');

  await admin.setViewportSize(PHONE);
  await keepScreenshot(admin, 'admin-concours-detail-mobile', { fullPage: true });
  await admin.getByRole('button', { name: 'Retour à la liste' }).click();
  await admin.getByRole('textbox', { name: 'Rechercher' }).fill(COMPANY);
  await admin.getByRole('button', { name: 'Rechercher' }).click();
  await expect(admin.getByRole('article', { name: `${COMPANY} (n°\u00a0${id})` })).toBeVisible();
  await keepScreenshot(admin, 'admin-concours-liste-mobile');

  // The contest's page, as its organiser opens it.
  const contestPage = await memberPage(organiser);
  await contestPage.goto(`/details-concours/${id}`);
  await expect(contestPage.getByText('Fin du concours')).toBeVisible();
  await expect(contestPage.locator('time', { hasText: newEnd.shown })).toBeVisible();
});
