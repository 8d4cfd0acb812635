import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContest, buildUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { pageText as html } from '../test/page-text';
import { MAX_WAITING, MEMBER_PAGE, PAGE_COOKIE, PAGE_DATA_ID, pageCookieToken, READS_BY_POST, RENDERER_FILE, scriptJson, tokenDigest, withMemberPage } from './member-pages';
import { PRERENDERED_FILE } from './prerendered-pages';

const webFile = (file: string) => fs.readFileSync(new URL(`../../../web/${file}`, import.meta.url), 'utf8');
const TOKEN = 'a'.repeat(43);

describe('the names the web app and the server share', () => {
  it('agree: cookie, renderer, root mark, data block', () => {
    expect(/PAGE_COOKIE = '([^']+)'/.exec(webFile('src/api/token.ts'))![1]).toBe(PAGE_COOKIE);
    expect(/RENDERER_FILE = '([^']+)'/.exec(webFile('scripts/prerender.ts'))![1]).toBe(RENDERER_FILE);
    expect(/MEMBER_PAGE = '([^']+)'/.exec(webFile('src/app/prerendered.ts'))![1]).toBe(MEMBER_PAGE);
    expect(/PAGE_DATA_ID = '([^']+)'/.exec(webFile('src/app/prerendered.ts'))![1]).toBe(PAGE_DATA_ID);
  });
});

describe('pageCookieToken', () => {
  it('reads the page cookie among others', () => {
    expect(pageCookieToken(`theme=clair; ${PAGE_COOKIE}=${TOKEN}; autre=1`)).toBe(TOKEN);
    expect(pageCookieToken(`${PAGE_COOKIE}=${TOKEN}`)).toBe(TOKEN);
  });

  it('takes nothing that is not a session token', () => {
    expect(pageCookieToken(undefined)).toBeNull();
    expect(pageCookieToken(`${PAGE_COOKIE}=`)).toBeNull();
    expect(pageCookieToken(`${PAGE_COOKIE}=${TOKEN}x`)).toBeNull();
    expect(pageCookieToken(`${PAGE_COOKIE}=${'a'.repeat(42)}"`)).toBeNull();
    expect(pageCookieToken(`x${PAGE_COOKIE}=${TOKEN}`)).toBeNull();
  });
});

describe('the data block', () => {
  it('cannot end its script element nor open markup', () => {
    const text = scriptJson({ brief: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ brief: '</script><script>alert(1)</script><!-- & \u2028' });
  });

  it('goes after the root, which now holds the page', () => {
    const frame = '<body><div id="root" data-prerendered="signing-in"><p>cadre</p></div><!--/root--></body>';
    const page = withMemberPage(frame, '<main>page</main>', { a: 1 })!;
    expect(page).toBe(`<body><div id="root" data-prerendered="member"><main>page</main></div><!--/root-->\n  <script type="application/json" id="${PAGE_DATA_ID}">{"a":1}</script></body>`);
    expect(withMemberPage('<body><div id="root"></div><!--/root--></body>', 'x', {})).toBeNull();
  });
});

/**
 * A web build with one member frame and a renderer that draws what the API answers the member:
 * the web app's own renderer is exercised by the browser journeys (e2e/tests/member-pages.spec.ts).
 */
