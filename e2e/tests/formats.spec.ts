/**
 * Contest formats (docs/product.md §3): a private contest chosen in the wizard and paid, whose
 * brief a talent reads only after accepting its agreement; an open contest whose talents see
 * each other's previews; a final round whose finalists the organiser picks once the
 * qualifying period is over. What a journey does not test is set up through the API.
 */
import type { Page } from '@playwright/test';
import { expect, openContest, participateWithFiles, pngFile, readyMember, rewindContest, signInPage, SUB_CATEGORY, test, type Member } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

/** The screen at both widths the product is checked at. */
async function keepBoth(page: Page, name: string) {
  await keepScreenshot(page, name);
  await page.setViewportSize(PHONE);
  await keepScreenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function contestIdsListedFor(page: Page, member: Member): Promise<number[]> {
  const res = await page.request.post('/api/concours/orderBy/any', { headers: { authorization: `Bearer ${member.token}` }, data: { pageSize: 50 } });
  return ((await res.json()) as { results: { concours: { id: number }[] } }).results.concours.map((c) => c.id);
}

test('un concours privé créé dans l’assistant : un talent accepte l’accord de confidentialité et lit le brief', async ({ page, request, memberPage }) => {
  test.setTimeout(150_000);
  const organiser = await readyMember(request, 'prive', { firstName: 'Léa', lastName: 'Fontaine' });
  const talent = await readyMember(request, 'nda', { firstName: 'Hugo', lastName: 'Perrin' });
  const company = `Parfumerie Secrète ${Date.now() % 100_000}`;
  await signInPage(page, organiser);

  let idConcours = 0;
  await test.step('l’assistant : un concours privé, 49 € de plus au minimum, payé', async () => {
    await page.goto('/organiser-concours/etape1');
    await page.getByRole('combobox', { name: 'Rechercher une catégorie' }).fill('log');
    await page.getByRole('option', { name: 'Logo', exact: true }).click();
    const brief: [string, string][] = [
      ['Nom de l’entreprise ou du projet', company],
      ['Votre activité', 'Des parfums de niche composés à Grasse.'],
      ['Votre cible', 'Des amateurs de parfums rares.'],
      ["Le mot de l'organisateur", 'Un logo pour un flacon encore secret.'],
    ];
    for (const [label, value] of brief) await page.getByLabel(label).fill(value);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByTestId('minimum')).toHaveText(/^240\s€$/);
    await page.getByRole('checkbox', { name: /^Concours privé/ }).click();
    await expect(page.getByTestId('minimum')).toHaveText(/^289\s€$/);
    await page.getByRole('region', { name: 'Format du concours' }).scrollIntoViewIfNeeded();
    await keepBoth(page, 'formats-assistant');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page.getByLabel('Prix du concours')).toHaveValue('289');
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales d'utilisation/ }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    const [bank] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Payer' }).click()]);
    const card: [string, string][] = [
      ['Numéro de carte', '4970 1010 0000 0152'],
      ["Date d'expiration (MM/AA)", `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`],
      ['Cryptogramme (CVC)', '123'],
    ];
    for (const [label, value] of card) await bank.getByLabel(label).fill(value);
    await bank.getByRole('button', { name: 'Payer' }).click();
    await expect(bank).toHaveURL(/\/confirmation\?idConcours=\d+/);
    idConcours = Number(new URL(bank.url()).searchParams.get('idConcours'));
    await expect(bank.getByRole('dialog', { name: 'Votre paiement a bien été reçu, votre concours est en ligne !' })).toBeVisible();
  });

  const talentPage = await memberPage(talent);
  await test.step('absent de la liste, une page d’accroche sans le brief pour le talent', async () => {
    expect(await contestIdsListedFor(talentPage, talent)).not.toContain(idConcours);
    await talentPage.goto(`/details-concours/${idConcours}`);
    await expect(talentPage.getByRole('heading', { level: 1, name: /Concours privé/ })).toBeVisible();
    await expect(talentPage.getByText(/je m’engage à ne divulguer à personne/)).toBeVisible();
    await expect(talentPage.getByText(company)).toHaveCount(0);
    await expect(talentPage.getByText('Récompense garantie').first()).toBeVisible();
    await keepBoth(talentPage, 'formats-prive-accroche');
  });

  await test.step('l’accord accepté, le brief s’affiche', async () => {
    await talentPage.getByRole('button', { name: 'J’accepte l’accord de confidentialité' }).click();
    await expect(talentPage.getByRole('heading', { level: 2, name: company })).toBeVisible();
    await expect(talentPage.getByText('Un logo pour un flacon encore secret.')).toBeVisible();
    await expect(talentPage.getByText('Privé', { exact: true })).toBeVisible();
    await keepBoth(talentPage, 'formats-prive-brief');
    // Still never listed, even for a talent who accepted.
    expect(await contestIdsListedFor(talentPage, talent)).not.toContain(idConcours);
  });
});

