/**
 * Shared fixtures of the journeys: every page fails its test on a console error (a broken
 * screen often only says so there), and helpers to read the dev outbox and keep screenshots.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * Chromium logs every refused request as a console error. A 4xx from the API is an answer the
 * screen handles (wrong password, unverified account, expired link), not a fault; anything
 * else — a script error, a 5xx, a missing asset — is.
 */
function isExpectedRefusal(message: ConsoleMessage): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && /\/api\//.test(message.location().url);
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() === 'error' && !isExpectedRefusal(message)) errors.push(`${message.text()} (${message.location().url})`);
        });
        watched.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      };
      watch(page);
      // Tabs the site opens (the payment page, then the confirmation) are watched as well.
      page.context().on('page', watch);
      await use(errors);
      expect(errors, 'erreurs dans la console du navigateur').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A screenshot kept in e2e/artifacts/ for a person to look at: what the window shows, unless
 * `fullPage` (a full landing page takes seconds to capture in a GPU-less Chromium).
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Let entrance animations settle so the picture shows the screen as a person sees it.
  await page.waitForTimeout(400);
  // A loaded machine may still be mid-transition (the sticky header sliding in): finish it.
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage, animations: 'disabled' });
}

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  date: string;
  link: string | null;
}

/** The newest link mailed to `to` whose subject matches, waiting for the mail to be written. */
export async function linkMailedTo(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/dev/outbox');
        expect(answer.ok(), 'GET /api/dev/outbox doit exister hors production').toBe(true);
        const { results } = (await answer.json()) as { results: { mails: OutboxMail[] } };
        link = results.mails.find((mail) => mail.to === to && subject.test(mail.subject))?.link ?? null;
        return link;
      },
      { message: `e-mail « ${subject.source} » pour ${to}`, timeout: 30_000 },
    )
    .not.toBeNull();
  return link!;
}

/** A new address and pseudo per run, so journeys never collide with earlier data. */
export function uniqueMember(prefix: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return { email: `${prefix}-${stamp}@example.fr`, pseudo: `${prefix}_${stamp}`.slice(0, 30), password: 'Parcours-2026!' };
}

/**
 * A new member, registered, verified through the link mailed and signed in, on the members'
 * home with the tutorial gone through (so that no later visit opens it again).
 */
export async function signedInMember(page: Page, request: APIRequestContext, prefix: string) {
  const member = uniqueMember(prefix);
  await page.goto('/signup');
  await page.getByLabel('Adresse e-mail').fill(member.email);
  await page.getByLabel('Pseudo').fill(member.pseudo);
  await page.getByLabel(/^Mot de passe/).fill(member.password);
  await page.getByLabel('Confirmation du mot de passe').fill(member.password);
  await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
  await page.getByRole('main').getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByRole('heading', { name: 'Inscription réussie' })).toBeVisible();

  await page.goto(await linkMailedTo(request, member.email, /Confirmez votre adresse e-mail/));
  await expect(page.getByRole('heading', { name: 'Vérification réussie !' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Se connecter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connexion' });
  await dialog.getByLabel('Adresse e-mail').fill(member.email);
  await dialog.getByLabel('Mot de passe').fill(member.password);
  await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Prêt à relever le défi ?' })).toBeVisible();

  const tutorial = page.getByRole('dialog');
  await expect(tutorial).toHaveAccessibleName('Choisissez un concours');
  await tutorial.getByRole('button', { name: 'Suivant' }).click();
  await expect(tutorial).toHaveAccessibleName('Envoyez vos propositions');
  await tutorial.getByRole('button', { name: 'Suivant' }).click();
  await expect(tutorial).toHaveAccessibleName('Soyez choisi et payé');
  await tutorial.getByRole('button', { name: /^C.est parti !$/ }).click();
  await expect(tutorial).toBeHidden();
  await expect(page.getByText('Tutoriel terminé, à vous de jouer !')).toBeVisible();
  return member;
}
