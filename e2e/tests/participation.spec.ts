/**
 * Participation and judging (docs/product.md §2, §5 and §11): a talent takes part in an open logo contest
 * through the chain of dialogs and sends two PNG proposals, and writes a slogan for a text
 * contest; the organiser rates the proposals, filters them by stars, chooses the talent as
 * winner and finalises; both then see the contest's new status. Members and paid contests
 * are set up through the API; every step of the journey is a click in one of two browsers,
 * the organiser's and the talent's.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, openContest, participateWithFiles, pngFile, readyMember, SANDBOX_CARD, signInPage, SUB_CATEGORY, test } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

const COMPANY = 'Brûlerie des Canuts';
const SLOGAN_COMPANY = 'Maison Lumen';
const SLOGAN = 'Lumen, la lumière qui réveille vos matins.';

/** The filter pills of the proposals page read "<label><count>". */
function filterPill(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: 'Filtrer les propositions' }).getByRole('button', { name: new RegExp(`^${label}`) });
}

/** A person clicks the star itself: the radio it stands for is hidden behind it. */
async function rate(card: Locator, stars: string) {
  const id = await card.getByRole('radio', { name: stars }).getAttribute('id');
  await card.locator(`label[for="${id}"]`).click();
}

function proposalCard(page: Page, pseudo: string): Locator {
  return page.getByRole('article', { name: new RegExp(`^Proposition #\\d+ de ${pseudo}$`) });
}

