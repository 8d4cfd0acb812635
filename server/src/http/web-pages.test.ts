import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { pageText as html } from '../test/page-text';
import { isWebPagePath, loadWebPage, preferredEncoding } from './web-pages';
import { ROUTE_HINTS_FILE } from './route-hints';

describe('isWebPagePath', () => {
  it('answers the web app’s paths with its page', () => {
    for (const url of ['/', '/concours/design', '/details-concours/12', '/verify/abc_DEF-123', '/confirmation?idConcours=4&transactionId=t.1', '/messages/40']) {
      expect(isWebPagePath('GET', url), url).toBe(true);
    }
    expect(isWebPagePath('HEAD', '/faq')).toBe(true);
  });

  it('leaves the API, files and other methods to a 404', () => {
    for (const url of ['/api/nexiste-pas', '/api', '/assets/index-OLD123.js', '/assets/', '/favicon.ico', '/illustrations/absente.svg', '/robots.txt']) {
      expect(isWebPagePath('GET', url), url).toBe(false);
    }
    expect(isWebPagePath('POST', '/concours')).toBe(false);
  });
});

describe('preferredEncoding', () => {
  it('takes brotli, then gzip, as the browser accepts them', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});

/** A built web app of three routes, as the web build writes it. */
function fakeBuild(withHints = true): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-web-'));
  const filler = '<meta name="x" content="du texte pour dépasser le seuil de compression">\n    '.repeat(20);
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html>\n<html lang="fr">\n  <head>\n    ${filler}<script type="module" crossorigin src="/assets/index-E.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`);
  if (withHints) {
    fs.mkdirSync(path.join(dist, '.vite'));
    const routes = [
      { path: '/', modules: ['/assets/HomePage-H.js'], styles: ['/assets/HomePage-H.css'] },
      { path: '/concours/:category', modules: ['/assets/ContestListingPage-L.js', '/assets/ListingShell-S.js'], styles: ['/assets/mantine-pages-P.css'] },
      { path: '/*', modules: ['/assets/HomePage-H.js'], styles: ['/assets/HomePage-H.css'] },
    ];
    fs.writeFileSync(path.join(dist, ROUTE_HINTS_FILE), JSON.stringify({ routes }));
  }
  return dist;
}

describe('the page served for a web path', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    t = await createTestApp({ env: { WEB_DIST: dist } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' }) => t.app.inject({ method: 'GET', url, headers });

  it('announces the code of the route asked for, not the landing’s', async () => {
    const res = await get('/concours/design?page=2');
    expect(res.statusCode).toBe(200);
    const page = html(res);
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/ContestListingPage-L.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/ListingShell-S.js">');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/mantine-pages-P.css">');
    expect(page).not.toContain('HomePage');
    expect(page.indexOf('ContestListingPage-L.js')).toBeGreaterThan(page.indexOf('/assets/index-E.js'));
  });

  it('announces the landing’s code on the landing, and on the paths that render it', async () => {
    for (const url of ['/', '/nulle-part']) {
      const page = html(await get(url));
      expect(page, url).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-H.js">');
      expect(page, url).toContain('<link rel="preload" as="style" crossorigin href="/assets/HomePage-H.css">');
      expect(page, url).not.toContain('ContestListingPage');
    }
  });

  it('is revalidated on each visit, compressed as well as the build compresses its files', async () => {
    const res = await get('/concours/design');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const plain = Buffer.from(html(res));
    expect(res.rawPayload.length).toBe(zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
    const gzipped = await get('/concours/design', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(html(gzipped)).toBe(plain.toString());
    const uncompressed = await get('/concours/design', {});
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body).toBe(plain.toString());
  });

  it('serves the files of a build written after it started, and a 404 for those of an older one', async () => {
    // `npm run build` beside a running server: the next page names the new files, which must be there.
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'index-N.js'), 'export const built = "after";\n');
    const fresh = await get('/assets/index-N.js');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('built = "after"');
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/index-OLD123.js', '/assets/', '/favicon.ico', '/api/nexiste-pas']) {
      const gone = await get(url);
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json(), url).toMatchObject({ message: { code: 404 } });
    }
    expect(html(await get('/concours/design'))).toContain('ContestListingPage-L.js');
  });

  it('answers 304 to a browser that holds the same page, and HEAD without a body', async () => {
    const first = await get('/concours/design');
    const again = await get('/concours/autre', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(200);
    const head = await t.app.inject({ method: 'HEAD', url: '/concours/design' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('a build written over the running one', () => {
  it('is served from the next page on, with its own hints', async () => {
    const dist = fakeBuild();
    const app = Fastify();
    const page = loadWebPage(dist);
    app.setNotFoundHandler((request, reply) => page.reply(request, reply));
    try {
      expect((await app.inject({ method: 'GET', url: '/concours/design' })).body).toContain('/assets/index-E.js');
      const later = new Date(Date.now() + 60_000);
      const index = path.join(dist, 'index.html');
      fs.writeFileSync(index, fs.readFileSync(index, 'utf8').replace('index-E.js', 'index-F.js'));
      fs.writeFileSync(path.join(dist, ROUTE_HINTS_FILE), JSON.stringify({ routes: [{ path: '/concours/:category', modules: ['/assets/ContestListingPage-M.js'], styles: [] }] }));
      fs.utimesSync(index, later, later);
      const res = await app.inject({ method: 'GET', url: '/concours/design' });
      expect(res.body).toContain('/assets/index-F.js');
      expect(res.body).toContain('/assets/ContestListingPage-M.js');
      expect(res.body).not.toContain('ContestListingPage-L.js');
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a build without route hints', () => {
  it('gets its index.html as it is', async () => {
    const dist = fakeBuild(false);
    const app = Fastify();
    const page = loadWebPage(dist);
    app.setNotFoundHandler((request, reply) => page.reply(request, reply));
    try {
      const res = await app.inject({ method: 'GET', url: '/concours/design' });
      expect(res.body).toBe(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
