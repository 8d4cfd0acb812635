import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { loadWebPage } from './web-pages';
import { PRERENDERED_FILE, readPrerenderedPages } from './prerendered-pages';
import { ROUTE_HINTS_FILE } from './route-hints';
import { SCRIPT_LOADER, SCRIPT_LOADER_SOURCE } from './scripts-after-paint';
import { directives } from '../security/csp';
import { CONTEST_SORT_OPTIONS, contestSortSlug, DEFAULT_CONTEST_SORT } from '@creadefi/domain';

const shell = (root: string) => `<!doctype html>\n<html lang="fr">\n  <head>\n    <script type="module" crossorigin src="/assets/index-E.js"></script>\n  </head>\n  <body><div id="root">${root}</div><!--/root--></body>\n</html>\n`;

/** The listing's sort menu as React draws it, in the default order. */
const SORT_MENU = `<select aria-label="Trier les concours">${CONTEST_SORT_OPTIONS.map((o) => `<option value="${o.value}"${o.value === DEFAULT_CONTEST_SORT ? ' selected=""' : ''}>${o.label}</option>`).join('')}</select>`;
const chosenSorts = (html: string) => [...html.matchAll(/<option value="([^"]+)" selected="">/g)].map((m) => m[1]);

/** A built web app whose FAQ and landing were drawn at build time, as web/scripts/prerender.ts writes them. */
function drawnBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), shell('<div class="cd-boot"></div>'));
  fs.mkdirSync(path.join(dist, '.vite', 'prerendered'), { recursive: true });
  const routes = [
    { path: '/', modules: ['/assets/HomePage-H.js'], styles: [] },
    { path: '/faq', modules: ['/assets/FaqPage-F.js'], styles: ['/assets/FaqPage-F.css'] },
    { path: '/concours/:category', modules: ['/assets/ContestListingPage-L.js'], styles: [] },
    { path: '/participations/:id', modules: ['/assets/ProposalsPage-P.js'], styles: [] },
  ];
  fs.writeFileSync(path.join(dist, ROUTE_HINTS_FILE), JSON.stringify({ routes }));
  fs.writeFileSync(path.join(dist, '.vite/prerendered/faq.html'), shell('<h1>Questions fréquentes</h1><p>Tout ce qu’il faut savoir.</p>'));
  fs.writeFileSync(path.join(dist, '.vite/prerendered/home.html'), shell('<h1>Besoin d’un logo ?</h1>'));
  fs.writeFileSync(path.join(dist, '.vite/prerendered/concours-design.html'), shell(`<h1>Concours Design</h1>${SORT_MENU}`));
  fs.writeFileSync(path.join(dist, '.vite/prerendered/propositions.html'), shell('<h1>Mes propositions</h1>'));
  const pages = { '/': '.vite/prerendered/home.html', '/faq': '.vite/prerendered/faq.html', '/concours/design': '.vite/prerendered/concours-design.html', '/participations/:id': '.vite/prerendered/propositions.html' };
  fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages, signingIn: ['/concours/design', '/participations/:id'] }));
  return dist;
}