test('un talent envoie ses propositions, l’organisateur les note, choisit son gagnant et finalise', async ({ page, request, memberPage }) => {
  // Three members and a paid contest are set up first, then two browsers take turns.
  test.setTimeout(120_000);

  const organiser = await readyMember(request, 'orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'talent', { firstName: 'Hugo', lastName: 'Bernard' });
  const rival = await readyMember(request, 'rival', { firstName: 'Inès', lastName: 'Moreau' });
  const logoContest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: COMPANY });
  // Another talent's proposal, so that the organiser has notes to compare and filter.
  await participateWithFiles(request, rival, logoContest, [pngFile('proposition-rivale.png', [40, 90, 160], [120, 200, 230])]);

  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);

  await test.step('le talent découvre le concours de logo et ce qu’il rapporte', async () => {
    await talentPage.goto(`/details-concours/${logoContest}`);
    await expect(talentPage.getByRole('heading', { level: 1, name: 'Prêt à relever le défi ?' })).toBeVisible();
    await expect(talentPage.getByRole('heading', { level: 2, name: COMPANY })).toBeVisible();
    // The gain is the prize minus 20 %, in euros the French way.
    await expect(talentPage.getByText(/^1\s200\s€$/)).toBeVisible();
    await expect(talentPage.getByText('PNG ou JPEG puis fichier source')).toBeVisible();
    await expect(talentPage.getByText('En cours', { exact: true })).toBeVisible();
    await expect(talentPage.getByText('Vous n’avez pas encore participé à ce concours.')).toBeVisible();
    await keepScreenshot(talentPage, 'participation-details-concours');
  });

  await test.step('les engagements du participant puis ceux de l’organisateur', async () => {
    await talentPage.getByRole('button', { name: 'Participer', exact: true }).click();
    const commitment = talentPage.getByRole('dialog', { name: /^Engagement du participant/ });
    await expect(commitment).toBeVisible();
    await expect(commitment.getByText('Étape 1 sur 3', { exact: true })).toBeVisible();
    // Without the commitment ticked the dialog says so and stays.
    await commitment.getByRole('button', { name: 'Continuer' }).click();
    await expect(commitment.getByText('Vous devez accepter les conditions pour continuer !')).toBeVisible();
    await keepScreenshot(talentPage, 'participation-engagement-refuse');
    await commitment.getByRole('checkbox', { name: 'Vous vous engagez à réaliser toutes les demandes ci-dessus' }).check();
    await commitment.getByRole('button', { name: 'Continuer' }).click();

    const prerequisites = talentPage.getByRole('dialog', { name: /^Engagement de l’organisateur/ });
    await expect(prerequisites.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();
    await keepScreenshot(talentPage, 'participation-engagement-organisateur');
    await prerequisites.getByRole('button', { name: 'Continuer' }).click();
  });

  await test.step('le talent envoie deux PNG dans la fenêtre d’envoi', async () => {
    const upload = talentPage.getByRole('dialog', { name: /^Envoyez vos propositions/ });
    await expect(upload.getByText('Format PNG ou JPEG', { exact: false })).toBeVisible();
    const chooser = talentPage.waitForEvent('filechooser');
    await expect(upload.getByText('Glissez vos fichiers ici ou cliquez pour les choisir')).toBeVisible();
    await upload.getByLabel('Déposer vos fichiers', { exact: true }).click();
    await (await chooser).setFiles([pngFile('logo-canuts-soleil.png', [253, 127, 85], [252, 81, 101]), pngFile('logo-canuts-grain.png', [90, 60, 40], [200, 150, 90])]);

    const sent = upload.getByRole('list', { name: 'Fichiers envoyés' });
    await expect(sent.getByRole('listitem')).toHaveCount(2);
    await expect(sent.getByText('Le fichier a bien été ajouté')).toHaveCount(2);
    await expect(sent.getByText('logo-canuts-soleil.png', { exact: true })).toBeVisible();
    await keepScreenshot(talentPage, 'participation-envoi-fichiers');
    await upload.getByRole('button', { name: 'Terminer' }).click();

    const success = talentPage.getByRole('dialog', { name: 'Participation envoyée' });
    await expect(success.getByText('Votre participation a bien été ajoutée au concours !')).toBeVisible();
    await keepScreenshot(talentPage, 'participation-envoyee');
    await success.getByRole('link', { name: 'Retour au concours' }).click();
    await expect(success).toBeHidden();
  });

  await test.step('la page du concours montre la participation du talent', async () => {
    const mine = talentPage.getByRole('region', { name: 'Votre participation' });
    await expect(mine.getByText('logo-canuts-soleil.png', { exact: true })).toBeVisible();
    await expect(mine.getByText('logo-canuts-grain.png', { exact: true })).toBeVisible();
    await expect(talentPage.getByText('Vous participez', { exact: true })).toBeVisible();
    await expect(talentPage.getByText('2 participations', { exact: true })).toBeVisible();
    await talentPage.setViewportSize(PHONE);
    await mine.scrollIntoViewIfNeeded();
    await keepScreenshot(talentPage, 'participation-details-concours-390');
    await talentPage.setViewportSize(DESKTOP);
  });

  await test.step('l’organisateur découvre les propositions de son concours de logo', async () => {
    await page.goto(`/participations/${logoContest}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes propositions' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Aucune participation validée pour le moment' })).toBeVisible();
    await expect(page.getByText('2 participations', { exact: true })).toBeVisible();
    // The winners filter means nothing while the contest runs.
    await expect(filterPill(page, 'Les gagnants')).toHaveCount(0);
    await expect(filterPill(page, 'Non notés')).toHaveText(/Non notés\s*2/);
    const card = proposalCard(page, talent.pseudo);
    await expect(card.getByText('2 fichiers', { exact: true })).toBeVisible();
    await expect(proposalCard(page, rival.pseudo)).toBeVisible();
    await keepScreenshot(page, 'propositions-organisateur');

    // Enlarged, the proposal shows both of its files.
    await card.getByRole('button', { name: /^Agrandir la proposition/ }).click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`^Proposition #\\d+ · ${talent.pseudo}`) });
    const strip = viewer.getByRole('list', { name: 'Fichiers de la proposition' });
    await expect(strip.getByRole('listitem')).toHaveCount(2);
    const second = strip.getByRole('listitem', { name: 'Afficher logo-canuts-grain.png' });
    await second.click();
    await expect(second).toHaveAttribute('aria-current', 'true');
    await expect(viewer.getByText(/^logo-canuts-grain\.png\s+\d/)).toBeVisible();
    await keepScreenshot(page, 'propositions-agrandie');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  await test.step('l’organisateur note les propositions et les filtre par étoiles', async () => {
    const card = proposalCard(page, talent.pseudo);
    const rivalCard = proposalCard(page, rival.pseudo);
    await rate(card, '4 étoiles');
    await expect(page.getByText('La note a bien été enregistrée').first()).toBeVisible();
    await expect(card.getByRole('radio', { name: '4 étoiles' })).toBeChecked();
    await rate(rivalCard, '2 étoiles');
    await expect(rivalCard.getByRole('radio', { name: '2 étoiles' })).toBeChecked();
    await expect(filterPill(page, 'Non notés')).toHaveText(/Non notés\s*0/);

    await filterPill(page, '3-5 étoiles').click();
    await expect(filterPill(page, '3-5 étoiles')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/filtre=high/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card).toBeVisible();
    await keepScreenshot(page, 'propositions-filtre-3-5-etoiles');

    await filterPill(page, '1-2 étoiles').click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(rivalCard).toBeVisible();

    await filterPill(page, 'Non notés').click();
    await expect(page.getByText('Aucune participation pour le moment')).toBeVisible();
    await page.getByRole('button', { name: 'Voir toutes les propositions' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  await test.step('l’organisateur choisit le talent comme gagnant', async () => {
    const card = proposalCard(page, talent.pseudo);
    const winners = page.getByRole('region', { name: 'Vos gagnants' });
    await expect(winners.getByText('Aucun gagnant pour le moment')).toBeVisible();
    await expect(winners.getByRole('button', { name: 'Finaliser le concours' })).toBeDisabled();

    // The actions of a proposal show on hover.
    await card.hover();
    await card.getByRole('button', { name: 'Valider comme gagnant' }).click();
    await expect(page.getByText('Le gagnant a bien été ajouté')).toBeVisible();
    await expect(card.getByText('Gagnant', { exact: true })).toBeVisible();
    await expect(winners.getByText(talent.pseudo)).toBeVisible();
    await expect(winners.getByText(/^Votre gagnant reçoit la mise de départ\u00a0: 1\s200\s€\.$/)).toBeVisible();
    await keepScreenshot(page, 'propositions-gagnant-choisi');
  });

  await test.step('l’organisateur finalise le concours après confirmation', async () => {
    const winners = page.getByRole('region', { name: 'Vos gagnants' });
    await winners.getByRole('button', { name: 'Finaliser le concours' }).click();
    const confirm = page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir valider la ou les propositions sélectionnées ?' });
    await expect(confirm.getByText('1 proposition sélectionnée')).toBeVisible();
    await expect(confirm.getByText('plus aucune nouvelle participation n', { exact: false })).toBeVisible();
    await keepScreenshot(page, 'propositions-finaliser-confirmation');
    await confirm.getByRole('button', { name: 'Finaliser le concours' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Le concours est finalisé : vos gagnants ont été prévenus.')).toBeVisible();

    await expect(page.getByRole('status').filter({ hasText: 'Vous avez déjà choisi vos gagnants' })).toBeVisible();
    await expect(filterPill(page, 'Les gagnants')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(proposalCard(page, talent.pseudo)).toBeVisible();
    // Once finalised, winners can no longer be changed nor the contest finalised again.
    await expect(winners.getByRole('button', { name: 'Finaliser le concours' })).toHaveCount(0);
    await expect(winners.getByRole('button', { name: /^Retirer .* des gagnants$/ })).toHaveCount(0);
    await keepScreenshot(page, 'propositions-finalisees');
    // On a phone the pills scroll sideways: the page opens with the chosen one in sight.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(proposalCard(page, talent.pseudo)).toBeVisible();
    await expect(filterPill(page, 'Les gagnants')).toBeInViewport();
    await keepScreenshot(page, 'propositions-finalisees-390');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('le talent voit le nouveau statut du concours et qu’il a gagné', async () => {
    await talentPage.goto(`/details-concours/${logoContest}`);
    await expect(talentPage.getByText('En attente des fichiers finaux', { exact: true })).toBeVisible();
    await expect(talentPage.getByText('Ce concours n\'accepte plus de participations.')).toBeVisible();
    await expect(talentPage.getByRole('button', { name: 'Participer', exact: true })).toBeDisabled();
    // The winner keeps talking with the organiser.
    await expect(talentPage.getByRole('link', { name: 'Envoyer un message' })).toBeVisible();
    await expect(talentPage.getByText('Gagnants', { exact: true })).toBeVisible();
    await keepScreenshot(talentPage, 'participation-concours-finalise-talent');

    await talentPage.getByRole('banner').getByRole('link', { name: /^Notifications/ }).click();
    await expect(talentPage.getByText(`Félicitations, vous avez été choisi comme gagnant du concours « ${COMPANY} » !`)).toBeVisible();
    await keepScreenshot(talentPage, 'participation-notification-gagnant');
  });

});

test('un talent propose un slogan, que l’organisateur lit parmi ses propositions', async ({ page, request, memberPage }) => {
  const organiser = await readyMember(request, 'orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'plume', { firstName: 'Léa', lastName: 'Roux' });
  const sloganContest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.slogan, cost: 20_000, companyName: SLOGAN_COMPANY });
  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);

  await test.step('le talent propose un slogan au concours « Slogan »', async () => {
    await talentPage.goto(`/details-concours/${sloganContest}`);
    await expect(talentPage.getByText(/^160\s€$/)).toBeVisible();
    await expect(talentPage.getByRole('heading', { level: 2, name: SLOGAN_COMPANY })).toBeVisible();
    await expect(talentPage.getByText('Texte puis fichier source', { exact: false })).toBeVisible();
    await talentPage.getByRole('button', { name: 'Participer', exact: true }).click();
    const commitment = talentPage.getByRole('dialog', { name: /^Engagement du participant/ });
    await commitment.getByRole('checkbox', { name: 'Vous vous engagez à réaliser toutes les demandes ci-dessus' }).check();
    await commitment.getByRole('button', { name: 'Continuer' }).click();
    await talentPage.getByRole('dialog', { name: /^Engagement de l’organisateur/ }).getByRole('button', { name: 'Continuer' }).click();

    const text = talentPage.getByRole('dialog', { name: /^Votre proposition/ });
    // An empty text is refused before anything is sent.
    await text.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(text.getByText('Merci d’écrire votre proposition avant de l’enregistrer.')).toBeVisible();
    await text.getByRole('textbox', { name: 'Votre proposition' }).fill(SLOGAN);
    await expect(text.getByText(`${SLOGAN.length} / `, { exact: false })).toBeVisible();
    await talentPage.setViewportSize(PHONE);
    await keepScreenshot(talentPage, 'participation-slogan-390');
    await talentPage.setViewportSize(DESKTOP);
    await text.getByRole('button', { name: 'Enregistrer' }).click();

    const success = talentPage.getByRole('dialog', { name: 'Participation envoyée' });
    await expect(success.getByText('Votre participation a bien été ajoutée au concours !')).toBeVisible();
    await success.getByRole('link', { name: 'Retour au concours' }).click();
    await expect(talentPage.getByRole('region', { name: 'Votre participation' }).getByText(SLOGAN)).toBeVisible();
  });

  await test.step('l’organisateur lit le slogan proposé', async () => {
    await page.goto(`/participations/${sloganContest}`);
    await expect(page.getByText('1 participation', { exact: true })).toBeVisible();
    await expect(proposalCard(page, talent.pseudo).getByText(SLOGAN)).toBeVisible();
  });

});

test('deux gagnants : la récompense supplémentaire s’affiche dès le second, se paie en finalisant, et son paiement finalise le concours', async ({ page, request, memberPage }) => {
  test.setTimeout(150_000);
  const WIDE = { width: 1280, height: 900 };
  await page.setViewportSize(WIDE);

  const organiser = await readyMember(request, 'orga2', { firstName: 'Lucie', lastName: 'Garnier' });
  const first = await readyMember(request, 'gagnant1', { firstName: 'Noé', lastName: 'Petit' });
  const second = await readyMember(request, 'gagnant2', { firstName: 'Jade', lastName: 'Roux' });
  const other = await readyMember(request, 'nonretenu', { firstName: 'Léo', lastName: 'Faure' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 34_500, companyName: 'Atelier Vélin' });
  const firstProposal = await participateWithFiles(request, first, contest, [pngFile('velin-a.png', [200, 80, 60], [250, 180, 120])]);
  await participateWithFiles(request, second, contest, [pngFile('velin-b.png', [40, 120, 90], [150, 220, 180])]);
  const otherProposal = await participateWithFiles(request, other, contest, [pngFile('velin-c.png', [60, 60, 160], [160, 160, 230])]);

  await signInPage(page, organiser);
  await page.goto(`/participations/${contest}`);
  const winners = page.getByRole('region', { name: 'Vos gagnants' });

  await test.step('la note se retire par sa propre commande, pas par un second clic sur l’étoile', async () => {
    const card = proposalCard(page, other.pseudo);
    await rate(card, '3 étoiles');
    await expect(page.getByText('La note a bien été enregistrée')).toBeVisible();
    await rate(card, '3 étoiles');
    await expect(card.getByRole('radio', { name: '3 étoiles' })).toBeChecked();
    await keepScreenshot(page, 'propositions-note-1280');
    await page.setViewportSize(PHONE);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'propositions-note-390');
    await page.setViewportSize(WIDE);
    await card.getByRole('button', { name: /^Retirer la note/ }).click();
    await expect(page.getByText('La note a été retirée')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Retirer la note/ })).toHaveCount(0);
  });

  await test.step('le second gagnant fait apparaître ce qu’il reste à payer', async () => {
    for (const talent of [first, second]) {
      const card = proposalCard(page, talent.pseudo);
      await card.hover();
      await card.getByRole('button', { name: 'Valider comme gagnant' }).click();
      await expect(card.getByText('Gagnant', { exact: true })).toBeVisible();
    }
    await expect(winners.getByText(/^Chaque gagnant reçoit la mise de départ\u00a0: 276\s€\.$/)).toBeVisible();
    await expect(winners.getByText(/^Une récompense supplémentaire à régler pour finaliser\u00a0: 345\s€$/)).toBeVisible();
    await keepScreenshot(page, 'propositions-deux-gagnants-1280');
    await page.setViewportSize(PHONE);
    await winners.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'propositions-deux-gagnants-390');
    await page.setViewportSize(WIDE);
  });

  await test.step('l’organisateur paie la récompense en finalisant, le paiement confirmé finalise le concours', async () => {
    await winners.getByRole('button', { name: 'Finaliser le concours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir valider la ou les propositions sélectionnées ?' });
    await expect(dialog.getByText(/Réglez la récompense supplémentaire \(345\s€\)/)).toBeVisible();
    await keepScreenshot(page, 'propositions-finaliser-paiement-1280');
    const [payment] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: /^Payer 345\s€ et finaliser$/ }).click()]);
    await expect(payment.getByRole('heading', { level: 1, name: 'Paiement sécurisé' })).toBeVisible();
    await expect(dialog.getByText('Réglez le paiement dans l’onglet qui vient de s’ouvrir : le concours sera finalisé dès sa confirmation.')).toBeVisible();
    await payment.getByLabel('Numéro de carte').fill(SANDBOX_CARD);
    await payment.getByLabel("Date d'expiration (MM/AA)").fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
    await payment.getByLabel('Cryptogramme (CVC)').fill('123');
    await payment.getByRole('button', { name: 'Payer' }).click();
    await expect(payment).toHaveURL(/\/confirmation\?idConcours=\d+&transactionId=/);
    const confirmed = payment.getByRole('dialog', { name: 'Votre paiement a bien été reçu, le concours est finalisé !' });
    await expect(confirmed.getByText('Vos gagnants ont été prévenus : échangez avec eux dans vos messages jusqu’à la livraison des fichiers finaux.')).toBeVisible();
    await expect(payment.getByText('De nombreuses participations arriveront rapidement !')).toHaveCount(0);
    await keepScreenshot(payment, 'paiement-recompense-confirme');

    // The first tab learns it by itself (its notice may be gone by now): no second click on « Finaliser ».
    await expect(page.getByRole('status').filter({ hasText: 'Vous avez déjà choisi vos gagnants' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(filterPill(page, 'Les gagnants')).toHaveAttribute('aria-pressed', 'true');
    await expect(winners.getByRole('button', { name: 'Finaliser le concours' })).toHaveCount(0);
  });

  await test.step('un gagnant envoie ses fichiers finaux depuis l’en-tête, le talent non retenu est mené au concours', async () => {
    const winnerPage = await memberPage(first);
    await winnerPage.setViewportSize(WIDE);
    await winnerPage.goto(`/messages/${firstProposal}`);
    await expect(winnerPage.getByRole('button', { name: 'Envoi des fichiers finaux' })).toBeVisible();
    await keepScreenshot(winnerPage, 'conversation-gagnant-1280');
    await winnerPage.setViewportSize(PHONE);
    await keepScreenshot(winnerPage, 'conversation-gagnant-390');

    const otherPage = await memberPage(other);
    await otherPage.setViewportSize(WIDE);
    await otherPage.goto(`/messages/${otherProposal}`);
    await expect(otherPage.getByRole('link', { name: 'Voir le concours' })).toHaveAttribute('href', `/details-concours/${contest}`);
    await expect(otherPage.getByText('Envoi des fichiers finaux')).toHaveCount(0);
    await keepScreenshot(otherPage, 'conversation-non-retenu-1280');
    await otherPage.setViewportSize(PHONE);
    await keepScreenshot(otherPage, 'conversation-non-retenu-390');
  });
});
