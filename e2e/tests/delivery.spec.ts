/**
 * Messaging, delivery and wallet (docs/product.md §2, §3 and §11): once the
 * contest is finalised, the winner and the organiser write to each other and exchange a work
 * file, the winner sends the final files, the organiser validates them after a confirmation,
 * the winner's wallet shows the prize minus 20 %, the winner saves an IBAN and transfers the
 * balance. What [3 of 6] does in the browser — taking part, choosing the winner, finalising —
 * is set up here through the API; every step below is a click in one of two browsers.
 */
import type { Page } from '@playwright/test';
import { chooseWinnerAndFinalise, expect, openContest, participateWithFiles, pdfFile, pngFile, readyMember, signInPage, SUB_CATEGORY, TEST_IBAN, test } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Atelier Hirondelle';
const GAIN = /^1\s200\s€$/;

/** The conversation with `pseudo`, from the header's messages and their list. */
async function openFromMessages(page: Page, pseudo: string, company: string) {
  await page.getByRole('banner').getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes messages' })).toBeVisible();
  const group = page.getByRole('region', { name: `Demande de Logo, ${company}` });
  await expect(group.getByText('En attente des fichiers finaux', { exact: true })).toBeVisible();
  await keepScreenshot(page, 'messages-liste-organisateur');
  await group.getByRole('link', { name: new RegExp(pseudo) }).click();
}