test('un concours ouvert : un talent voit les aperçus des propositions des autres', async ({ request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser = await readyMember(request, 'ouvert', { firstName: 'Nina', lastName: 'Roux' });
  const first = await readyMember(request, 'premier', { firstName: 'Marc', lastName: 'Blanc' });
  const second = await readyMember(request, 'second', { firstName: 'Alix', lastName: 'Noël' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 50_000, companyName: 'Verrerie Ouverte', proposalsOpen: true });
  await participateWithFiles(request, first, idConcours, [pngFile('verre-bleu.png', [20, 60, 160], [120, 200, 240])]);

  const page = await memberPage(second);
  await page.goto('/concours/all');
  const card = page.getByRole('article', { name: 'Logo — Verrerie Ouverte' });
  await expect(card.getByText('Récompense garantie')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await keepBoth(page, 'formats-carte-garantie');
  await page.goto(`/details-concours/${idConcours}`);
  const gallery = page.getByRole('region', { name: 'Les propositions des autres talents' });
  await expect(gallery.getByRole('img', { name: new RegExp(first.pseudo) })).toBeVisible();
  await expect(page.getByText('Ouvert', { exact: true })).toBeVisible();
  await gallery.scrollIntoViewIfNeeded();
  await keepBoth(page, 'formats-ouvert-apercus');
  // Only the preview travels: the original stays refused to another talent.
  const previews = await page.request.get(`/api/concours/${idConcours}/galerie`, { headers: { authorization: `Bearer ${second.token}` } });
  const fileId = ((await previews.json()) as { results: { proposals: { previews: number[] }[] } }).results.proposals[0]!.previews[0]!;
  expect((await page.request.get(`/api/files/${fileId}`, { headers: { authorization: `Bearer ${second.token}` } })).status()).toBe(403);
});

test('une finale : l’organisateur choisit ses finalistes, seuls admis à la finale', async ({ page, request, memberPage }) => {
  test.setTimeout(150_000);
  const organiser = await readyMember(request, 'finale', { firstName: 'Rose', lastName: 'Caron' });
  const chosen = await readyMember(request, 'finaliste', { firstName: 'Jules', lastName: 'Faure' });
  const other = await readyMember(request, 'recale', { firstName: 'Emma', lastName: 'Brun' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Fromagerie Finale', hasFinalRound: true });
  await participateWithFiles(request, chosen, idConcours, [pngFile('fromage-jaune.png', [230, 190, 40], [250, 240, 200])]);
  const otherEntry = await participateWithFiles(request, other, idConcours, [pngFile('fromage-bleu.png', [40, 80, 160], [220, 230, 250])]);
  // The qualifying period ends.
  await rewindContest(request, idConcours, 7 * 24 + 1);

  await signInPage(page, organiser);
  await test.step('l’organisateur choisit un finaliste et lance la finale', async () => {
    await page.goto(`/participations/${idConcours}`);
    const panel = page.getByRole('region', { name: 'Finalistes' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: new RegExp(`Choisir comme finaliste · .*${chosen.pseudo}`) }).click();
    await expect(panel.getByText(/1 \/ 6 finalistes/)).toBeVisible();
    await keepBoth(page, 'formats-finalistes');
    await panel.getByRole('button', { name: 'Lancer la finale' }).click();
    await expect(page.getByRole('status').filter({ hasText: /La finale est lancée/ }).first()).toBeVisible();
  });

  await test.step('le finaliste est prévenu ; l’autre talent ne peut plus envoyer de proposition', async () => {
    const finalist = await memberPage(chosen);
    await finalist.goto('/notifications');
    await expect(finalist.getByText(/Bravo, vous êtes finaliste du concours «\sFromagerie Finale\s»/)).toBeVisible();
    await keepBoth(finalist, 'formats-finaliste-prevenu');
    const refused = await request.post(`/api/participation/addFile/${otherEntry}`, {
      headers: { authorization: `Bearer ${other.token}` },
      multipart: { idConcours: String(idConcours), fileParticipation: pngFile('encore.png', [10, 10, 10], [90, 90, 90]) },
    });
    expect(refused.status()).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain('La finale est réservée aux finalistes');
  });

  await test.step('la page du concours offre à chacun ce qu’il peut faire : rien à ajouter ni à retirer pour l’autre talent', async () => {
    const left = await memberPage(other);
    await left.goto(`/details-concours/${idConcours}`);
    await expect(left.getByText(/Fromagerie Finale\s+est en finale\s: seuls ses finalistes envoient encore des propositions\./)).toBeVisible();
    await expect(left.getByText('fromage-bleu.png', { exact: true })).toBeVisible();
    await expect(left.getByText(/La finale est réservée aux finalistes/)).toBeVisible();
    await expect(left.getByRole('button', { name: 'Participer' })).toBeDisabled();
    await expect(left.getByRole('button', { name: 'Ajouter des fichiers' })).toHaveCount(0);
    await expect(left.getByRole('button', { name: 'Retirer ma participation' })).toHaveCount(0);
    await expect(left.getByText(/attend vos propositions/)).toHaveCount(0);
    await keepBoth(left, 'formats-finale-non-finaliste');

    const finalist = await memberPage(chosen);
    await finalist.goto(`/details-concours/${idConcours}`);
    await expect(finalist.getByText(/Fromagerie Finale\s+vous a choisi pour sa finale/)).toBeVisible();
    await expect(finalist.getByRole('button', { name: 'Ajouter des fichiers' }).first()).toBeEnabled();
    await finalist.getByRole('button', { name: 'Retirer ma participation' }).click();
    await expect(finalist.getByRole('dialog').getByText(/Vous pourrez participer à nouveau jusqu’à la fin de la finale\./)).toBeVisible();
    await keepBoth(finalist, 'formats-finale-finaliste-retrait');
  });
});
