/**
 * A visitor becomes a member (docs/product.md §8 and §11): landing, sign-in modal,
 * registration, e-mail verification through the link mailed, the refusals a person meets on
 * the way (unverified account, wrong password), sign-in, signed-in home, sign-out.
 */
import { readyMember, signInPage } from './api-setup';
import { expect, keepScreenshot, linkMailedTo, test, uniqueMember } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: DESKTOP });

test('un visiteur s’inscrit, vérifie son adresse, se connecte puis se déconnecte', async ({ page, request }) => {
  // One long journey on purpose: each step starts where a person would be after the last one.
  test.setTimeout(180_000);
  const member = uniqueMember('parcours');
  const header = page.getByRole('banner');
  const landingHeadline = page.getByRole('heading', { level: 1, name: /Besoin d['’]un/ });

  await test.step('la page d’accueil d’un visiteur', async () => {
    await page.goto('/');
    await expect(landingHeadline).toBeVisible();
    await expect(header.getByRole('button', { name: 'Connexion' })).toBeVisible();
    await expect(header.getByRole('link', { name: "S'inscrire" })).toBeVisible();
    await keepScreenshot(page, 'accueil-visiteur-bureau');
    await page.setViewportSize(PHONE);
    await expect(landingHeadline).toBeVisible();
    await keepScreenshot(page, 'accueil-visiteur-390');
    await page.setViewportSize(DESKTOP);
  });

  await test.step('la fenêtre de connexion, ses deux modes et ses champs en erreur', async () => {
    await header.getByRole('button', { name: 'Connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Pas encore membre ? Inscrivez-vous' })).toBeVisible();
    await keepScreenshot(page, 'connexion-fenetre');

    await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect(dialog.getByLabel('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText("L'adresse e-mail n'est pas valide.")).toBeVisible();

    await dialog.getByRole('button', { name: 'Oublié ?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Réinitialiser le mot de passe' });
    await expect(forgot.getByRole('button', { name: 'Réinitialiser' })).toBeVisible();
    await expect(forgot.getByLabel('Mot de passe')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(forgot).toBeHidden();
  });

  await test.step('l’inscription', async () => {
    await header.getByRole('link', { name: "S'inscrire" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Inscrivez-vous maintenant !' })).toBeVisible();
    await page.getByLabel('Adresse e-mail').fill(member.email);
    await page.getByLabel('Pseudo').fill(member.pseudo);
    await page.getByLabel(/^Mot de passe/).fill(member.password);
    await page.getByLabel('Confirmation du mot de passe').fill(member.password);
    await keepScreenshot(page, 'inscription');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'inscription-390', { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.getByRole('main').getByRole('button', { name: "S'inscrire" }).click();
    // The CGU are not ticked yet: the form says so and stays.
    await expect(page.getByText("Les CGU n'ont pas été acceptées !")).toBeVisible();
    await page.getByRole('checkbox', { name: /J'accepte les conditions générales/ }).check();
    await page.getByRole('main').getByRole('button', { name: "S'inscrire" }).click();

    await expect(page).toHaveURL(/\/signup\/success$/);
    await expect(page.getByRole('heading', { name: 'Inscription réussie' })).toBeVisible();
    await expect(page.getByText('Votre compte a bien été créé !', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: "Page d'accueil", exact: true })).toBeVisible();
    await keepScreenshot(page, 'inscription-reussie');
  });

  await test.step('un compte non vérifié ne peut pas se connecter et peut redemander le lien', async () => {
    await page.getByRole('main').getByRole('link', { name: "Page d'accueil", exact: true }).click();
    await header.getByRole('button', { name: 'Connexion' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await dialog.getByLabel('Adresse e-mail').fill(member.email);
    await dialog.getByLabel('Mot de passe').fill(member.password);
    await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect(dialog.getByText("Votre adresse e-mail n'a pas encore été vérifiée.", { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Renvoyer le lien' }).click();
    await expect(dialog.getByText('un nouveau lien de vérification vient de lui être envoyé', { exact: false })).toBeVisible();
    await keepScreenshot(page, 'connexion-compte-non-verifie');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('le lien reçu par e-mail vérifie l’adresse', async () => {
    const link = await linkMailedTo(request, member.email, /Confirmez votre adresse e-mail/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Vérification réussie !' })).toBeVisible();
    await keepScreenshot(page, 'verification-reussie');
  });

  await test.step('un mauvais mot de passe s’affiche dans le bandeau rouge', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Se connecter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await dialog.getByLabel('Adresse e-mail').fill(member.email);
    await dialog.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
    await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' })).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  await test.step('la connexion mène à l’accueil des membres', async () => {
    const dialog = page.getByRole('dialog', { name: 'Connexion' });
    await dialog.getByLabel('Mot de passe').fill(member.password);
    await dialog.getByRole('button', { name: 'Connexion', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Prêt à relever le défi ?' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Organiser un concours' })).toBeVisible();
    await expect(header.getByRole('button', { name: `Mon compte, ${member.pseudo}` })).toBeVisible();

    // A new member meets the tutorial first (docs/product.md §11); closing it leaves it for this visit.
    const tutorial = page.getByRole('dialog', { name: 'Choisissez un concours' });
    await expect(tutorial).toBeVisible();
    await keepScreenshot(page, 'accueil-membre-tutoriel');
    await page.keyboard.press('Escape');
    await expect(tutorial).toBeHidden();
    await keepScreenshot(page, 'accueil-membre');
  });

  await test.step('la déconnexion ramène à la page d’accueil des visiteurs', async () => {
    const signOut = page.getByRole('menuitem', { name: 'Déconnexion' });
    // On a loaded machine the first click can land while the closing tutorial still hands the
    // focus back, which closes the menu at once: a person clicks again, and so does the journey.
    await expect(async () => {
      if (!(await signOut.isVisible())) await header.getByRole('button', { name: `Mon compte, ${member.pseudo}` }).click();
      await expect(signOut).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await signOut.click();
    await expect(landingHeadline).toBeVisible();
    await expect(header.getByRole('button', { name: 'Connexion' })).toBeVisible();
    // The token is gone from the browser, not only hidden by the screen.
    const origin = new URL(page.url()).origin;
    const stored = (await page.context().storageState()).origins.find((o) => o.origin === origin)?.localStorage ?? [];
    expect(stored.find((item) => item.name === 'creadefi.token')).toBeUndefined();
  });
});

test('une page réservée aux membres renvoie un visiteur à l’accueil', async ({ page }) => {
  await page.goto('/concours/design');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /Besoin d['’]un/ })).toBeVisible();
});

test('un membre qui recharge la page pendant le chargement de son profil reste connecté', async ({ page, request }) => {
  const member = await readyMember(request, 'recharge', { firstName: 'Inès', lastName: 'Morel' });
  await signInPage(page, member);
  // A slower network keeps the profile's request running when the page is reloaded: the
  // browser cancels it, and that is no failure to load the profile. The moment the request is
  // cut varies with the machine: several latencies and pauses are tried.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  for (const [latency, pause] of [[100, 0], [100, 30], [200, 0], [200, 80], [50, 0], [300, 150]] as const) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
    const profileAsked = page.waitForRequest('**/api/user/me');
    await page.goto('/mon-profil/statut', { waitUntil: 'commit' });
    await profileAsked;
    await page.waitForTimeout(pause);
    await page.reload({ waitUntil: 'commit' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByRole('heading', { level: 1, name: 'Mes coordonnées' })).toBeVisible();
    await expect(page).toHaveURL(/\/mon-profil\/statut$/);
    expect(await page.evaluate("localStorage.getItem('creadefi.token')"), `latence ${latency} ms, pause ${pause} ms`).toBe(member.token);
  }
});
