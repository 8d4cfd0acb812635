/**
 * A winner's 48 hours (docs/product.md §4): the winner reads the organiser's requests and may
 * accept the mission; one who lets the 48 hours pass is replaced by another proposal the
 * organiser chooses in the conversation, and the new winner accepts in turn. Taking part and
 * finalising are set up through the API; the clock is moved by the administrator's dev route.
 */
import { chooseWinnerAndFinalise, expect, openContest, participateWithFiles, pngFile, readyMember, rewindContest, signInPage, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Brûlerie Cassiopée';

test('un gagnant qui n’accepte pas la mission en 48 heures est remplacé par un autre, qui l’accepte', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);

  const organiser = await readyMember(request, 'orga', { firstName: 'Inès', lastName: 'Moreau' });
  const late = await readyMember(request, 'lent', { firstName: 'Paul', lastName: 'Girard' });
  const next = await readyMember(request, 'suivant', { firstName: 'Zoé', lastName: 'Lambert' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 90_000, companyName: COMPANY, message: 'Un logo rond, en cuivre et bleu nuit, lisible sur nos sachets.' });
  const lateEntry = await participateWithFiles(request, late, idConcours, [pngFile('cassiopee-etoile.png', [120, 70, 30], [20, 30, 80])]);
  const nextEntry = await participateWithFiles(request, next, idConcours, [pngFile('cassiopee-grain.png', [90, 50, 20], [200, 140, 80])]);
  await chooseWinnerAndFinalise(request, organiser, idConcours, lateEntry);

  await signInPage(page, organiser);
  const latePage = await memberPage(late);

  await test.step('le gagnant lit les demandes de l’organisateur et le délai pour accepter', async () => {
    await latePage.goto(`/messages/${lateEntry}`);
    const mission = latePage.getByTestId('mission');
    await expect(mission).toContainText('Acceptation de la mission en attente');
    await expect(mission).toContainText(/Vous avez jusqu’au \d\d\/\d\d\/\d{4} à \d\d:\d\d pour accepter la mission/);
    await mission.getByText('Les demandes de l’organisateur', { exact: true }).click();
    await expect(mission.getByText('Un logo rond, en cuivre et bleu nuit, lisible sur nos sachets.')).toBeVisible();
    await expect(mission.getByRole('button', { name: 'Accepter la mission' })).toBeVisible();
    await keepScreenshot(latePage, 'mission-a-accepter-gagnant');
    await latePage.setViewportSize(PHONE);
    await expect(mission.getByRole('button', { name: 'Accepter la mission' })).toBeVisible();
    await keepScreenshot(latePage, 'mission-a-accepter-gagnant-390');
    await latePage.setViewportSize(DESKTOP);

    await page.goto(`/messages/${lateEntry}`);
    await expect(page.getByTestId('mission')).toContainText(/Le gagnant a jusqu’au \d\d\/\d\d\/\d{4} à \d\d:\d\d pour accepter la mission/);
    await expect(page.getByRole('button', { name: 'Choisir un autre gagnant' })).toHaveCount(0);
  });

  await test.step('48 heures passent : l’organisateur est prévenu et choisit un autre gagnant', async () => {
    await rewindContest(request, idConcours, 49);
    await page.goto('/notifications');
    await page.getByRole('link', { name: new RegExp(`n’a pas accepté la mission de votre concours « ${COMPANY} »`) }).click();
    const mission = page.getByTestId('mission');
    await expect(mission).toContainText('Délai d’acceptation dépassé');
    await keepScreenshot(page, 'mission-en-retard-organisateur');
    await mission.getByRole('button', { name: 'Choisir un autre gagnant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choisir un autre gagnant' });
    await dialog.getByPlaceholder('Choisissez une proposition').click();
    await page.getByRole('option', { name: new RegExp(next.pseudo) }).click();
    await keepScreenshot(page, 'mission-remplacer-gagnant');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'mission-remplacer-gagnant-390');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Choisir ce gagnant' }).click();
    await expect(page.getByText('Le nouveau gagnant a été choisi')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('mission')).toHaveCount(0);
  });

  await test.step('le premier gagnant l’apprend et ne peut plus accepter', async () => {
    await latePage.reload();
    await expect(latePage.getByRole('log', { name: 'Messages' }).getByTestId('system-message').filter({ hasText: 'l’organisateur a choisi un autre gagnant' })).toBeVisible();
    await expect(latePage.getByRole('button', { name: 'Accepter la mission' })).toHaveCount(0);
  });

  await test.step('le nouveau gagnant, prévenu, accepte la mission', async () => {
    const nextPage = await memberPage(next);
    await nextPage.goto('/notifications');
    await nextPage.getByRole('link', { name: new RegExp(`vous avez été choisi comme gagnant du concours « ${COMPANY} »`) }).click();
    const mission = nextPage.getByTestId('mission');
    await expect(mission).toContainText('Acceptation de la mission en attente');
    await mission.getByRole('button', { name: 'Accepter la mission' }).click();
    await expect(nextPage.getByText('Vous avez accepté la mission')).toBeVisible();
    await expect(mission).toContainText(/Mission acceptée · Fichiers finaux attendus avant le \d\d\/\d\d\/\d{4}/);
    await keepScreenshot(nextPage, 'mission-acceptee-gagnant');

    await page.goto(`/messages/${nextEntry}`);
    await expect(page.getByTestId('mission')).toContainText('Mission acceptée');
    await expect(page.getByRole('log', { name: 'Messages' }).getByTestId('system-message').filter({ hasText: `${next.pseudo} a accepté la mission` })).toBeVisible();
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'mission-acceptee-organisateur-390');
  });
});
