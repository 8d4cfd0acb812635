/**
 * Marked previews (docs/product.md §6, « Aperçus protégés »): a talent sends a sound proposal;
 * the organiser first sees « Aperçu en préparation… » on its card, then, once the server has
 * made the preview, its waveform and a player that plays and moves in the marked extract. An
 * image proposal is shown enlarged from its marked preview. Members and paid contests are set
 * up through the API.
 */
import { expect, openContest, participateWithFiles, pngFile, readyMember, signInPage, test, type UploadFile } from './api-setup';
import { keepScreenshot } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const JINGLE = 52;
const LOGO = 1;

test.use({ viewport: DESKTOP });

/**
 * A WAV of `seconds` seconds, 16 kHz mono: a melody of a few notes, long enough for its
 * preview (made in WebAssembly) to take the few seconds the organiser sees it in preparation.
 */
function wavFile(name: string, seconds: number, variant = 0): UploadFile {
  const rate = 16_000;
  const samples = rate * seconds;
  const data = Buffer.alloc(samples * 2);
  // Another attempt sends other bytes: the same file sent twice is refused as a copy.
  const notes = [262, 330, 392, 523].map((hz) => hz + variant);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const note = notes[Math.floor(t * 2) % notes.length]!;
    const swell = 0.3 + 0.7 * Math.abs(Math.sin(t * 0.7));
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * note * t) * 12_000 * swell), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return { name, mimeType: 'audio/wav', buffer: Buffer.concat([header, data]) };
}

test('l’organisateur écoute une proposition sonore filigranée, après « aperçu en préparation », et voit une image filigranée', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const organiser = await readyMember(request, 'orga', { firstName: 'Léa', lastName: 'Garnier' });
  const talent = await readyMember(request, 'talent', { firstName: 'Noé', lastName: 'Fabre' });
  const jingleContest = await openContest(request, organiser, { idSubCategory: JINGLE, cost: 12_000, companyName: 'Radio Canopée' });
  const logoContest = await openContest(request, organiser, { idSubCategory: LOGO, cost: 150_000, companyName: 'Atelier Sorbier' });
  await participateWithFiles(request, talent, logoContest, [pngFile('logo-sorbier.png', [60, 140, 90], [230, 200, 80], { width: 900, height: 600 })]);

  await signInPage(page, organiser);
  // The page is loaded (its empty list shown) before the proposal is sent and only reloaded
  // after: the few seconds the preview takes are not spent loading the page's code, and the
  // reload never cuts the page's first load.
  await page.goto(`/participations/${jingleContest}`);
  await expect(page.getByText('Aucune participation pour le moment')).toBeVisible();
  await participateWithFiles(request, talent, jingleContest, [wavFile('jingle-canopee.wav', 150, testInfo.retry * 7)]);

  const card = page.getByRole('article', { name: /^Proposition #1 de / });
  await test.step('la proposition sonore est d’abord « en préparation »', async () => {
    await page.reload();
    await expect(card.getByText('Aperçu en préparation…')).toBeVisible();
    await keepScreenshot(page, 'apercu-en-preparation');
  });

  await test.step('puis sa forme d’onde, et le lecteur qui joue l’extrait filigrané', async () => {
    // The page looks again by itself every few seconds until the preview is ready.
    await expect(card.getByText('Aperçu en préparation…')).toBeHidden({ timeout: 90_000 });
    await expect(card.getByRole('img', { name: 'jingle-canopee.wav' }).locator('svg rect').first()).toBeVisible();
    await card.getByRole('button', { name: /^Agrandir la proposition/ }).click();
    const viewer = page.getByRole('dialog');
    const seek = viewer.getByRole('slider', { name: 'Position dans l’extrait' });
    await expect(seek).toBeVisible();
    await expect(seek.locator('rect')).toHaveCount(80);
    // The extract's length is known once the sound is loaded: 2:30.
    await expect(viewer.getByText(/^0:00 \/ 2:30$/)).toBeVisible();
    await seek.click({ position: { x: 10, y: 20 } });
    await seek.press('End');
    await expect(viewer.getByText(/^2:30 \/ 2:30$/)).toBeVisible();
    await seek.press('Home');
    await viewer.getByRole('button', { name: /^Écouter/ }).click();
    await expect(viewer.getByRole('button', { name: 'Mettre en pause' })).toBeVisible();
    await keepScreenshot(page, 'apercu-lecteur-son');
    await viewer.getByRole('button', { name: 'Mettre en pause' }).click();
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'apercu-lecteur-son-telephone');
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');
  });

  await test.step('l’image proposée s’ouvre depuis son aperçu filigrané', async () => {
    await page.goto(`/participations/${logoContest}`);
    const logo = page.getByRole('article', { name: /^Proposition #1 de / });
    await expect(logo.getByRole('img', { name: 'logo-sorbier.png' })).toBeVisible({ timeout: 60_000 });
    await logo.getByRole('button', { name: /^Agrandir la proposition/ }).click();
    const enlarged = page.getByRole('dialog').getByRole('img', { name: 'logo-sorbier.png' }).first();
    await expect(enlarged).toBeVisible();
    const size = await enlarged.evaluate((img) => (img as { naturalWidth?: number }).naturalWidth ?? 0);
    // The marked preview, 480 px wide: never the 900 px original.
    expect(size).toBe(480);
    await keepScreenshot(page, 'apercu-image-filigranee');
  });
});
