/**
 * Talents and organisers finding each other (docs/product.md « Talents »): a talent's public
 * profile with a won work its organiser allowed in the portfolio, the photo the talent sets
 * in « Mon profil », an invitation sent from that profile and received by the talent, and a poll answered by a visitor without an
 * account whose results only the organiser reads. What other journeys test (taking part,
 * choosing a winner, delivering) is set up through the API.
 */
import type { APIRequestContext } from '@playwright/test';
import { chooseWinnerAndFinalise, expect, openContest, participateWithFiles, pngFile, readyMember, signInPage, SUB_CATEGORY, test, type Member } from './api-setup';
import { keepScreenshot, linkMailedTo, uniqueMember } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

async function api<T>(request: APIRequestContext, member: Member, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, { headers: { authorization: `Bearer ${member.token}` }, data });
  const body = (await response.json()) as { results?: T; message?: unknown };
  expect(response.ok(), `${path} : ${response.status()} ${JSON.stringify(body.message)}`).toBe(true);
  return body.results as T;
}

/** A won work: chosen, finalised, its final file sent and validated with the portfolio switch on. */
async function wonWork(request: APIRequestContext, organiser: Member, talent: Member, company: string): Promise<void> {
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: company });
  const idParticipation = await participateWithFiles(request, talent, idConcours, [pngFile('logo-phare.png', [20, 70, 140], [250, 170, 60], { width: 640, height: 480 })]);
  await chooseWinnerAndFinalise(request, organiser, idConcours, idParticipation);
  const final = await request.post('/api/concours/participant/upload/finalFile', {
    headers: { authorization: `Bearer ${talent.token}` },
    multipart: { idParticipation: String(idParticipation), fileFinale: pngFile('logo-final.png', [10, 10, 10], [200, 200, 200]) },
  });
  expect(final.ok(), `fichier final : ${final.status()}`).toBe(true);
  await api(request, organiser, '/concours/winner/final', { idConcours, idParticipation, portfolio: true });
}

