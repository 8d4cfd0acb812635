import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildApp } from '../../app';
import type { App } from '../../http/types';

const C = MESSAGES.common;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 3, AUTH_RATE_WINDOW_SECONDS: 60 } });
});
afterAll(() => t.close());

let ip = 0;
/** Each test signs in from its own address, so counters never leak between tests. */
const nextIp = () => `203.0.113.${++ip}`;
const post = (app: App, url: string, payload: object, remoteAddress: string) => app.inject({ method: 'POST', url, payload, remoteAddress });
let attempt = 0;
/** A new unknown address each time: five tries on one address lock it, whatever the client's address. */
const badLogin = () => ({ email: `quelquun-${++attempt}@exemple.fr`, password: 'Mauvais123' });

describe('rate limits on account routes (AUTH_RATE_LIMIT=3)', () => {
  it('answers 429 with Retry-After after the limit, then lets the next window through', async () => {
    const from = nextIp();
    for (let i = 0; i < 3; i++) expect((await post(t.app, '/api/auth/login', badLogin(), from)).statusCode).toBe(401);
    const limited = await post(t.app, '/api/auth/login', badLogin(), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: { message: C.tooManyRequests, code: 429 } });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected.
    expect((await post(t.app, '/api/auth/login', badLogin(), nextIp())).statusCode).toBe(401);

    t.clock.advance(60_000);
    expect((await post(t.app, '/api/auth/login', badLogin(), from)).statusCode).toBe(401);
  });

  it.each([
    ['registration', '/api/auth/register', { pseudo: 'x', email: 'nope', password: 'a', confirmPassword: 'b' }],
    ['password reset', '/api/auth/pswd/lost', { email: 'perdu@exemple.fr' }],
    ['password recovery', '/api/auth/pswd/recover/AAAAAAAAAAAAAAAAAAAAAAAAA', { newPassword: 'Nouveau1234', confirmPassword: 'Nouveau1234' }],
    ['verification resend', '/api/auth/verification/resend', { email: 'perdu@exemple.fr' }],
    ['Google sign-in', '/api/auth/login/google', { tokenId: 'x' }],
    ['contact form', '/api/contact', { name: 'A', email: 'a@exemple.fr', objet: 'B', message: 'C' }],
  ])('limits %s', async (_label, url, payload) => {
    const from = nextIp();
    for (let i = 0; i < 3; i++) expect((await post(t.app, url, payload, from)).statusCode).not.toBe(429);
    const limited = await post(t.app, url, payload, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts concurrent attempts exactly', async () => {
    const from = nextIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(t.app, '/api/auth/login', badLogin(), from)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
  });

  it('is shared by every instance using the same database', async () => {
    const { config, db: _db, ...deps } = t.ctx;
    const second = await buildApp(config, deps, { logger: false });
    await second.ready();
    try {
      const from = nextIp();
      expect((await post(t.app, '/api/auth/login', badLogin(), from)).statusCode).toBe(401);
      expect((await post(second, '/api/auth/login', badLogin(), from)).statusCode).toBe(401);
      expect((await post(t.app, '/api/auth/login', badLogin(), from)).statusCode).toBe(401);
      expect((await post(second, '/api/auth/login', badLogin(), from)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
