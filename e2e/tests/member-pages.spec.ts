/**
 * A member's page drawn by the server with their data (server/src/http/member-pages.ts): the
 * app writes the page cookie beside the stored token at its first start; from the next page
 * on, a contest's page arrives with its brief, and its proposals page with its cards, readable
 * before any script, and the app starts from the data that came with them instead of asking
 * for it again.
 */
import { openContest, participateWithFiles, pngFile, readyMember, SUB_CATEGORY, test, expect } from './api-setup';

test('un concours arrive dessiné avec son brief pour le membre, et l’application le reprend sans le redemander', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'dessin-org', { firstName: 'Maëlle', lastName: 'Roux' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Torréfaction Roux' });
  const member = await readyMember(request, 'dessin-tal', { firstName: 'Hugo', lastName: 'Faure' });
  const page = await memberPage(member);
  await page.setViewportSize({ width: 390, height: 844 });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  // First visit: the frame; the app writes the page cookie.
  await page.goto(`/details-concours/${contest}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Torréfaction Roux' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'creadefi_page')?.value).toBe(member.token);

  // The page as the server sends it: the brief is in it, and the data it was drawn with.
  const sent = await page.request.get(`/details-concours/${contest}`);
  expect(sent.headers()['cache-control']).toBe('private, no-store');
  const html = await sent.text();
  expect(html).toContain('data-prerendered="member"');
  expect(html).toMatch(/<h2[^>]*>Torréfaction Roux<\/h2>/);
  expect(html).toContain('<script type="application/json" id="creadefi-page-data">');

  // With the script: neither the profile nor the contest is asked for again.
  const asked: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'member');
  await expect(page.getByRole('heading', { level: 2, name: 'Torréfaction Roux' })).toBeVisible();
  // Taken over: the app asks for what the page did not bring (the bell's count).
  await expect.poll(() => asked.some((p) => p.startsWith('/api/notifications/')), { timeout: 30_000 }).toBe(true);
  expect(asked).not.toContain('/api/user/me');
  expect(asked).not.toContain(`/api/concours/read/${contest}`);
  expect(warnings).toEqual([]);

  // Signed out: the cookie goes with the token, and the next page is the frame again.
  await page.evaluate("localStorage.removeItem('creadefi.token')");
  await page.goto('/faq');
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'creadefi_page')).toBe(false);
});

test('sans script, le brief d’un concours se lit déjà, et rien de la page d’un autre membre', async ({ request, browser, baseURL }) => {
  const organiser = await readyMember(request, 'sans-script-org', { firstName: 'Léna', lastName: 'Blanc' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Atelier Blanc' });
  const member = await readyMember(request, 'sans-script-tal', { firstName: 'Tom', lastName: 'Vidal' });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    await context.addCookies([{ name: 'creadefi_page', value: member.token, url: baseURL! }]);
    const page = await context.newPage();
    await page.goto(`/details-concours/${contest}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Atelier Blanc' })).toBeVisible();
    await expect(page.getByText('Atelier Blanc attend vos propositions')).toBeVisible();
    // A cookie that is no session: the frame, as for anyone.
    await context.clearCookies();
    await context.addCookies([{ name: 'creadefi_page', value: 'x'.repeat(43), url: baseURL! }]);
    await page.goto(`/details-concours/${contest}`);
    await expect(page.getByRole('status', { name: 'Chargement du concours' })).toBeVisible();
    await expect(page.locator('#root')).not.toContainText('Atelier Blanc');
  } finally {
    await context.close();
  }
});

test('les propositions arrivent dessinées pour leur organisateur, cartes comprises', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'cartes-org', { firstName: 'Agathe', lastName: 'Morel' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Brasserie Morel' });
  const talent = await readyMember(request, 'cartes-tal', { firstName: 'Rémi', lastName: 'Caron' });
  await participateWithFiles(request, talent, contest, [pngFile('logo-brasserie.png', [200, 120, 40], [40, 20, 10])]);
  const page = await memberPage(organiser);
  await page.goto(`/participations/${contest}`);
  await expect(page.getByText(talent.pseudo)).toBeVisible({ timeout: 30_000 });

  const html = await (await page.request.get(`/participations/${contest}`)).text();
  expect(html).toContain('data-prerendered="member"');
  expect(html).toContain(talent.pseudo);

  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'member');
  await expect(page.getByText(talent.pseudo)).toBeVisible();
  // Taken over: the app asks for what the page did not bring (the bell's count).
  await expect.poll(() => asked.some((p) => p.startsWith('/api/notifications/')), { timeout: 30_000 }).toBe(true);
  expect(asked).not.toContain(`/api/concours/${contest}/participations`);
  expect(asked).not.toContain(`/api/concours/read/${contest}`);
  // The polls and the way out are drawn with the page too.
  expect(asked).not.toContain(`/api/concours/${contest}/polls`);
  expect(asked).not.toContain(`/api/concours/${contest}/way-out`);
});