test('le profil public d’un talent, sa photo, et l’invitation qu’il reçoit depuis ce profil', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'orga', { firstName: 'Claire', lastName: 'Martin' });
  const talent = await readyMember(request, 'talent', { firstName: 'Inès', lastName: 'Roux' });
  await wonWork(request, organiser, talent, 'Phare du Large');
  await api(request, talent, '/user/talent-profile', { bio: 'Graphiste à Nantes, passionnée de typographie.', categories: [1, 3], isPublic: true });
  // The portfolio shows a won work once its proposal's preview is made, in the background:
  // the profile is opened after that, not while the preview queue is busy.
  await expect
    .poll(async () => {
      const profile = await request.get(`/api/talents/${encodeURIComponent(talent.pseudo)}`);
      return ((await profile.json()) as { results?: { talent?: { portfolio?: unknown[] } } }).results?.talent?.portfolio?.length ?? 0;
    }, { timeout: 30_000 })
    .toBe(1);
  const invitingContest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.slogan, cost: 60_000, companyName: 'Cidrerie Bocage' });

  await signInPage(page, organiser);
  await test.step('l’organisateur ouvre le profil : niveau, victoires, présentation, catégories, portfolio', async () => {
    await page.goto(`/talents/${talent.pseudo}`);
    await expect(page.getByRole('heading', { level: 1, name: talent.pseudo })).toBeVisible();
    await expect(page.getByText('Confirmé', { exact: true })).toBeVisible();
    await expect(page.getByText('victoire', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Membre depuis [a-zéû]+ \d{4}$/)).toBeVisible();
    await expect(page.getByText('Graphiste à Nantes, passionnée de typographie.')).toBeVisible();
    await expect(page.getByRole('main').getByText('Réseaux sociaux', { exact: true })).toBeVisible();
    const work = page.getByRole('img', { name: 'Création gagnante pour Phare du Large' });
    await expect(work).toBeVisible();
    await expect.poll(() => work.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await keepScreenshot(page, 'talent-profil-bureau');
    await page.setViewportSize(PHONE);
    await expect(work).toBeVisible();
    await keepScreenshot(page, 'talent-profil-telephone');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('l’organisateur invite le talent à son concours ouvert', async () => {
    await page.getByRole('button', { name: 'Inviter à un concours' }).click();
    const dialog = page.getByRole('dialog', { name: `Inviter ${talent.pseudo} à un concours` });
    await expect(dialog.getByText('Cidrerie Bocage')).toBeVisible();
    await keepScreenshot(page, 'talent-inviter');
    await dialog.getByRole('button', { name: 'Inviter — Cidrerie Bocage' }).click();
    await expect(page.getByText(`${talent.pseudo} est invité à votre concours.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Invité' })).toBeVisible();
  });

  await test.step('le talent voit l’invitation dans ses notifications et ouvre le concours', async () => {
    const talentPage = await memberPage(talent);
    await talentPage.goto('/notifications');
    const notice = talentPage.getByRole('link', { name: /vous invite à participer à son concours « Cidrerie Bocage »/ });
    await expect(notice).toBeVisible();
    await keepScreenshot(talentPage, 'talent-invitation-notification');
    await notice.click();
    await expect(talentPage).toHaveURL(new RegExp(`/details-concours/${invitingContest}$`));

    // The talent's own settings, in « Mon profil ».
    await talentPage.goto('/mon-profil/informations-personnelles');
    const settings = talentPage.getByRole('region', { name: 'Mon profil de talent' });
    await settings.scrollIntoViewIfNeeded();
    await expect(settings.getByRole('textbox', { name: /^Présentation/ })).toHaveValue('Graphiste à Nantes, passionnée de typographie.');
    await keepScreenshot(talentPage, 'talent-reglages');

    // The talent sets a photo there: it shows at once, then on the public profile.
    await settings.locator('input[type="file"]').setInputFiles(pngFile('portrait.png', [190, 60, 90], [250, 220, 120], { width: 600, height: 400 }));
    await expect(talentPage.getByText('Votre photo est enregistrée.')).toBeVisible();
    const own = settings.getByRole('img', { name: `Photo de ${talent.pseudo}` });
    await expect(own).toHaveAttribute('src', new RegExp(`/api/talents/${talent.pseudo}/avatar\\?v=[0-9a-f]{16}$`));
    await expect.poll(() => own.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(256);
    await expect(settings.getByRole('button', { name: 'Retirer la photo' })).toBeVisible();
    await keepScreenshot(talentPage, 'talent-photo');
    await talentPage.goto(`/talents/${talent.pseudo}`);
    // On the profile itself, and in the header's account button once the session is read.
    const photo = `img[src^="/api/talents/${talent.pseudo}/avatar?v="]`;
    const shown = talentPage.getByRole('main').locator(photo);
    await expect(shown).toBeVisible();
    await expect.poll(() => shown.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(256);
    await expect(talentPage.getByRole('banner').locator(photo)).toBeVisible();
  });

  await test.step('la liste des talents, filtrée par catégorie et niveau, mène au profil', async () => {
    await page.goto('/talents?categorie=3&niveau=confirme');
    const card = page.getByRole('link', { name: new RegExp(talent.pseudo) });
    await expect(card).toBeVisible();
    await expect(card.getByText('Confirmé')).toBeVisible();
    await expect(card.locator(`img[src^="/api/talents/${talent.pseudo}/avatar?v="]`)).toBeVisible();
    await keepScreenshot(page, 'talents-liste');
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: talent.pseudo })).toBeVisible();
  });
});

test('un sondage partagé : un visiteur vote par son adresse e-mail confirmée, l’organisateur lit les résultats et les votes refusés', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'sondeur', { firstName: 'Paul', lastName: 'Morel' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: 'Brasserie Étoile' });
  const colours: [number, number, number][] = [
    [200, 40, 40],
    [40, 160, 80],
    [40, 80, 200],
  ];
  for (const [i, colour] of colours.entries()) {
    const talent = await readyMember(request, `propo${i}`, { firstName: 'Léa', lastName: 'Petit' });
    await participateWithFiles(request, talent, idConcours, [pngFile(`etoile-${i}.png`, colour, [250, 250, 250])]);
  }

  await signInPage(page, organiser);
  let link = '';
  await test.step('l’organisateur crée le sondage depuis ses propositions', async () => {
    await page.goto(`/participations/${idConcours}`);
    await page.getByRole('button', { name: 'Créer un sondage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer un sondage' });
    for (const n of [1, 2, 3]) await dialog.getByRole('checkbox', { name: `Proposition ${n}` }).check();
    await keepScreenshot(page, 'sondage-creation');
    await dialog.getByRole('button', { name: 'Créer un sondage' }).click();
    await expect(dialog.getByText('Le sondage est créé : partagez son lien.')).toBeVisible();
    link = (await dialog.getByTestId('poll-link').textContent())!;
    expect(link).toMatch(/\/sondage\/[A-Za-z0-9_-]{32}$/);
  });

  await test.step('un visiteur vote avec son adresse e-mail ; le vote compte une fois le lien suivi, pas deux', async () => {
    const visitor = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: PHONE });
    const voterPage = await visitor.newPage();
    await voterPage.goto(new URL(link).pathname);
    await expect(voterPage.getByRole('heading', { level: 1, name: 'Sondage : Brasserie Étoile' })).toBeVisible();
    await expect(voterPage.getByRole('img', { name: 'Proposition 2' })).toBeVisible();
    await keepScreenshot(voterPage, 'sondage-visiteur-telephone');
    await voterPage.getByRole('radio', { name: 'Proposition 2' }).check();
    await voterPage.getByLabel('Commentaire (facultatif)').fill('Le vert va bien à une brasserie.');
    const email = uniqueMember('votant').email;
    await voterPage.getByRole('textbox', { name: 'Votre adresse e-mail' }).fill(email);
    await voterPage.getByRole('button', { name: 'Voter' }).click();
    await expect(voterPage.getByText(`Un lien de confirmation a été envoyé à ${email} : votre vote comptera dès que vous l’aurez suivi.`)).toBeVisible();
    const confirmLink = await linkMailedTo(request, email, /^Confirmez votre vote au sondage/);
    await voterPage.goto(new URL(confirmLink).pathname);
    await expect(voterPage.getByText('Merci, votre vote est enregistré !')).toBeVisible();
    await keepScreenshot(voterPage, 'sondage-vote-confirme-telephone');
    // The same link followed again counts nothing, and is counted as refused.
    await voterPage.reload();
    await expect(voterPage.getByText('Ce lien de vote a déjà servi : ce vote n’est pas compté une seconde fois.')).toBeVisible();
    await visitor.close();
  });

  await test.step('l’organisateur lit les résultats ; un visiteur ne les voit pas', async () => {
    const token = new URL(link).pathname.split('/').pop()!;
    expect((await request.get(`/api/polls/${token}/results`)).status()).toBe(401);
    await page.getByRole('link', { name: 'Voir les résultats du sondage' }).click();
    await expect(page.getByRole('heading', { name: /1 vote au total/ })).toBeVisible();
    await expect(page.getByTestId('poll-refused')).toHaveText('1 vote refusé');
    await expect(page.getByText('Le vert va bien à une brasserie.')).toBeVisible();
    await keepScreenshot(page, 'sondage-resultats-bureau');
  });
});
