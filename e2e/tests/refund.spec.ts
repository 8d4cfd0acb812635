/**
 * A contest extended then refunded (docs/product.md §3, « Aucune proposition ne vous
 * convient ? »): it ends without a winner, its organiser extends it once in the browser; the
 * extension ends too, the organiser asks for a refund; an admin approves it in /admin; the
 * organiser sees the contest refunded. Time passes through the dev rewind route.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN } from './admin';
import { expect, openContest, readyMember, signInPage, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';

const WEEK_AND_AN_HOUR = 7 * 24 + 1;

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { results: { token: string } }).results.token;
}

async function rewind(request: APIRequestContext, token: string, idConcours: number): Promise<void> {
  const res = await request.post(`/api/dev/contests/${idConcours}/rewind`, { headers: { authorization: `Bearer ${token}` }, data: { hours: WEEK_AND_AN_HOUR } });
  expect(res.ok(), `retour en arrière : ${res.status()}`).toBe(true);
}

/** The same screen on a phone, then back to the journey's width. */
async function atPhoneWidth(page: Page, work: () => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await work();
  if (before) await page.setViewportSize(before);
}

test('a contest extended then refunded', async ({ page, request, memberPage }) => {
  const organiser = await readyMember(request, 'rembourse', { firstName: 'Claire', lastName: 'Martin' });
  const companyName = `Torréfaction Remboursée ${Date.now()}`;
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 24_000, companyName });
  const token = await adminToken(request);
  await rewind(request, token, idConcours);

  // Ended without a winner: the organiser extends it once.
  await signInPage(page, organiser);
  await page.goto(`/participations/${idConcours}`);
  const block = page.getByRole('region', { name: /Aucune proposition ne vous convient/ });
  await expect(block).toBeVisible();
  await keepScreenshot(page, 'remboursement-prolonger');
  await atPhoneWidth(page, () => keepScreenshot(page, 'remboursement-prolonger-telephone'));
  await block.getByRole('button', { name: 'Prolonger le concours' }).click();
  const extend = page.getByRole('dialog', { name: /Prolonger le concours/ });
  await extend.getByRole('button', { name: 'Prolonger', exact: true }).click();
  await expect(block.getByText(/Concours prolongé jusqu'au/)).toBeVisible();
  await expect(block.getByRole('button', { name: 'Prolonger le concours' })).toHaveCount(0);

  // The extension ends, still without a winner: the organiser asks for a refund.
  await rewind(request, token, idConcours);
  await page.reload();
  await block.getByRole('button', { name: 'Demander un remboursement' }).click();
  const ask = page.getByRole('dialog', { name: /Demander le remboursement du concours/ });
  await ask.getByRole('textbox', { name: 'Votre message (facultatif)' }).fill('Aucune proposition ne correspond à notre image.');
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(block.getByText(/en cours d’examen/)).toBeVisible();

  // An admin approves it in the admin area.
  const adminPage = await memberPage({ token } as Parameters<typeof memberPage>[0]);
  await adminPage.goto('/admin?onglet=remboursements');
  const card = adminPage.getByRole('article', { name: new RegExp(companyName) });
  await expect(card.getByText('Aucune proposition ne correspond à notre image.')).toBeVisible();
  await keepScreenshot(adminPage, 'remboursement-admin');
  await atPhoneWidth(adminPage, () => keepScreenshot(adminPage, 'remboursement-admin-telephone'));
  await card.getByRole('button', { name: 'Accepter et rembourser' }).click();
  const approve = adminPage.getByRole('dialog', { name: 'Accepter la demande de remboursement' });
  await approve.getByRole('textbox', { name: /Raison de la décision/ }).fill('Prolongation sans résultat.');
  await approve.getByRole('button', { name: 'Confirmer' }).click();
  await expect(card.getByText('Acceptée')).toBeVisible();
  // What was refunded and when, rather than what is left to refund (0 €).
  await expect(card.getByText(/Remboursé le/)).toBeVisible();
  await expect(card.getByText(/À rembourser/)).toHaveCount(0);
  await keepScreenshot(adminPage, 'remboursement-admin-accepte');

  // The organiser sees the contest refunded.
  await page.reload();
  await expect(block.getByText(/vous a été remboursé le/)).toBeVisible();
  await page.goto('/mon-profil/mes-concours');
  await expect(page.getByText('Remboursé').first()).toBeVisible();
  await keepScreenshot(page, 'remboursement-mes-concours');
});
