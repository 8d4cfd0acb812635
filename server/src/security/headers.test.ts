/**
 * Security headers on every response (docs/architecture.md §11): a strict Content-Security-
 * Policy the app works under (no inline script), nosniff, frame-ancestors, a referrer
 * policy, HSTS when served over HTTPS; downloads go out as attachments.
 */
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { directives } from './csp';
import { SCRIPT_LOADER_SOURCE } from '../http/scripts-after-paint';
import { ACCESS_TABLE } from './access-table';
import { openWorld, type World } from './world';

let t: TestApp;
let world: World;

beforeAll(async () => {
  ({ t, world } = await openWorld());
}, 300_000);
afterAll(() => t?.close());

/** What every answer must carry, whatever it is. */
function checkHeaders(what: string, res: LightMyRequestResponse, https = false): string[] {
  const problems: string[] = [];
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  const d = directives(csp);
  if (!csp) problems.push(`${what}: no Content-Security-Policy`);
  else {
    if (!d.get('frame-ancestors')?.includes("'none'")) problems.push(`${what}: frame-ancestors is not 'none' (${csp})`);
    const scripts = d.get('script-src') ?? d.get('default-src') ?? [];
    if (scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'" || s === '*' || s === 'data:' || s === 'http:' || s === 'https:')) problems.push(`${what}: scripts not restricted (${csp})`);
    if (!d.has('default-src')) problems.push(`${what}: no default-src`);
    if (d.has('object-src') && !d.get('object-src')!.includes("'none'")) problems.push(`${what}: object-src allows plugins`);
    const base = d.get('base-uri') ?? [];
    if (!d.has('sandbox') && !base.includes("'none'")) problems.push(`${what}: base-uri is not 'none' (${csp})`);
  }
  if (h['x-content-type-options'] !== 'nosniff') problems.push(`${what}: no nosniff`);
  if (!h['referrer-policy']) problems.push(`${what}: no Referrer-Policy`);
  const hsts = String(h['strict-transport-security'] ?? '');
  if (https && !/max-age=\d{7,}/.test(hsts)) problems.push(`${what}: no HSTS over HTTPS`);
  if (!https && hsts) problems.push(`${what}: HSTS over plain HTTP`);
  if (h['x-powered-by']) problems.push(`${what}: X-Powered-By`);
  return problems;
}

async function injectAny(app: TestApp['app'], options: InjectOptions, stream = false): Promise<LightMyRequestResponse> {
  if (!stream) return app.inject(options);
  const res = await app.inject({ ...options, payloadAsStream: true });
  res.stream().destroy();
  return res;
}

describe('security headers', () => {
  it('are on the answer of every route of the access table, for every kind of caller', async () => {
    const problems: string[] = [];
    for (const row of ACCESS_TABLE.filter((r) => !r.prepare)) {
      for (const role of ['visitor', 'organiser'] as const) {
        const options = await row.request({ world, role, target: null });
        let own = world.headers(role);
        if (role !== 'visitor' && row.fresh === 'session') own = await world.freshSession(role);
        if (role !== 'visitor' && row.fresh === 'user') own = (await world.freshUser(role)).headers;
        const res = await injectAny(t.app, { ...options, headers: { ...(options.headers as Record<string, string> | undefined), ...own } }, row.stream);
        const what = `${row.route} (${row.about}) as ${role} → ${res.statusCode}`;
        problems.push(...checkHeaders(what, res));
        // Personal data is never kept by a browser or a proxy.
        if (String(res.headers['content-type']).startsWith('application/json') && !row.route.includes('/api/docs') && !/no-store|private/.test(String(res.headers['cache-control']))) {
          problems.push(`${what}: JSON kept in caches (${res.headers['cache-control']})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    ['an unknown API path', { method: 'GET', url: '/api/nexiste-pas' }],
    ['a malformed URL', { method: 'GET', url: '/api/concours/read/%ff' }],
    ['a path parameter past the router limit', { method: 'GET', url: `/api/concours/read/${'9'.repeat(400)}` }],
    ['malformed JSON', { method: 'POST', url: '/api/auth/login', payload: '{', headers: { 'content-type': 'application/json' } }],
    ['an oversized body', { method: 'POST', url: '/api/auth/login', payload: `{"email":"${'a'.repeat(1_100_000)}"}`, headers: { 'content-type': 'application/json' } }],
    ['an unsupported content type', { method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } }],
    ['a page of the web app', { method: 'GET', url: '/concours' }],
    ['the home page', { method: 'GET', url: '/' }],
    ['a HEAD request', { method: 'HEAD', url: '/api/health' }],
  ] as [string, InjectOptions][])('are on %s', async (what, options) => {
    const res = await t.app.inject(options);
    expect(res.statusCode).toBeLessThan(500);
    expect(checkHeaders(what, res)).toEqual([]);
  });

  it('are on the files of the built web app', async () => {
    const assets = path.join(t.ctx.config.webDist, 'assets');
    if (!fs.existsSync(assets)) return;
    const file = fs.readdirSync(assets).find((n) => n.endsWith('.js'))!;
    const res = await t.app.inject({ method: 'GET', url: `/assets/${file}` });
    expect(res.statusCode).toBe(200);
    expect(checkHeaders(file, res)).toEqual([]);
  });

  it('add HSTS when the site is served over HTTPS', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://creadefi.example' } });
    try {
      for (const url of ['/api/health', '/api/nexiste-pas', '/api/concours/read/%ff', '/']) {
        expect(checkHeaders(url, await secure.app.inject({ method: 'GET', url }), true)).toEqual([]);
      }
    } finally {
      await secure.close();
    }
  });
});

describe('the Content-Security-Policy', () => {
  it('is one the built web app works under: no inline script, no inline handler, scripts from the site only', async () => {
    const index = path.join(t.ctx.config.webDist, 'index.html');
    if (!fs.existsSync(index)) return;
    const html = fs.readFileSync(index, 'utf8');
    for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
      expect(tag, 'every script is a file of the site').toMatch(/^<script\b[^>]*\bsrc="\/[^"]+"[^>]*>\s*<\/script>$/i);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    const csp = directives(String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']));
    // Besides the site's files, only the drawn pages' loader, by its hash.
    expect(csp.get('script-src')).toEqual(["'self'", SCRIPT_LOADER_SOURCE]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });
});

describe('the API', () => {
  it('says JSON in UTF-8, and allows no other site to read it (no CORS headers)', async () => {
    for (const url of ['/api/health', '/api/user/me', '/api/nexiste-pas']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://evil.example', ...world.users.stranger.headers } });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/user/me', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers no TRACE and lists no folder', async () => {
    expect((await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/health' })).statusCode).toBe(404);
    // A folder gets the web app's page (which routes it), never a listing of its files.
    const folder = await t.app.inject({ method: 'GET', url: '/assets/' });
    const index = path.join(t.ctx.config.webDist, 'index.html');
    if (folder.statusCode === 200) expect(folder.body).toBe(fs.readFileSync(index, 'utf8'));
    else expect(folder.statusCode).toBe(404);
  });

  it('refuses a request whose length is announced twice (request smuggling)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /api/user/me HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });
});

describe('downloads', () => {
  it('go out as attachments, never sniffed, never run as a page of the site', async () => {
    const res = await world.call('participant', { method: 'GET', url: `/api/files/${world.open.participant.fileId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(String(res.headers['content-security-policy'])).get('default-src')).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });

  it('shown in the page (previews) are sandboxed too', async () => {
    const res = await world.call('organiser', { method: 'GET', url: `/api/files/${world.open.participant.fileId}/preview` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });
});
