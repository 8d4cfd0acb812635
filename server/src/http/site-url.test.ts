import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { buildPasswordUser, waitForMail } from '../test/factories';
import { visitorOrigin } from './site-url';

describe('links without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: undefined, PORT: 3000, AUTH_RATE_LIMIT: 1000 } });
  });
  afterAll(() => t?.close());

  const resetLinkFor = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') => {
    const u = await buildPasswordUser(t.ctx);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email: u.email }, headers, remoteAddress });
    expect(res.statusCode).toBe(200);
    return (await waitForMail(t.outbox, (m) => m.to === u.email)).link!;
  };

  it('use the address the visitor opened the site at, when it is this machine', async () => {
    expect(await resetLinkFor({ host: '127.0.0.1:3000' })).toMatch(/^http:\/\/127\.0\.0\.1:3000\/recover-password\//);
    expect(await resetLinkFor({ host: 'localhost:3000' })).toMatch(/^http:\/\/localhost:3000\/recover-password\//);
    // Behind a proxy on this machine (TRUST_PROXY=loopback), on the usual port.
    expect(await resetLinkFor({ host: '127.0.0.1:3000', 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'https' })).toMatch(/^https:\/\/localhost\/recover-password\//);
  });

  it('never follow a Host header that names another site or another service, so a mailed link cannot be sent elsewhere', async () => {
    const hostile: Record<string, string>[] = [{ host: 'attaquant.example' }, { host: 'attaquant.example:3000' }, { host: '127.0.0.1:9999' }, { host: 'localhost:3000', 'x-forwarded-host': 'attaquant.example' }];
    for (const headers of hostile) {
      expect(await resetLinkFor(headers)).toMatch(/^http:\/\/localhost:3000\/recover-password\//);
    }
    // X-Forwarded-Host from a client that is no trusted proxy is not even read.
    expect(await resetLinkFor({ host: '127.0.0.1:3000', 'x-forwarded-host': 'attaquant.example' }, '203.0.113.9')).toMatch(/^http:\/\/127\.0\.0\.1:3000\//);
  });
});

describe('links with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://www.creadefi.fr', AUTH_RATE_LIMIT: 1000 } });
  });
  afterAll(() => t?.close());

  it('always use it, whatever address the visitor used', async () => {
    const u = await buildPasswordUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email: u.email }, headers: { host: '127.0.0.1:3000' } });
    expect((await waitForMail(t.outbox, (m) => m.to === u.email)).link).toMatch(/^https:\/\/www\.creadefi\.fr\/recover-password\//);
  });
});

describe('visitorOrigin', () => {
  it.each([
    ['127.0.0.1:3000', 'http', 'http://127.0.0.1:3000'],
    ['[::1]:3000', 'http', 'http://[::1]:3000'],
    ['app.localhost:3000', 'http', 'http://app.localhost:3000'],
    ['localhost', 'https', 'https://localhost'],
    ['exemple.fr:3000', 'http', null],
    ['127.0.0.1:3000@attaquant.example', 'http', null],
    ['127.0.0.1:3000/chemin', 'http', null],
    ['10.0.0.250:3000', 'http', null],
    ['', 'http', null],
  ])('%s over %s gives %s', (host, protocol, expected) => {
    expect(visitorOrigin({ host, protocol: protocol as 'http' | 'https' }, 3000)).toBe(expected);
  });
});
