/**
 * The admin area's « Argent » (docs/product.md §2): an administrator reads the ledger check,
 * creates a promo code in the page, sees it listed, disables it saying why, and the checkout of
 * an organiser whose contest carried the code then refuses it.
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './admin';
import { expect, readyMember, signInPage, test, type Member } from './api-setup';
import { keepScreenshot } from './fixtures';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

test.use({ viewport: LAPTOP });

async function adminMember(request: APIRequestContext): Promise<Member> {
  const res = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(res.status(), 'connexion de l’administrateur').toBe(200);
  const { results } = (await res.json()) as { results: { token: string; userId: number } };
  return { id: results.userId, pseudo: 'Admin', email: E2E_ADMIN.email, password: E2E_ADMIN.password, token: results.token };
}

/** A contest awaiting payment that carries the code, created through the API as the wizard would. */
async function contestWithCode(request: APIRequestContext, organiser: Member, company: string, code: string): Promise<void> {
  const res = await request.post('/api/concours/create', {
    headers: { authorization: `Bearer ${organiser.token}` },
    data: {
      companyName: company,
      companySkills: 'Une boulangerie de quartier qui cuit son pain au levain depuis 1978.',
      target: 'Les familles du quartier, de 30 à 50 ans.',
      message: 'Un logo chaleureux, lisible sur une vitrine comme sur un sac en papier.',
      idSubCategory: 1,
      cost: 30_000,
      promoCode: code,
      arrayOptions: [],
    },
  });
  expect(res.status(), `création du concours : ${await res.text()}`).toBe(201);
}

test('un administrateur crée un code promo, le désactive, et le paiement de l’organisateur le refuse', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);
  const code = `ARGENT-${Date.now().toString(36).toUpperCase()}`;
  const company = `Fournil Argent ${Date.now().toString(36)}`;
  const organiser = await readyMember(request, 'argent', { firstName: 'Claire', lastName: 'Martin' });

  await signInPage(page, await adminMember(request));
  await page.goto('/admin?onglet=argent');

  await test.step('le contrôle du grand livre et les soldes', async () => {
    await expect(page.getByRole('tab', { name: 'Argent' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ledger-verdict')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByText('Le grand livre est juste : chaque euro reçu est retrouvé.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Soldes de la plateforme' }).getByText('Paiements reçus')).toBeVisible();
  });

  const form = page.getByRole('form', { name: 'Créer un code promo' });
  await test.step('le formulaire dit en français ce qui ne va pas', async () => {
    await form.getByRole('textbox', { name: /^Code/ }).fill('a b');
    await form.getByRole('textbox', { name: /Réduction \(%\)/ }).fill('150');
    await form.getByRole('button', { name: 'Créer le code' }).click();
    await expect(form.getByText('Le code promo doit contenir de 3 à 40 lettres majuscules, chiffres, tirets ou tirets bas.')).toBeVisible();
    await expect(form.getByText('Indiquez un pourcentage entier entre 1 et 100.')).toBeVisible();
  });

  const row = page.getByTestId(`promo-${code}`);
  await test.step('le code créé apparaît dans la liste, actif', async () => {
    await form.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
    await form.getByRole('textbox', { name: /Réduction \(%\)/ }).fill('20');
    await form.getByRole('textbox', { name: /Nombre d’utilisations/ }).fill('10');
    await form.getByRole('button', { name: 'Créer le code' }).click();
    await expect(page.getByText('Le code promo a bien été créé.')).toBeVisible();
    await expect(row).toBeVisible();
    await expect(row.getByText('Actif')).toBeVisible();
    await expect(row.getByText('0 sur 10')).toBeVisible();
    for (const [size, suffix] of [[LAPTOP, '1280'], [PHONE, '390']] as const) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `admin-argent-${suffix}`, { fullPage: true });
    }
    await page.setViewportSize(LAPTOP);
  });

  // The organiser typed the code while it was still valid, and has not paid yet.
  await contestWithCode(request, organiser, company, code);

  await test.step('désactivé avec une raison, il est marqué comme tel', async () => {
    await row.getByRole('button', { name: `Désactiver ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Désactiver ce code promo' });
    await dialog.getByRole('textbox', { name: /Raison/ }).fill('Code diffusé sur un forum.');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Le code promo a été désactivé.')).toBeVisible();
    await expect(row.getByText('Désactivé')).toBeVisible();
    await expect(row.getByRole('button', { name: `Désactiver ${code}` })).toHaveCount(0);
  });

  await test.step('le journal garde la raison', async () => {
    await page.getByRole('tab', { name: 'Journal' }).click();
    const logged = page.getByRole('row').filter({ hasText: 'Code promo désactivé' }).first();
    await expect(logged.getByText('Code diffusé sur un forum.')).toBeVisible();
  });

  await test.step('le paiement de l’organisateur refuse le code désactivé', async () => {
    const organiserPage = await memberPage(organiser);
    await organiserPage.goto('/mon-profil/mes-concours');
    const contest = organiserPage.getByRole('row').filter({ hasText: company });
    await contest.getByRole('button', { name: 'Payer' }).click();
    const dialog = organiserPage.getByRole('dialog', { name: 'Payer le concours' });
    await expect(dialog.getByTestId('price-to-pay')).toContainText(/300\s€/);
    await dialog.getByRole('button', { name: 'Payer' }).click();
    await expect(organiserPage.getByText('Votre code promo a été désactivé par notre équipe : il a été retiré de ce concours. Relancez le paiement pour régler le prix complet.')).toBeVisible();
  });
});
