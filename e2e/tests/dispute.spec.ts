/**
 * A dispute resolved (docs/product.md §2, disputes): once the winner has sent final files, the
 * organiser opens a dispute from the conversation; an admin settles it in the admin area by
 * validating the files, and the winner sees the prize in the wallet. Choosing the winner,
 * finalising and the sending of the final files are set up through the API.
 */
import { chooseWinnerAndFinalise, expect, openContest, participateWithFiles, pdfFile, pngFile, readyMember, signInPage, SUB_CATEGORY, test, type Member } from './api-setup';
import { E2E_ADMIN } from './admin';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Maison Colibri';
const REASON = 'Les fichiers livrés ne reprennent pas la palette validée dans nos échanges.';
const DECISION = 'Les fichiers livrés suivent le brief : la palette était libre.';

test('un litige tranché : l’organisateur l’ouvre, l’administrateur valide les fichiers, le gagnant est payé', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'orga', { firstName: 'Nina', lastName: 'Roux' });
  const talent = await readyMember(request, 'gagnant', { firstName: 'Léo', lastName: 'Petit' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 100_000, companyName: COMPANY });
  const idParticipation = await participateWithFiles(request, talent, idConcours, [pngFile('colibri-esquisse.png', [20, 80, 60], [250, 180, 60])]);
  await chooseWinnerAndFinalise(request, organiser, idConcours, idParticipation);
  const sent = await request.post(`/api/concours/participant/upload/finalFile?idParticipation=${idParticipation}`, {
    headers: { authorization: `Bearer ${talent.token}` },
    multipart: { idParticipation: String(idParticipation), fileFinale: pdfFile('colibri-final.pdf', 'Maison Colibri - logo final') },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const admin = { token: ((await login.json()) as { results: { token: string } }).results.token } as Member;

  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);

  await test.step('l’organisateur ouvre un litige depuis la conversation', async () => {
    await page.goto(`/messages/${idParticipation}`);
    await expect(page.getByRole('heading', { level: 1, name: `Demande de Logo · ${COMPANY}` })).toBeVisible();
    await page.getByRole('button', { name: 'Ouvrir un litige' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ouvrir un litige sur cette livraison' });
    await dialog.getByRole('button', { name: 'Ouvrir le litige' }).click();
    await expect(dialog.getByText('Indiquez la raison du litige.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Raison du litige' }).fill(REASON);
    await keepScreenshot(page, 'litige-ouverture');
    await dialog.getByRole('button', { name: 'Ouvrir le litige' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Le litige est ouvert/)).toBeVisible();
    const banner = page.getByTestId('dispute-banner');
    await expect(banner).toContainText(REASON);
    await expect(page.getByRole('button', { name: 'Ouvrir un litige' })).toBeHidden();
    await keepScreenshot(page, 'litige-bandeau-organisateur');
    // The winner sees it too, on a phone.
    await talentPage.setViewportSize(PHONE);
    await talentPage.goto(`/messages/${idParticipation}`);
    await expect(talentPage.getByTestId('dispute-banner')).toContainText(REASON);
    await keepScreenshot(talentPage, 'litige-bandeau-gagnant-390');
  });

  await test.step('l’administrateur tranche le litige en validant les fichiers', async () => {
    const adminPage = await memberPage(admin);
    await adminPage.goto('/admin?onglet=litiges');
    const card = adminPage.getByRole('article').filter({ hasText: COMPANY });
    await expect(card.getByText(REASON)).toBeVisible();
    await expect(card).toContainText(talent.pseudo);
    await keepScreenshot(adminPage, 'litiges-file-admin');
    await card.getByRole('button', { name: 'Trancher' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Trancher ce litige' });
    await dialog.getByRole('radio', { name: 'Valider les fichiers finaux et payer le gagnant' }).check();
    await dialog.getByRole('textbox', { name: /Raison de la décision/ }).fill(DECISION);
    await keepScreenshot(adminPage, 'litiges-decision-admin');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByText('Le litige est tranché.')).toBeVisible();
    await expect(adminPage.getByRole('article').filter({ hasText: COMPANY })).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Tranchés' }).click();
    await expect(adminPage.getByRole('article').filter({ hasText: COMPANY }).getByText(DECISION, { exact: false })).toBeVisible();
    await adminPage.setViewportSize(PHONE);
    await keepScreenshot(adminPage, 'litiges-tranches-admin-390');
  });

  await test.step('le gagnant voit l’issue du litige et sa récompense dans son porte-monnaie', async () => {
    await talentPage.setViewportSize(DESKTOP);
    await talentPage.reload();
    await expect(talentPage.getByTestId('dispute-banner')).toContainText('Fichiers finaux validés, le talent a reçu sa récompense.');
    await expect(talentPage.getByTestId('dispute-banner')).toContainText(DECISION);
    await keepScreenshot(talentPage, 'litige-issue-gagnant');
    await talentPage.goto('/mon-profil/informations-personnelles');
    const wallet = talentPage.getByRole('region', { name: 'Mon porte-monnaie' });
    await expect(wallet.getByTestId('wallet-balance')).toHaveText(/^800\s€$/);
    await expect(wallet.getByText(`Récompense du concours « ${COMPANY} »`)).toBeVisible();
  });
});
