/**
 * Every screen the journeys go through, checked by axe at 1280 and 390 px (a11y.ts): the
 * visitor's pages and dialogs, the creation wizard and its payment, taking part, judging,
 * messaging, delivery, the profile and the wallet. Members and contests are set up through
 * the API (api-setup.ts); each screen is reached the way a person would reach it.
 */
import type { Page } from '@playwright/test';
import { expectAccessibleAtBothWidths as check, A11Y_DESKTOP } from './a11y';
import { expect, openContest, participateWithFiles, pdfFile, pngFile, readyMember, SANDBOX_CARD, signInPage, SUB_CATEGORY, TEST_IBAN, test } from './api-setup';
import { linkMailedTo, uniqueMember } from './fixtures';

test.use({ viewport: A11Y_DESKTOP });

// Each screen is checked twice; a busy machine makes a dozen screens take minutes.
const TIMEOUT = 300_000;

/** A new member meets the tutorial on home; it is checked, then closed for the rest of the visit. */
async function passTutorial(page: Page) {
  const tutorial = page.getByRole('dialog', { name: 'Choisissez un concours' });
  await expect(tutorial).toBeVisible();
  await check(page, 'tutoriel');
  await page.keyboard.press('Escape');
  await expect(tutorial).toBeHidden();
}

