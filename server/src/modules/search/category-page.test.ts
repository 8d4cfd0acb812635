/** The public category pages carry their contests in the HTML itself, for readers without JavaScript. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCategoryBySlug, findSubCategoryBySlug, MESSAGES, SEARCH_PAGE_SIZE } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildUser } from '../../test/factories';

let t: TestApp;
let dist: string;
const audio = findCategoryBySlug('audio')!;
const jingle = findSubCategoryBySlug(audio.id, 'jingle')!.id;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-web-'));
  // The app's real root, with the skeleton it shows members before its code runs.
  const root = /<div id="root">[\s\S]*?<!--\/root-->/.exec(fs.readFileSync(path.join(import.meta.dirname, '../../../../web/index.html'), 'utf8'))![0];
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="fr"><head><meta name="description" content="Créadéfi : lancez un concours." /><title>Créadéfi</title><script type="module" src="/assets/app.js"></script></head><body>${root}</body></html>`,
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
  const organiser = await buildUser(t.ctx);
  await buildContest(t.ctx, organiser, { subCategoryId: jingle, companyName: 'Radio Soleil', message: 'Un jingle joyeux pour la matinale.', costCents: 12_000 });
  await buildContest(t.ctx, organiser, { subCategoryId: jingle, companyName: 'Studio <b>Gras</b> & "Fils"', message: 'Trois notes pour un podcast.' });
  await buildContest(t.ctx, organiser, { subCategoryId: jingle, companyName: 'Radio Fermée', status: 3 });
  await buildContest(t.ctx, organiser, { subCategoryId: 1, companyName: 'Boulangerie Design' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /concours/categorie/:slug', () => {
  it("writes the category's open contests into the app's page, with its title, description and heading", async () => {
    const res = await get('/concours/categorie/audio');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Jingle — Radio Soleil');
    expect(root).toContain('Un jingle joyeux pour la matinale.');
    expect(root).toMatch(/<a href="\/details-concours\/\d+">Jingle — Radio Soleil<\/a>/);
    expect(html).toContain(`<h1>${MESSAGES.search.category.heading('Audio')}</h1>`);
    expect(html).toContain(`<title>${MESSAGES.search.category.title('Audio')}</title>`);
    expect(html).toContain(`<meta name="description" content="${MESSAGES.search.category.description('Audio', 2)}" />`);
    expect(html).not.toContain('Créadéfi : lancez un concours.');
    expect(html).not.toContain('cd-boot');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/concours/categorie/audio" />');
    // The app's own script still loads and takes over.
    expect(html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(html).not.toContain('Radio Fermée');
    expect(html).not.toContain('Boulangerie Design');
    expect(html).toContain('<a href="/concours/categorie/design">Design</a>');
  });

  it('escapes what members wrote', async () => {
    const html = (await get('/concours/categorie/audio')).body;
    expect(html).toContain('Studio &lt;b&gt;Gras&lt;/b&gt; &amp; &quot;Fils&quot;');
    expect(html).not.toContain('<b>Gras</b>');
  });

  it('lets browsers and proxies keep it a minute, and answers 304 to a copy still good', async () => {
    const res = await get('/concours/categorie/audio');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const again = await get('/concours/categorie/audio', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('pages its contests with links search engines follow', async () => {
    const organiser = await buildUser(t.ctx);
    const writing = findCategoryBySlug('ecriture')!;
    const sub = findSubCategoryBySlug(writing.id, 'traduction')!.id;
    for (let i = 0; i < SEARCH_PAGE_SIZE + 1; i++) await buildContest(t.ctx, organiser, { subCategoryId: sub, companyName: `Maison d’édition ${i}` });
    const first = (await get('/concours/categorie/ecriture')).body;
    expect(first).toContain('<a rel="next" href="/concours/categorie/ecriture?page=2">');
    expect(first.match(/<article>/g)).toHaveLength(SEARCH_PAGE_SIZE);
    const second = (await get('/concours/categorie/ecriture?page=2')).body;
    expect(second.match(/<article>/g)).toHaveLength(1);
    expect(second).toContain('<a rel="prev" href="/concours/categorie/ecriture">');
  });

  it('says so for an unknown category, and sends a bad page number to the first page', async () => {
    const missing = await get('/concours/categorie/inconnue');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(MESSAGES.search.unknownCategory);
    for (const page of ['0', 'deux', '1.5', '999']) {
      const res = await get(`/concours/categorie/audio?page=${page}`);
      expect(res.statusCode, page).toBe(301);
      expect(res.headers.location).toBe('/concours/categorie/audio');
    }
  });

  it('says there is nothing yet in an empty category', async () => {
    const html = (await get('/concours/categorie/reseaux-sociaux')).body;
    expect(html).toContain(MESSAGES.search.category.empty);
  });
});