test('un bouton touché avant que l’application ne reprenne la page répond dès qu’elle l’a reprise, une seule fois', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'tot-org', { firstName: 'Lucie', lastName: 'Perrin' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Fromagerie Perrin' });
  const talent = await readyMember(request, 'tot-tal', { firstName: 'Noé', lastName: 'Garnier' });
  const page = await memberPage(talent);
  await page.goto(`/details-concours/${contest}`);
  const participate = page.getByRole('button', { name: 'Participer', exact: true });
  await expect(participate).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'creadefi_page')).toBe(true);

  // Whether React had the page when the tap came (the test must tap before it does).
  await page.addInitScript({
    content: `window.addEventListener('click', () => {
      const root = document.getElementById('root');
      document.documentElement.dataset.tappedBeforeTakeover = String(!!root && !Object.keys(root).some((key) => key.startsWith('__reactContainer')));
    }, { capture: true, once: true });`,
  });
  // A slow phone: the drawn page is on screen a long while before the app can answer it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.reload({ waitUntil: 'commit' });
  await participate.click({ noWaitAfter: true });
  await participate.click({ noWaitAfter: true });
  await expect(page.locator('html')).toHaveAttribute('data-tapped-before-takeover', 'true');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('dialog', { name: /^Engagement du participant/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

/** Marks, before any script runs, the elements `selector` finds in the drawn page. */
const markDrawn = (selector: string) => ({
  content: `document.addEventListener('DOMContentLoaded', () => {
    for (const element of document.querySelectorAll(${JSON.stringify(selector)})) element.dataset.drawnNode = '';
    window.__drawnNodes = [...document.querySelectorAll(${JSON.stringify(selector)})];
    window.__drawnIds = [...document.querySelectorAll('#root [id]')].map((element) => [element, element.id]);
  });`,
});
/** Whether the drawn page's elements kept their ids (its fields' and labels' among them) once the app had it. */
const drawnIdsKept = `(() => { const ids = window.__drawnIds ?? []; return ids.length > 0 && ids.every(([element, id]) => element.id === id); })()`;
/** Whether every element marked by markDrawn is still in the page: React took them over rather than drawing them again. */
const drawnNodesKept = `(() => { const nodes = window.__drawnNodes ?? []; return nodes.length > 0 && nodes.every((node) => node.isConnected); })()`;

test('la liste des concours arrive dessinée avec ses cartes, et l’application reprend la page telle quelle', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'liste-org', { firstName: 'Inès', lastName: 'Marchand' });
  await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Cidrerie Marchand', message: 'Une cidrerie artisanale du pays d’Auge cherche un logo qui raconte ses vergers, ses pressoirs et ses fêtes de village, pour ses bouteilles et son site.' });
  const talent = await readyMember(request, 'liste-tal', { firstName: 'Yanis', lastName: 'Lemoine' });
  const page = await memberPage(talent);
  // A phone: its cards show the shorter excerpt, which the server draws too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/concours/all');
  await expect(page.getByRole('article', { name: /Cidrerie Marchand/ })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'creadefi_page')).toBe(true);

  // The listing asks for its cards with a POST, which the server makes as the member to draw them.
  const html = await (await page.request.get('/concours/all')).text();
  expect(html).toContain('data-prerendered="member"');
  expect(html).toContain('aria-label="Logo — Cidrerie Marchand"');

  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.addInitScript(markDrawn('#root main article, #root main h1, #root main h2'));
  await page.reload();
  const card = page.getByRole('article', { name: /Cidrerie Marchand/ });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Une cidrerie artisanale du pays d’Auge cherche un logo qui raconte ses vergers, ses presso…$/)).toBeVisible();
  await expect.poll(() => asked.some((p) => p.startsWith('/api/notifications/')), { timeout: 30_000 }).toBe(true);
  expect(asked).not.toContain('/api/concours/orderBy/any');
  // The drawn cards are the page's own: a difference between the drawing and the app's first
  // screen would have made React throw them away and draw them again. Nor are the search field's
  // and its label's ids written again (web/scripts/stable-mantine-ids.ts).
  expect(await page.evaluate(drawnNodesKept)).toBe(true);
  expect(await page.evaluate(drawnIdsKept)).toBe(true);
});

test('la page d’un concours arrive dessinée avec la participation du membre, reprise telle quelle', async ({ request, memberPage }) => {
  const organiser = await readyMember(request, 'ma-part-org', { firstName: 'Olivia', lastName: 'Renard' });
  const contest = await openContest(request, organiser, { idSubCategory: SUB_CATEGORY.logo, cost: 60_000, companyName: 'Savonnerie Renard' });
  const talent = await readyMember(request, 'ma-part-tal', { firstName: 'Enzo', lastName: 'Collin' });
  await participateWithFiles(request, talent, contest, [pngFile('savon.png', [90, 160, 120], [20, 60, 40])]);
  const page = await memberPage(talent);
  await page.goto(`/details-concours/${contest}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Savonnerie Renard' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'creadefi_page')).toBe(true);

  // The member's own participation is drawn with the page, not left for the app to draw.
  const html = await (await page.request.get(`/details-concours/${contest}`)).text();
  expect(html).toContain('aria-labelledby="my-participation"');
  expect(html).toContain('savon.png');
  expect(html).not.toContain('<template');

  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.addInitScript(markDrawn('#root main section, #root main h2'));
  await page.reload();
  await expect(page.getByText('savon.png', { exact: true })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'member');
  await expect.poll(() => asked.some((p) => p.startsWith('/api/notifications/')), { timeout: 30_000 }).toBe(true);
  expect(await page.evaluate(drawnNodesKept)).toBe(true);
});
