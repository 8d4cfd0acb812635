import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { buildPasswordUser } from '../test/factories';

let t: TestApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT: 3 },
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
});
afterAll(() => t?.close());

const securityLines = () => lines.filter((l) => l.security);

describe('security events in the log', () => {
  it('logs a refused sign-in, a forged token, refused access and a rate limit, without the body', async () => {
    const user = await buildPasswordUser(t.ctx);
    const remoteAddress = '203.0.113.7';
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'pas-le-bon-mot' }, remoteAddress });
    expect(wrong.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(forged.statusCode).toBe(401);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password }, remoteAddress: '203.0.113.8' });
    const token = signedIn.json().results.token as string;
    const notAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/promo-codes', headers: { authorization: `Bearer ${token}` } });
    expect(notAdmin.statusCode).toBe(403);
    // AUTH_RATE_LIMIT is 3 attempts per address: the fourth is refused before any check.
    const retry = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'encore-faux' }, remoteAddress });
    expect([(await retry()).statusCode, (await retry()).statusCode, (await retry()).statusCode]).toEqual([401, 401, 429]);

    expect(securityLines().map((l) => [l.msg, (l.security as { status: number }).status, (l.security as { route: string }).route])).toEqual([
      ['authentication refused', 401, '/api/auth/login'],
      ['authentication refused', 401, '/api/user/me'],
      ['access refused', 403, '/api/admin/promo-codes'],
      ['authentication refused', 401, '/api/auth/login'],
      ['authentication refused', 401, '/api/auth/login'],
      ['rate limited', 429, '/api/auth/login'],
    ]);
    expect(securityLines()[0]!.security).toMatchObject({ method: 'POST', userId: null, ip: remoteAddress, tokenPresented: false });
    expect(securityLines()[1]!.security).toMatchObject({ userId: null, tokenPresented: true });
    expect(securityLines()[2]!.security).toMatchObject({ userId: user.id, tokenPresented: true });
    const all = JSON.stringify(lines);
    expect(all).not.toContain(user.email);
    expect(all).not.toContain('pas-le-bon-mot');
    expect(all).not.toContain(token);
  });

  it('keeps ordinary answers out of the log', async () => {
    const before = lines.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'pas-une-adresse' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/nulle-part' })).statusCode).toBe(404);
    expect(lines.slice(before).filter((l) => l.security)).toEqual([]);
  });
});