describe('the pages drawn at build time', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = drawnBuild();
    t = await createTestApp({ env: { WEB_DIST: dist } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('are sent for their addresses, with their text, the route’s hints and the security headers', async () => {
    for (const url of ['/faq', '/faq/', '/faq?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<h1>Questions fréquentes</h1><p>Tout ce qu’il faut savoir.</p>');
      // The entry and the route's code are fetched after the first paint, by the loader the
      // Content-Security-Policy allows by its hash.
      expect(res.body, url).not.toMatch(/<script type="module"|rel="modulepreload"/);
      expect(res.body, url).toContain(`<script data-entry="/assets/index-E.js" data-modules="/assets/FaqPage-F.js" data-fonts="">${SCRIPT_LOADER}</script>`);
      expect(directives(String(res.headers['content-security-policy'])).get('script-src'), url).toEqual(["'self'", SCRIPT_LOADER_SOURCE]);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/')).body).toContain('<h1>Besoin d’un logo ?</h1>');
  });

  it('send a member page’s frame for its address or any address of its pattern, its code waiting for the paint when a member asks', async () => {
    for (const [url, title, module] of [
      ['/concours/design', 'Concours Design', 'ContestListingPage-L'],
      ['/concours/design/', 'Concours Design', 'ContestListingPage-L'],
      ['/participations/12', 'Mes propositions', 'ProposalsPage-P'],
      ['/participations/987654', 'Mes propositions', 'ProposalsPage-P'],
    ]) {
      const res = await get(url!);
      expect(res.body, url).toContain(`<h1>${title}</h1>`);
      expect(res.body, url).toContain(`<script data-entry="/assets/index-E.js" data-modules="/assets/${module}.js" data-fonts="" data-signing-in>${SCRIPT_LOADER}</script>`);
      expect(res.body, url).not.toMatch(/<script type="module"|rel="modulepreload"/);
    }
    // The visitor's pages are not frames.
    expect((await get('/faq')).body).not.toContain('data-signing-in');
  });

  it('send a listing’s frame with the order its address asks for chosen in its sort menu', async () => {
    expect(chosenSorts((await get('/concours/design')).body)).toEqual([DEFAULT_CONTEST_SORT]);
    for (const { value } of CONTEST_SORT_OPTIONS) {
      const url = `/concours/design?page=3&tri=${contestSortSlug(value)}`;
      const res = await get(url);
      expect(res.body, url).toContain('<h1>Concours Design</h1>');
      expect(chosenSorts(res.body), url).toEqual([value]);
    }
    // A word that names no order, or a frame without the menu: the page as drawn.
    for (const url of ['/concours/design?tri=cost:DESC', '/concours/design?tri=', '/concours/design?tri=%3Cscript%3E']) {
      expect(chosenSorts((await get(url)).body), url).toEqual([DEFAULT_CONTEST_SORT]);
    }
    expect((await get(`/participations/12?tri=${contestSortSlug('cost:DESC')}`)).body).toContain('<h1>Mes propositions</h1>');
    // The default order again after another: each order's page is its own.
    expect(chosenSorts((await get('/concours/design?tri=plus-recent')).body)).toEqual([DEFAULT_CONTEST_SORT]);
  });

  it('leave every other address to the app’s page and its skeleton', async () => {
    for (const url of ['/concours/autre', '/participations', '/faq/autre', '/nulle-part']) {
      const body = (await get(url)).body;
      expect(body, url).toContain('<div class="cd-boot">');
      expect(body, url).not.toContain('<h1>');
      // Nothing to show before the code has run: it is fetched at once.
      expect(body, url).toContain('<script type="module" crossorigin src="/assets/index-E.js"></script>');
      expect(body, url).not.toContain(SCRIPT_LOADER);
    }
  });

  it('are not files anyone can download', async () => {
    for (const url of [`/${PRERENDERED_FILE}`, '/.vite/prerendered/faq.html']) expect((await get(url)).body, url).not.toContain('<h1>Questions');
  });
});

describe('a build drawn again over the running one', () => {
  it('sends the new drawing from the next page on, and the app’s page while the list is missing', async () => {
    const dist = drawnBuild();
    const app = Fastify();
    const page = loadWebPage(dist);
    app.setNotFoundHandler((request, reply) => page.reply(request, reply));
    try {
      expect((await app.inject({ method: 'GET', url: '/faq' })).body).toContain('Questions fréquentes');
      // The build empties its folder first: for a while nothing is drawn.
      fs.rmSync(path.join(dist, PRERENDERED_FILE));
      expect((await app.inject({ method: 'GET', url: '/faq' })).body).toContain('cd-boot');
      fs.writeFileSync(path.join(dist, '.vite/prerendered/faq.html'), shell('<h1>FAQ redessinée</h1>'));
      fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages: { '/faq': '.vite/prerendered/faq.html' } }));
      expect((await app.inject({ method: 'GET', url: '/faq' })).body).toContain('<h1>FAQ redessinée</h1>');
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('readPrerenderedPages', () => {
  it('refuses a list that points outside the build', () => {
    const dist = drawnBuild();
    try {
      fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages: { '/faq': '../../etc/passwd' } }));
      expect(() => readPrerenderedPages(dist)).toThrow(/hors du dossier/);
      fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages: { faq: '.vite/prerendered/faq.html' } }));
      expect(() => readPrerenderedPages(dist)).toThrow();
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
