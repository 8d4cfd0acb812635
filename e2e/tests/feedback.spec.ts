/**
 * Feedback that reaches the talent (docs/product.md §2): the organiser comments a proposal
 * from the proposals page; its author reads the comment on the contest page and in the
 * conversation with the organiser; My contests counts the proposals still awaiting an answer;
 * once 48 hours passed (the dev rewind) the organiser is reminded of the one left.
 */
import { expect, openContest, participateWithFiles, pngFile, readyMember, rewindContest, signInPage, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';
import { expectNoSeriousA11yViolations } from './a11y';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Brasserie Lumen';
const COMMENT = 'Le houblon stylisé est une belle idée ; la typographie mériterait plus de caractère.';
/** The page's no-break spaces, as the accessible names and texts keep them. */
const nb = (text: string) => text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');

test.use({ viewport: DESKTOP });

test('l’organisateur commente une proposition, le talent la lit sur le concours et dans la conversation, Mes concours compte les propositions sans réponse', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'orga-avis', { firstName: 'Inès', lastName: 'Laurent' });
  const talent = await readyMember(request, 'talent-avis', { firstName: 'Noé', lastName: 'Petit' });
  const other = await readyMember(request, 'autre-avis', { firstName: 'Léa', lastName: 'Roux' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 30_000, companyName: COMPANY });
  const idParticipation = await participateWithFiles(request, talent, idConcours, [pngFile('lumen-houblon.png', [40, 90, 60], [253, 127, 85])]);
  await participateWithFiles(request, other, idConcours, [pngFile('lumen-etoile.png', [20, 40, 120], [252, 81, 101])]);

  await signInPage(page, organiser);
  const awaiting = () => page.getByRole('row').filter({ hasText: COMPANY }).getByTestId('awaiting-count');

  await test.step('Mes concours montre deux propositions sans réponse', async () => {
    await page.goto('/mon-profil/mes-concours');
    await expect(awaiting()).toHaveText('2 propositions sans réponse');
    await keepScreenshot(page, 'mes-concours-sans-reponse');
    await expectNoSeriousA11yViolations(page, 'Mes concours, propositions sans réponse');
  });

  await test.step('l’organisateur commente la proposition n° 1 depuis sa carte', async () => {
    await awaiting().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();
    const card = page.getByRole('article', { name: `Proposition #1 de ${talent.pseudo}` });
    await card.hover();
    await card.getByRole('button', { name: 'Commenter la proposition n°\u00a01' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Votre commentaire au talent' }).fill(COMMENT);
    await keepScreenshot(page, 'commentaire-formulaire');
    await expectNoSeriousA11yViolations(page, 'formulaire de commentaire');
    await dialog.getByRole('button', { name: 'Envoyer le commentaire' }).click();
    await expect(page.getByText('Votre commentaire a bien été envoyé au talent.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Commentée', { exact: true })).toBeVisible();

    // The viewer shows it too, ready to be replaced.
    await card.getByRole('button', { name: 'Agrandir la proposition #1' }).click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.getByRole('textbox', { name: 'Votre commentaire au talent' })).toHaveValue(COMMENT);
    await expect(viewer.getByRole('button', { name: 'Remplacer le commentaire' })).toBeVisible();
    await keepScreenshot(page, 'commentaire-visionneuse');
    await page.keyboard.press('Escape');
  });

  await test.step('Mes concours n’en compte plus qu’une', async () => {
    await page.goto('/mon-profil/mes-concours');
    await expect(awaiting()).toHaveText('1 proposition sans réponse');
  });

  const talentPage = await memberPage(talent);
  await test.step('le talent lit le commentaire sur la page du concours et dans la conversation', async () => {
    await talentPage.goto(`/details-concours/${idConcours}`);
    const block = talentPage.getByTestId('organiser-comment');
    await expect(block).toContainText('Le commentaire de l’organisateur');
    await expect(block).toContainText(COMMENT);
    await keepScreenshot(talentPage, 'commentaire-page-concours');
    await expectNoSeriousA11yViolations(talentPage, 'commentaire sur la page du concours');

    await talentPage.goto(`/messages/${idParticipation}`);
    const thread = talentPage.getByRole('log', { name: 'Messages' });
    await expect(thread.getByTestId('system-message').filter({ hasText: `Commentaire de l’organisateur sur votre proposition n°\u00a01\u00a0: ${COMMENT}` })).toBeVisible();
    await keepScreenshot(talentPage, 'commentaire-conversation');

    await talentPage.setViewportSize(PHONE);
    await talentPage.goto(`/details-concours/${idConcours}`);
    await expect(talentPage.getByTestId('organiser-comment')).toContainText(COMMENT);
    await talentPage.getByTestId('organiser-comment').scrollIntoViewIfNeeded();
    await keepScreenshot(talentPage, 'commentaire-page-concours-telephone');
  });

  const otherPage = await memberPage(other);
  await test.step('l’autre talent ne voit aucun commentaire', async () => {
    await otherPage.goto(`/details-concours/${idConcours}`);
    await expect(otherPage.getByRole('heading', { name: 'Votre participation' })).toBeVisible();
    await expect(otherPage.getByTestId('organiser-comment')).toHaveCount(0);
  });

  await test.step('48 heures plus tard, l’organisateur est relancé pour la proposition restée sans réponse', async () => {
    await rewindContest(request, idConcours, 49);
    await page.goto('/notifications');
    await expect(page.getByText(nb(`Une proposition attend votre avis depuis plus de 48 heures sur « ${COMPANY} » : notez-la ou commentez-la.`))).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.goto('/mon-profil/mes-concours');
    await expect(page.getByTestId('awaiting-count')).toHaveText('1 proposition sans réponse');
    await keepScreenshot(page, 'mes-concours-telephone');
  });
});
