/**
 * The handover of a validated delivery (docs/decisions/0013): once the organiser has validated
 * the final files, the conversation offers the copyright assignment contract; the organiser and
 * the talent each accept it with « J'accepte le contrat » and download it, the organiser their
 * invoice, the talent their payment statement. Up to the validation everything is set up
 * through the API (the delivery journey clicks through it).
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { chooseWinnerAndFinalise, expect, openContest, participateWithFiles, pngFile, readyMember, signInPage, SUB_CATEGORY, test, type Member } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const COMPANY = 'Maison Colibri';

test.use({ viewport: DESKTOP });

async function ok(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string) {
  expect(response.ok(), `${what} : ${response.status()} ${await response.text()}`).toBe(true);
}

async function acceptAndDownload(page: Page, self: 'organiser' | 'talent', other: 'organiser' | 'talent', screenshot: string) {
  const panel = page.getByRole('region', { name: 'Contrat de cession et documents' }).first();
  await expect(panel.getByRole('button', { name: "J'accepte le contrat" })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId(`acceptance-${self}`)).toHaveText(/n'a pas encore accepté le contrat/);
  await keepScreenshot(page, `${screenshot}-avant`);
  await panel.getByRole('button', { name: "J'accepte le contrat" }).click();
  await expect(page.getByText('Votre acceptation du contrat est enregistrée.')).toBeVisible();
  await expect(panel.getByTestId(`acceptance-${self}`)).toHaveText(/a accepté le contrat le \d{2}\/\d{2}\/\d{4}\./);
  await expect(panel.getByRole('button', { name: 'Contrat accepté' })).toBeDisabled();
  await expect(panel.getByTestId(`acceptance-${other}`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Télécharger le contrat (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contrat-de-cession-\d+\.pdf$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await keepScreenshot(page, `${screenshot}-apres`);
  return panel;
}

test('après la validation, l’organisateur et le talent acceptent le contrat de cession et le téléchargent', async ({ page, request, memberPage }) => {
  test.setTimeout(120_000);
  const organiser: Member = await readyMember(request, 'orga', { firstName: 'Élise', lastName: 'Garnier' });
  const talent: Member = await readyMember(request, 'talent', { firstName: 'Noël', lastName: 'Lefèvre' });
  const idConcours = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 150_000, companyName: COMPANY });
  const idParticipation = await participateWithFiles(request, talent, idConcours, [pngFile('colibri-esquisse.png', [30, 90, 60], [250, 200, 90])]);
  await chooseWinnerAndFinalise(request, organiser, idConcours, idParticipation);
  await ok(
    await request.post(`/api/concours/participant/upload/finalFile?idParticipation=${idParticipation}`, {
      headers: { authorization: `Bearer ${talent.token}` },
      multipart: { idParticipation: String(idParticipation), fileFinale: pngFile('colibri-final.png', [20, 60, 40], [240, 190, 80]) },
    }),
    'fichiers finaux',
  );
  await ok(await request.post('/api/concours/winner/final', { headers: { authorization: `Bearer ${organiser.token}` }, data: { idConcours, idParticipation } }), 'validation');

  await signInPage(page, organiser);
  const talentPage = await memberPage(talent);

  await test.step('l’organisateur accepte le contrat et le télécharge, avec sa facture', async () => {
    await page.goto(`/messages/${idParticipation}`);
    const panel = await acceptAndDownload(page, 'organiser', 'talent', 'contrat-organisateur');
    await expect(panel.getByRole('button', { name: 'Télécharger la facture (PDF)' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Télécharger le relevé de paiement (PDF)' })).toHaveCount(0);
  });

  await test.step('le talent voit l’acceptation de l’organisateur, accepte à son tour et télécharge contrat et relevé', async () => {
    await talentPage.goto(`/messages/${idParticipation}`);
    const panel = talentPage.getByRole('region', { name: 'Contrat de cession et documents' }).first();
    await expect(panel.getByTestId('acceptance-organiser')).toHaveText(/L'organisateur a accepté le contrat le/);
    await acceptAndDownload(talentPage, 'talent', 'organiser', 'contrat-talent');
    const downloading = talentPage.waitForEvent('download');
    await panel.getByRole('button', { name: 'Télécharger le relevé de paiement (PDF)' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^releve-de-paiement-\d+\.pdf$/);
    await expect(panel.getByRole('button', { name: 'Télécharger la facture (PDF)' })).toHaveCount(0);
  });

  await test.step('l’organisateur retrouve les deux acceptations, et les documents dans l’onglet des fichiers', async () => {
    await page.reload();
    const panel = page.getByRole('region', { name: 'Contrat de cession et documents' }).first();
    await expect(panel.getByTestId('acceptance-talent')).toHaveText(/Le talent a accepté le contrat le/);
    await page.getByRole('tab', { name: /^Fichiers/ }).click();
    await expect(page.getByTestId('handover-files').getByRole('button', { name: 'Télécharger le contrat (PDF)' })).toBeVisible();
    await keepScreenshot(page, 'contrat-fichiers-organisateur');
  });

  await test.step('chacun retrouve le contrat dans Mes concours et le télécharge', async () => {
    const label = `Télécharger le contrat de cession de la participation n° ${idParticipation} (PDF)`;
    await page.goto('/mon-profil/mes-concours');
    let downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: label }).first().click();
    expect((await downloading).suggestedFilename()).toBe(`contrat-de-cession-${idParticipation}.pdf`);
    await keepScreenshot(page, 'contrat-mes-concours-organisateur');
    await talentPage.goto('/mon-profil/mes-concours?onglet=participant');
    downloading = talentPage.waitForEvent('download');
    await talentPage.getByRole('button', { name: label }).first().click();
    expect((await downloading).suggestedFilename()).toBe(`contrat-de-cession-${idParticipation}.pdf`);
  });

  await test.step('sur un téléphone, le talent voit son contrat accepté', async () => {
    await talentPage.goto(`/messages/${idParticipation}`);
    await talentPage.setViewportSize(PHONE);
    await talentPage.reload();
    await expect(talentPage.getByRole('region', { name: 'Contrat de cession et documents' }).first().getByRole('button', { name: 'Contrat accepté' })).toBeVisible();
    await keepScreenshot(talentPage, 'contrat-talent-390');
  });
});
