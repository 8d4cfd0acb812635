import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPaths } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { registeredRoutes } from './route-list';
import { maskedUrl, serializeRequest } from './request-log';

describe('serializeRequest', () => {
  it('masks a token in the query and keeps the rest of the line', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/events?token=abc.def&x=1', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/events?token=[masqué]&x=1',
      remoteAddress: '127.0.0.1',
    });
    expect(serializeRequest({ method: 'GET', url: '/api/events?a=2&TOKEN=s3cr3t', ip: '::1' }).url).toBe('/api/events?a=2&TOKEN=[masqué]');
    expect(serializeRequest({ method: 'POST', url: '/api/auth/login', ip: '::1' }).url).toBe('/api/auth/login');
  });

  it('masks the token of an e-mailed link, on its web page and on the API call it makes', () => {
    const token = 'Zm9vYmFyYmF6cXV4LXNlY3JldC10b2tlbi0xMjM0NTY';
    for (const [url, masked] of [
      [`/verify/${token}`, '/verify/[masqué]'],
      [`/recover-password/${token}?x=1`, '/recover-password/[masqué]?x=1'],
      [`/api/auth/confirmation/${token}`, '/api/auth/confirmation/[masqué]'],
      [`/api/auth/pswd/recover/${token}`, '/api/auth/pswd/recover/[masqué]'],
      [`/api/polls/${token}/preview/12`, '/api/polls/[masqué]/preview/12'],
      [`/sondage/${token}`, '/sondage/[masqué]'],
      [`/vote-sondage/${token}`, '/vote-sondage/[masqué]'],
      [`/mon-profil/sondages/${token}`, '/mon-profil/sondages/[masqué]'],
    ]) {
      const line = serializeRequest({ method: 'GET', url: url!, ip: '::1' });
      expect(line.url).toBe(masked);
      expect(JSON.stringify(line)).not.toContain(token);
    }
  });
});

describe('maskedUrl', () => {
  it('masks the path parameters a route declares as secrets, whatever their shape', () => {
    expect(maskedUrl({ url: '/api/auth/email-change/undo/court', routeOptions: { url: '/api/auth/email-change/undo/:emailToken' } })).toBe('/api/auth/email-change/undo/[masqué]');
    expect(maskedUrl({ url: '/api/polls/abc/preview/12', routeOptions: { url: '/api/polls/:pollToken/preview/:fileId' } })).toBe('/api/polls/[masqué]/preview/12');
  });

  it('masks query values named like a secret, and any value shaped like a drawn token', () => {
    expect(maskedUrl({ url: '/sandbox/payin/7?secret=abc&x=1' })).toBe('/sandbox/payin/7?secret=[masqué]&x=1');
    expect(maskedUrl({ url: '/x?apiKey=1&code=2&Signature=3&page=2' })).toBe('/x?apiKey=[masqué]&code=[masqué]&Signature=[masqué]&page=2');
    expect(maskedUrl({ url: '/nouvelle-page/Zm9vYmFyYmF6cXV4LXNlY3JldA?t=Zm9vYmFyYmF6cXV4LXNlY3JldA' })).toBe('/nouvelle-page/[masqué]?t=[masqué]');
  });

  it('keeps what carries no secret', () => {
    for (const url of ['/concours/categorie/identite-visuelle', '/details-concours/12', '/talents/MarieDupont', '/assets/index-AbC123xy.js', '/api/concours/read/123456789012345678901', '/recherche?q=logo&page=2']) {
      expect(maskedUrl({ url })).toBe(url);
    }
  });
});

describe('request log lines', () => {
  let t: TestApp;
  const output: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      // Development logs every request; production and tests log a request on its errors only, with the same serializer.
      env: { NODE_ENV: 'development', AUTH_RATE_LIMIT: 1000 },
      logger: { level: 'trace', stream: { write: (line: string) => void output.push(line) } },
    });
  });
  afterAll(() => t?.close());

  /** A token as the server draws them, and one in lower case only, which only its route's declaration tells apart. */
  const drawn = () => randomBytes(32).toString('base64url');
  const lowerCase = () => Array.from(randomBytes(40), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

  it('hold no token, on every route that declares one, on the pages of mailed links and in secret queries', async () => {
    const secrets: string[] = [];
    const asked: string[] = [];
    const tokenRoutes = registeredRoutes(t.app).filter((route) => /:\w*(token|secret)/i.test(route.url));
    // The routes of mailed links, polls and the e-mail change's undo: a new one is found here by itself.
    expect(tokenRoutes.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/auth/confirmation/:emailToken', '/api/auth/pswd/recover/:emailToken', '/api/auth/email-change/undo/:emailToken', '/api/polls/:pollToken']));
    for (const route of tokenRoutes) {
      for (const token of [drawn(), lowerCase()]) {
        secrets.push(token);
        const url = route.url.replace(/:(\w+)/g, (_all, name: string) => (/token|secret/i.test(name) ? token : '1'));
        asked.push(url);
        await t.app.inject({ method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : { payload: {} }) });
      }
    }
    // The web app's pages of mailed links and polls are not routed by the server: their tokens are known by their shape.
    for (const page of [webPaths.verify, webPaths.recoverPassword, webPaths.undoEmailChange, webPaths.poll, webPaths.pollResults]) {
      const token = drawn();
      secrets.push(token);
      asked.push(page(token));
      await t.app.inject({ method: 'GET', url: page(token) });
    }
    for (const url of [(s: string) => `/sandbox/payin/1?secret=${s}`, (s: string) => `/sandbox/payin/1/cancel?secret=${s}`, (s: string) => `/api/events?token=${s}`]) {
      const token = lowerCase();
      secrets.push(token);
      asked.push(url(token));
      await t.app.inject({ method: 'GET', url: url(token) });
    }

    const lines = output.map((line) => JSON.parse(line) as { msg?: string; req?: { url: string } }).filter((line) => line.req);
    // Every request was logged, masked.
    expect(lines.filter((line) => line.msg === 'incoming request').length).toBeGreaterThanOrEqual(asked.length);
    expect(lines.filter((line) => line.req!.url.includes('[masqué]')).length).toBeGreaterThanOrEqual(asked.length);
    const printed = output.join('\n');
    for (const secret of secrets) expect(printed).not.toContain(secret);
  });
});