function buildWithRenderer(renderer = CONTEST_RENDERER): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-web-'));
  const frame = '<!doctype html>\n<html lang="fr">\n  <head></head>\n  <body><div id="root" data-prerendered="signing-in"><p>Chargement…</p></div><!--/root--></body>\n</html>\n';
  fs.writeFileSync(path.join(dist, 'index.html'), frame.replace(' data-prerendered="signing-in"><p>Chargement…</p>', '>'));
  fs.mkdirSync(path.join(dist, '.vite', 'prerendered'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.vite', 'prerendered', 'contest-details.html'), frame);
  fs.writeFileSync(path.join(dist, PRERENDERED_FILE), JSON.stringify({ pages: { '/details-concours/:id': '.vite/prerendered/contest-details.html' }, signingIn: ['/details-concours/:id'] }));
  fs.mkdirSync(path.dirname(path.join(dist, RENDERER_FILE)), { recursive: true });
  fs.writeFileSync(path.join(dist, RENDERER_FILE), renderer);
  return dist;
}

const CONTEST_RENDERER = `export async function renderMemberPage(url, token, send) {
  const me = await send('/user/me');
  if (!me.ok) return null;
  const contest = await send('/concours/read/' + url.split('/').pop());
  if (!contest.ok) return null;
  const user = (await me.json()).results.user;
  const read = (await contest.json()).results.concours;
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { html: '<h1>' + read.companyName + '</h1><p>' + user.pseudo + '</p>', queries: { contest: read.id } };
}`;

describe('a member page asked for with the page cookie', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = buildWithRenderer();
    t = await createTestApp({ env: { WEB_DIST: dist } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br', ...(token ? { cookie: `${PAGE_COOKIE}=${token}` } : {}) } });

  it('is drawn for that member with what the API answers them, kept by no cache', async () => {
    const owner = await buildUser(t.ctx, { pseudo: 'Boulangere' });
    const contest = await buildContest(t.ctx, owner, { companyName: 'Au Pain Doré <script>' });
    const res = await page(`/details-concours/${contest.id}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['vary']).toBe('accept-encoding, cookie');
    expect(res.headers['etag']).toBeUndefined();
    const body = html(res);
    expect(body).toContain(`<div id="root" data-prerendered="member"><h1>Au Pain Doré <script></h1><p>Boulangere</p></div>`);
    expect(body).toContain(`<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson({ for: tokenDigest(owner.token), queries: { contest: contest.id } })}</script>`);
  });

  it('is the frame, as for anyone, without a cookie or with one the server does not know', async () => {
    const owner = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, owner);
    for (const token of [undefined, TOKEN]) {
      const res = await page(`/details-concours/${contest.id}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toBe('accept-encoding, cookie');
      expect(html(res)).toContain('<div id="root" data-prerendered="signing-in"><p>Chargement…</p></div>');
    }
  });

  it('is the frame once the session has ended', async () => {
    const owner = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, owner);
    expect(html(await page(`/details-concours/${contest.id}`, owner.token))).toContain('data-prerendered="member"');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: owner.headers })).statusCode).toBeLessThan(300);
    expect(html(await page(`/details-concours/${contest.id}`, owner.token))).toContain('data-prerendered="signing-in"');
  });

  it('shows nobody else’s data: what the API refuses the member is not drawn', async () => {
    const owner = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    // Not yet paid: only its organiser may read it.
    const draft = await buildContest(t.ctx, owner, { status: 1, companyName: 'Projet secret' });
    const res = await page(`/details-concours/${draft.id}`, stranger.token);
    expect(html(res)).toContain('data-prerendered="signing-in"');
    expect(html(res)).not.toContain('Projet secret');
  });

  it('leaves the API to the bearer header: the cookie alone is no session', async () => {
    const owner = await buildUser(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { cookie: `${PAGE_COOKIE}=${owner.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it('is the frame for those beyond a few at once, and every page is answered', async () => {
    const owner = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, owner);
    const answers = await Promise.all(Array.from({ length: 20 }, () => page(`/details-concours/${contest.id}`, owner.token)));
    const marks = answers.map((res) => /data-prerendered="([a-z-]+)"/.exec(html(res))![1]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(marks.filter((mark) => mark === 'member').length).toBeGreaterThanOrEqual(MAX_WAITING);
    expect(marks).toContain('signing-in');
  });

  it('draws nothing for a HEAD', async () => {
    const owner = await buildUser(t.ctx);
    const contest = await buildContest(t.ctx, owner);
    const res = await t.app.inject({ method: 'HEAD', url: `/details-concours/${contest.id}`, headers: { cookie: `${PAGE_COOKIE}=${owner.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('what a page being drawn may ask of the API', () => {
  // Contest 1's page reads the listing, which asks with a POST; any other contest's page tries a
  // POST that would change something (signing the member out).
  const renderer = `export async function renderMemberPage(url, token, send) {
    const me = await send('/user/me');
    if (!me.ok) return null;
    if (url.endsWith('/1')) {
      const listing = await send('/concours/orderBy/any', { selector: 'createdAt', orderedBy: 'DESC', page: 1, pageSize: 6 });
      if (!listing.ok) return null;
      const page = (await listing.json()).results;
      return { html: '<p>' + page.total + ' concours, dont ' + page.concours[0].companyName + '</p>', queries: {} };
    }
    await send('/auth/logout', {});
    return { html: '<p>Déconnecté</p>', queries: {} };
  }`;
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = buildWithRenderer(renderer);
    t = await createTestApp({ env: { WEB_DIST: dist } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { cookie: `${PAGE_COOKIE}=${token}` } });

  it('includes the listing, read with a POST and its body, as the member', async () => {
    expect(READS_BY_POST.has('/concours/orderBy/any')).toBe(true);
    expect(webFile('src/features/contests/api/list-contests.ts')).toContain(`apiFetch<ContestPage>('/concours/orderBy/any', { method: 'POST'`);
    const member = await buildUser(t.ctx);
    await buildContest(t.ctx, member, { companyName: 'Biscuiterie Nantaise' });
    const body = html(await page('/details-concours/1', member.token));
    expect(body).toMatch(/<div id="root" data-prerendered="member"><p>\d+ concours, dont Biscuiterie Nantaise<\/p><\/div>/);
  });

  it('is never a write: the page is the frame and the member is still signed in', async () => {
    const member = await buildUser(t.ctx);
    const body = html(await page('/details-concours/2', member.token));
    expect(body).toContain('data-prerendered="signing-in"');
    expect(body).not.toContain('Déconnecté');
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: member.headers })).statusCode).toBe(200);
  });
});