async function expectConversation(page: Page, pseudo: string, company: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Demande de Logo · ${company}` })).toBeVisible();
  await expect(page.getByTestId('counterpart')).toHaveText(pseudo);
}

test('le gagnant et l’organisateur échangent, le gagnant livre, l’organisateur valide et le gagnant est payé', async ({ page, request, memberPage }) => {
  // Two members and a finalised contest are set up first, then two browsers take turns.
  test.setTimeout(120_000);

  const organiser = await readyMember(request, 'orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'gagnant', { firstName: 'Hugo', lastName: 'Bernard' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: COMPANY });
  const idParticipation = await participateWithFiles(request, talent, idConcours, [pngFile('hirondelle-esquisse.png', [30, 60, 120], [253, 127, 85])]);
  await chooseWinnerAndFinalise(request, organiser, idConcours, idParticipation);

  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);
  const organiserThread = page.getByRole('log', { name: 'Messages' });
  const talentThread = talentPage.getByRole('log', { name: 'Messages' });

  await test.step('l’organisateur ouvre la conversation depuis ses messages, le gagnant depuis sa notification', async () => {
    await page.goto(`/participations/${idConcours}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();
    await openFromMessages(page, talent.pseudo, COMPANY);
    await expectConversation(page, talent.pseudo, COMPANY);

    // The winner follows the notification of the choice.
    await talentPage.goto('/notifications');
    await talentPage.getByRole('link', { name: new RegExp(`vous avez été choisi comme gagnant du concours « ${COMPANY} »`) }).click();
    await expectConversation(talentPage, organiser.pseudo, COMPANY);

    // The winner's system message reaches both sides.
    const congratulations = `Félicitations ! Votre proposition a été choisie par ${COMPANY}.`;
    await expect(organiserThread.getByTestId('system-message').filter({ hasText: congratulations })).toBeVisible();
    await expect(talentThread.getByTestId('system-message').filter({ hasText: congratulations })).toBeVisible();
    // Each side reads who won in its own words.
    await expect(page.getByRole('main').getByText('Gagnant', { exact: true })).toBeVisible();
    await expect(talentPage.getByRole('main').getByText('Vous avez gagné', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Validation des fichiers finaux' })).toBeVisible();
    await expect(talentPage.getByRole('button', { name: 'Envoi des fichiers finaux' })).toBeVisible();
  });

  await test.step('l’organisateur et le gagnant s’écrivent', async () => {
    const question = 'Bonjour ! Pourriez-vous proposer une version en bleu nuit ?';
    const answer = 'Avec plaisir, je vous la prépare pour demain.';
    await page.getByRole('textbox', { name: 'Votre message' }).fill(question);
    await page.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(organiserThread.getByTestId('bubble-right').filter({ hasText: question })).toBeVisible();
    // The talent's page shows it without being reloaded.
    await expect(talentThread.getByTestId('bubble-left').filter({ hasText: question })).toBeVisible({ timeout: 25_000 });

    await talentPage.getByRole('textbox', { name: 'Votre message' }).fill(answer);
    await talentPage.getByRole('main').getByRole('button', { name: 'Envoyer', exact: true }).click();
    await expect(talentThread.getByTestId('bubble-right').filter({ hasText: answer })).toBeVisible();
    await expect(organiserThread.getByTestId('bubble-left').filter({ hasText: answer })).toBeVisible({ timeout: 25_000 });
    await expect(talentThread.getByText("Aujourd'hui", { exact: true })).toBeVisible();
    await keepScreenshot(page, 'conversation-organisateur');
  });

  await test.step('l’organisateur envoie un fichier de travail au gagnant', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Joindre un fichier de travail' }).click();
    await (await chooser).setFiles(pngFile('charte-couleurs.png', [20, 30, 70], [60, 90, 160]));
    await expect(page.getByText('Le fichier a bien été ajouté')).toBeVisible();
    await expect(organiserThread.getByText('charte-couleurs.png', { exact: true })).toBeVisible();
    await expect(talentThread.getByText('charte-couleurs.png', { exact: true })).toBeVisible({ timeout: 25_000 });

    await talentPage.getByRole('tab', { name: /^Fichiers/ }).click();
    const work = talentPage.getByRole('region', { name: 'Fichiers de travaux' });
    await expect(work.getByText('charte-couleurs.png', { exact: true })).toBeVisible();
    await expect(work.getByRole('button', { name: 'Télécharger charte-couleurs.png' })).toBeVisible();
    await expect(talentPage.getByRole('region', { name: 'Fichiers de participation' }).getByText('hirondelle-esquisse.png', { exact: true })).toBeVisible();
    await keepScreenshot(talentPage, 'conversation-fichiers-talent');
    await talentPage.setViewportSize(PHONE);
    await talentPage.getByRole('tab', { name: 'Messages' }).click();
    await expect(talentThread.getByText('charte-couleurs.png', { exact: true })).toBeVisible();
    await keepScreenshot(talentPage, 'conversation-talent-390');
    await talentPage.setViewportSize(DESKTOP);
  });

  await test.step('le gagnant envoie ses fichiers finaux', async () => {
    await talentPage.getByRole('button', { name: 'Envoi des fichiers finaux' }).click();
    const dialog = talentPage.getByRole('dialog', { name: 'Envoyer les fichiers finaux' });
    await expect(dialog.getByText(/^Formats acceptés\u00a0: PNG, JPEG, PDF ou une archive ZIP, RAR ou 7z/)).toBeVisible();
    const chooser = talentPage.waitForEvent('filechooser');
    // The drop area and its hidden input carry the same name: the area comes first.
    await dialog.getByLabel('Glissez vos fichiers finaux ici ou cliquez pour les choisir', { exact: true }).first().click();
    await (await chooser).setFiles([pngFile('hirondelle-final-bleu-nuit.png', [10, 20, 60], [40, 70, 140]), pdfFile('hirondelle-guide.pdf', 'Atelier Hirondelle - guide du logo')]);
    const list = dialog.getByRole('list', { name: 'Fichiers finaux' });
    await expect(list.getByText('Le fichier a bien été ajouté')).toHaveCount(2);
    await expect(dialog.getByText('Vos fichiers finaux ont bien été envoyés à l’organisateur.')).toBeVisible();
    await keepScreenshot(talentPage, 'livraison-fichiers-finaux');
    await dialog.getByRole('button', { name: 'Terminer' }).click();
    await expect(dialog).toBeHidden();
    // The sending is announced once, naming both files.
    const announced = talentThread.getByTestId('system-message').filter({ hasText: 'Le talent a envoyé 2 fichiers finaux' });
    await expect(announced).toHaveCount(1);
    await expect(announced).toContainText('hirondelle-final-bleu-nuit.png');
    await expect(announced).toContainText('hirondelle-guide.pdf');
  });

  await test.step('l’organisateur valide les fichiers finaux après confirmation', async () => {
    await expect(organiserThread.getByTestId('system-message').filter({ hasText: 'hirondelle-guide.pdf' })).toContainText('Le talent a envoyé 2 fichiers finaux', { timeout: 25_000 });
    await keepScreenshot(page, 'livraison-annonce-organisateur');
    await page.getByRole('tab', { name: /^Fichiers/ }).click();
    const finals = page.getByRole('region', { name: 'Fichiers finaux' });
    await expect(finals.getByText('hirondelle-final-bleu-nuit.png', { exact: true })).toBeVisible();
    await expect(finals.getByText('hirondelle-guide.pdf')).toBeVisible();
    await keepScreenshot(page, 'livraison-fichiers-organisateur');

    await page.getByRole('button', { name: 'Validation des fichiers finaux' }).click();
    const confirm = page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir valider les fichiers finaux ?' });
    await expect(confirm.getByText('2 fichiers finaux reçus')).toBeVisible();
    await expect(confirm.getByText('Cela aura pour effet de clôturer le concours, le talent recevra alors la mise de départ !')).toBeVisible();
    await keepScreenshot(page, 'livraison-validation-confirmation');
    await confirm.getByRole('button', { name: 'Valider les fichiers finaux' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Le concours a bien été mis à jour')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Concours terminé' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Terminé', { exact: true })).toBeVisible();
  });

  await test.step('le gagnant voit le concours terminé', async () => {
    await talentPage.getByRole('tab', { name: 'Messages' }).click();
    await expect(talentThread.getByTestId('system-message').filter({ hasText: 'Fichiers finaux validés par l’organisateur : le talent a reçu sa récompense.' })).toBeVisible({
      timeout: 25_000,
    });
    await expect(talentPage.getByRole('link', { name: 'Concours terminé' })).toBeVisible();
    await keepScreenshot(talentPage, 'livraison-concours-termine-talent');
  });

  await test.step('le porte-monnaie du gagnant montre sa récompense', async () => {
    await talentPage.getByRole('banner').getByRole('button', { name: `Mon compte, ${talent.pseudo}` }).click();
    await talentPage.getByRole('menuitem', { name: 'Informations personnelles' }).click();
    await expect(talentPage.getByRole('heading', { level: 1, name: 'Gérer votre profil' })).toBeVisible();
    const wallet = talentPage.getByRole('region', { name: 'Mon porte-monnaie' });
    await expect(wallet.getByText('Montant disponible')).toBeVisible();
    await expect(wallet.getByTestId('wallet-balance')).toHaveText(GAIN);
    await expect(wallet.getByText(`Récompense du concours « ${COMPANY} »`)).toBeVisible();
    await expect(wallet.getByText(/^\+1\s200\s€$/)).toBeVisible();
    await expect(wallet.getByText('Aucun compte bancaire enregistré')).toBeVisible();
    await keepScreenshot(talentPage, 'porte-monnaie-credite');
  });

  await test.step('le gagnant enregistre son IBAN', async () => {
    const wallet = talentPage.getByRole('region', { name: 'Mon porte-monnaie' });
    await wallet.getByRole('button', { name: 'Coordonnées bancaires' }).click();
    const bank = talentPage.getByRole('dialog', { name: 'Coordonnées bancaires' });
    await bank.getByRole('textbox', { name: 'Nom & prénom du titulaire' }).fill('Hugo Bernard');
    // A typing slip in the key is caught before anything is sent.
    const iban = bank.getByRole('textbox', { name: 'IBAN' });
    await iban.fill(`${TEST_IBAN.slice(0, -1)}8`);
    await iban.blur();
    await expect(bank.getByText("L'IBAN n'est pas valide, vérifiez-le.")).toBeVisible();
    await iban.fill(TEST_IBAN);
    await expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    await expect(bank.getByLabel('IBAN valide')).toBeVisible();
    await keepScreenshot(talentPage, 'porte-monnaie-coordonnees-bancaires');
    await bank.getByRole('button', { name: 'Valider' }).click();
    await expect(bank).toBeHidden();
    await expect(talentPage.getByText('Vos coordonnées bancaires ont bien été enregistrées.')).toBeVisible();
    await expect(wallet.getByText('FR76 •••• •••• •••• •••• •••0 189')).toBeVisible();
    await expect(wallet.getByText('Hugo Bernard')).toBeVisible();
  });

  await test.step('le gagnant transfère son solde vers son compte', async () => {
    const wallet = talentPage.getByRole('region', { name: 'Mon porte-monnaie' });
    await wallet.getByRole('button', { name: 'Transférer' }).click();
    const transfer = talentPage.getByRole('dialog', { name: 'Transférer vers votre compte bancaire' });
    await expect(transfer.getByTestId('transfer-amount')).toHaveText(GAIN);
    await expect(transfer.getByText('FR76 •••• •••• •••• •••• •••0 189')).toBeVisible();
    await keepScreenshot(talentPage, 'porte-monnaie-transfert');
    await transfer.getByRole('button', { name: 'Confirmer le virement' }).click();
    await expect(transfer).toBeHidden();
    await expect(talentPage.getByText(/^Le virement de 1\s200\s€ vers votre compte bancaire est lancé\.$/)).toBeVisible();
    await expect(wallet.getByTestId('wallet-balance')).toHaveText(/^0\s€$/);
    await expect(wallet.getByText('Virement vers votre compte bancaire')).toBeVisible();
    await expect(wallet.getByText(/^−1\s200\s€$/)).toBeVisible();
    await expect(wallet.getByRole('button', { name: 'Transférer' })).toBeDisabled();
    await keepScreenshot(talentPage, 'porte-monnaie-apres-transfert');
    await talentPage.setViewportSize(PHONE);
    await wallet.scrollIntoViewIfNeeded();
    await keepScreenshot(talentPage, 'porte-monnaie-apres-transfert-390');
  });

});