test('les pages et fenêtres d’un visiteur', async ({ page, request }) => {
  test.setTimeout(TIMEOUT);
  const header = page.getByRole('banner');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Besoin d['’]un/ })).toBeVisible();
  // The parts drawn as they come near the screen (the categories' slider, the testimonials) are
  // judged too: the page is gone through to its foot first. The app taking the drawn page over
  // brings it back to its top, so the way down is made again until the testimonials are drawn.
  await expect(async () => {
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.locator('#temoignages').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Témoignages de nos membres' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  await check(page, 'accueil visiteur');

  await header.getByRole('button', { name: 'Connexion' }).click();
  const signIn = page.getByRole('dialog', { name: 'Connexion' });
  await signIn.getByRole('button', { name: 'Connexion', exact: true }).click();
  await expect(signIn.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
  await check(page, 'fenêtre de connexion, champs en erreur');
  await signIn.getByRole('button', { name: 'Oublié ?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Réinitialiser le mot de passe' });
  await expect(forgot.getByRole('button', { name: 'Réinitialiser' })).toBeVisible();
  await check(page, 'mot de passe oublié');
  await page.keyboard.press('Escape');
  await expect(forgot).toBeHidden();

  await page.goto('/signup');
  await page.getByRole('main').getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByText("Les CGU n'ont pas été acceptées !")).toBeVisible();
  await check(page, 'inscription, champs en erreur');

  const member = uniqueMember('a11y');
  await request.post('/api/auth/register', { data: { ...member, confirmPassword: member.password } });
  await page.goto(await linkMailedTo(request, member.email, /Confirmez votre adresse e-mail/));
  await expect(page.getByRole('heading', { name: 'Vérification réussie !' })).toBeVisible();
  await check(page, 'vérification de l’adresse');

  for (const [path, name] of [['/faq', 'FAQ'], ['/cgu', 'CGU'], ['/politique-confidentialite', 'confidentialité']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(page, name);
  }
});

test('la création d’un concours, son paiement et les pages de l’organisateur', async ({ page, request }) => {
  test.setTimeout(TIMEOUT);
  const organiser = await readyMember(request, 'a11y-orga', { firstName: 'Claire', lastName: 'Martin' });
  await signInPage(page, organiser);

  await page.goto('/');
  await passTutorial(page);
  await expect(page.getByRole('status', { name: 'Chargement des concours' })).toHaveCount(0);
  await check(page, 'accueil membre');

  await page.getByRole('banner').getByRole('link', { name: 'Organiser un concours' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Étape 1 : Sélectionner une catégorie' })).toBeVisible();
  await check(page, 'étape 1');
  const search = page.getByRole('combobox', { name: 'Rechercher une catégorie' });
  await search.fill('log');
  await expect(page.getByRole('option', { name: 'Logo', exact: true })).toBeVisible();
  await check(page, 'étape 1, recherche');
  await page.getByRole('option', { name: 'Logo', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Parlez-nous de vous' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tous les champs doivent être remplis pour continuer !' })).toBeVisible();
  await check(page, 'étape 2, champs en erreur');
  await page.getByLabel('Nom de l’entreprise ou du projet').fill('Boulangerie Axe');
  await page.getByLabel('Votre activité').fill('Boulangerie artisanale de quartier, pains au levain et viennoiseries.');
  await page.getByLabel('Votre cible').fill('Les familles et les actifs du quartier, de 25 à 55 ans.');
  await page.getByLabel("Le mot de l'organisateur").fill('Un logo chaleureux, lisible sur la devanture comme sur les sacs en papier.');
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'De quoi avez-vous besoin ?' })).toBeVisible();
  await page.getByRole('checkbox', { name: /^1 retouche supplémentaire/ }).click();
  await check(page, 'étape 3');
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Définissez les règles' })).toBeVisible();
  await check(page, 'étape 4');
  await page.getByRole('checkbox', { name: /J'accepte les conditions générales d'utilisation/ }).check();
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Étape 5 : Paiement' })).toBeVisible();
  await check(page, 'étape 5');
  const [bank] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer' }).click()]);
  await expect(bank.getByRole('heading', { level: 1, name: 'Paiement sécurisé' })).toBeVisible();
  await bank.setViewportSize(A11Y_DESKTOP);
  await check(bank, 'page de paiement');
  await expect(page.getByRole('heading', { name: "Finalisez votre paiement dans l'onglet qui vient de s'ouvrir" })).toBeVisible();
  await check(page, 'étape 5, paiement en cours');
  await bank.getByLabel('Numéro de carte').fill(SANDBOX_CARD);
  await bank.getByLabel("Date d'expiration (MM/AA)").fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await bank.getByLabel('Cryptogramme (CVC)').fill('123');
  await bank.getByRole('button', { name: 'Payer' }).click();
  await expect(bank.getByRole('dialog', { name: 'Votre paiement a bien été reçu, votre concours est en ligne !' })).toBeVisible();
  await check(bank, 'confirmation du paiement');
  await bank.close();

  await page.goto('/mon-profil/mes-concours');
  await expect(page.getByRole('row').filter({ hasText: 'Boulangerie Axe' })).toBeVisible();
  await check(page, 'mes concours');

  await page.goto('/mon-profil/statut');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coordonnées' })).toBeVisible();
  await check(page, 'statut de facturation');

  await page.goto('/concours/design');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement des concours' })).toHaveCount(0);
  await check(page, 'liste d’une catégorie');
});

test('participer, juger les propositions, échanger, livrer, être payé', async ({ page, request, memberPage }) => {
  test.setTimeout(TIMEOUT);
  const organiser = await readyMember(request, 'a11y-orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'a11y-talent', { firstName: 'Hugo', lastName: 'Bernard' });
  const rival = await readyMember(request, 'a11y-rival', { firstName: 'Inès', lastName: 'Moreau' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: 'Atelier Axe' });
  const rivalProposal = await participateWithFiles(request, rival, contest, [pngFile('rivale.png', [40, 90, 160], [120, 200, 230])]);
  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);

  await talentPage.goto(`/details-concours/${contest}`);
  await expect(talentPage.getByRole('heading', { level: 2, name: 'Atelier Axe' })).toBeVisible();
  await check(talentPage, 'page du concours');
  await talentPage.getByRole('button', { name: 'Participer', exact: true }).click();
  const commitment = talentPage.getByRole('dialog', { name: /^Engagement du participant/ });
  await commitment.getByRole('button', { name: 'Continuer' }).click();
  await expect(commitment.getByText('Vous devez accepter les conditions pour continuer !')).toBeVisible();
  await check(talentPage, 'engagement du participant');
  await commitment.getByRole('checkbox', { name: 'Vous vous engagez à réaliser toutes les demandes ci-dessus' }).check();
  await commitment.getByRole('button', { name: 'Continuer' }).click();
  const prerequisites = talentPage.getByRole('dialog', { name: /^Engagement de l’organisateur/ });
  await expect(prerequisites).toBeVisible();
  await check(talentPage, 'engagement de l’organisateur');
  await prerequisites.getByRole('button', { name: 'Continuer' }).click();
  const upload = talentPage.getByRole('dialog', { name: /^Envoyez vos propositions/ });
  await expect(upload.getByText('Glissez vos fichiers ici ou cliquez pour les choisir')).toBeVisible();
  const chooser = talentPage.waitForEvent('filechooser');
  await upload.getByLabel('Déposer vos fichiers', { exact: true }).click();
  await (await chooser).setFiles([pngFile('soleil.png', [253, 127, 85], [252, 81, 101]), pngFile('grain.png', [90, 60, 40], [200, 150, 90])]);
  await expect(upload.getByRole('list', { name: 'Fichiers envoyés' }).getByText('Le fichier a bien été ajouté')).toHaveCount(2);
  await check(talentPage, 'envoi des propositions');
  await upload.getByRole('button', { name: 'Terminer' }).click();
  const success = talentPage.getByRole('dialog', { name: 'Participation envoyée' });
  await expect(success).toBeVisible();
  await check(talentPage, 'participation envoyée');
  await success.getByRole('link', { name: 'Retour au concours' }).click();
  await expect(talentPage.getByRole('region', { name: 'Votre participation' }).getByText('soleil.png', { exact: true })).toBeVisible();
  await check(talentPage, 'page du concours avec sa participation');

  await page.goto(`/participations/${contest}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();
  const card = page.getByRole('article', { name: new RegExp(`^Proposition #\\d+ de ${talent.pseudo}$`) });
  await expect(card.getByText('2 fichiers', { exact: true })).toBeVisible();
  const stars = await card.getByRole('radio', { name: '4 étoiles' }).getAttribute('id');
  await card.locator(`label[for="${stars}"]`).click();
  await expect(card.getByRole('radio', { name: '4 étoiles' })).toBeChecked();
  await check(page, 'propositions');
  await card.getByRole('button', { name: /^Agrandir la proposition/ }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(`^Proposition #\\d+ · ${talent.pseudo}`) });
  await expect(viewer.getByRole('list', { name: 'Fichiers de la proposition' }).getByRole('listitem')).toHaveCount(2);
  await check(page, 'proposition agrandie');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await card.hover();
  await card.getByRole('button', { name: 'Valider comme gagnant' }).click();
  await expect(card.getByText('Gagnant', { exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Vos gagnants' }).getByRole('button', { name: 'Finaliser le concours' }).click();
  const finalise = page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir valider la ou les propositions sélectionnées ?' });
  await expect(finalise).toBeVisible();
  await check(page, 'finaliser le concours');
  await finalise.getByRole('button', { name: 'Finaliser le concours' }).click();
  await expect(finalise).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Vous avez déjà choisi vos gagnants' })).toBeVisible();
  await check(page, 'propositions finalisées');

  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes messages' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demande de Logo, Atelier Axe' })).toBeVisible();
  await check(page, 'mes messages');
  await page.getByRole('region', { name: 'Demande de Logo, Atelier Axe' }).getByRole('link', { name: new RegExp(talent.pseudo) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demande de Logo · Atelier Axe' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Votre message' }).fill('Bonjour ! Une version en bleu nuit ?');
  await page.getByRole('textbox', { name: 'Votre message' }).press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByTestId('bubble-right')).toBeVisible();
  await check(page, 'conversation');

  await talentPage.goto('/notifications');
  await expect(talentPage.getByRole('link', { name: /vous avez été choisi comme gagnant du concours « Atelier Axe »/ })).toBeVisible();
  await check(talentPage, 'notifications');
  await talentPage.getByRole('link', { name: /vous avez été choisi comme gagnant du concours « Atelier Axe »/ }).click();
  await expect(talentPage.getByRole('heading', { level: 1, name: 'Demande de Logo · Atelier Axe' })).toBeVisible();
  await talentPage.getByRole('button', { name: 'Envoi des fichiers finaux' }).click();
  const finals = talentPage.getByRole('dialog', { name: 'Envoyer les fichiers finaux' });
  const finalChooser = talentPage.waitForEvent('filechooser');
  await finals.getByLabel('Glissez vos fichiers finaux ici ou cliquez pour les choisir', { exact: true }).first().click();
  await (await finalChooser).setFiles([pngFile('final.png', [10, 20, 60], [40, 70, 140]), pdfFile('guide.pdf', 'Atelier Axe - guide')]);
  await expect(finals.getByRole('list', { name: 'Fichiers finaux' }).getByText('Le fichier a bien été ajouté')).toHaveCount(2);
  await check(talentPage, 'envoi des fichiers finaux');
  await finals.getByRole('button', { name: 'Terminer' }).click();
  await expect(finals).toBeHidden();
  await talentPage.getByRole('tab', { name: /^Fichiers/ }).click();
  await expect(talentPage.getByRole('region', { name: 'Fichiers de participation' })).toBeVisible();
  await check(talentPage, 'conversation, onglet des fichiers');

  await page.reload();
  await page.getByRole('button', { name: 'Validation des fichiers finaux' }).click();
  const validate = page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir valider les fichiers finaux ?' });
  await expect(validate.getByText('2 fichiers finaux reçus')).toBeVisible();
  await check(page, 'valider les fichiers finaux');
  await validate.getByRole('button', { name: 'Valider les fichiers finaux' }).click();
  await expect(validate).toBeHidden();
  await expect(page.getByRole('link', { name: 'Concours terminé' })).toBeVisible();

  await talentPage.goto('/mon-profil/informations-personnelles');
  const wallet = talentPage.getByRole('region', { name: 'Mon porte-monnaie' });
  await expect(wallet.getByTestId('wallet-balance')).toHaveText(/^1\s200\s€$/);
  await check(talentPage, 'profil et porte-monnaie');
  await wallet.getByRole('button', { name: 'Coordonnées bancaires' }).click();
  const bankDetails = talentPage.getByRole('dialog', { name: 'Coordonnées bancaires' });
  await bankDetails.getByRole('textbox', { name: 'Nom & prénom du titulaire' }).fill('Hugo Bernard');
  await bankDetails.getByRole('textbox', { name: 'IBAN' }).fill(TEST_IBAN);
  await expect(bankDetails.getByLabel('IBAN valide')).toBeVisible();
  await check(talentPage, 'coordonnées bancaires');
  await bankDetails.getByRole('button', { name: 'Valider' }).click();
  await expect(bankDetails).toBeHidden();
  await wallet.getByRole('button', { name: 'Transférer' }).click();
  const transfer = talentPage.getByRole('dialog', { name: 'Transférer vers votre compte bancaire' });
  await expect(transfer.getByTestId('transfer-amount')).toBeVisible();
  await check(talentPage, 'transfert vers la banque');

  // The conversation as the talent not chosen sees it.
  const rivalPage = await memberPage(rival);
  await rivalPage.goto(`/messages/${rivalProposal}`);
  await expect(rivalPage.getByRole('heading', { level: 1, name: 'Demande de Logo · Atelier Axe' })).toBeVisible();
  await check(rivalPage, 'conversation d’un talent non retenu');
});
