import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser, buildUser, tokenOf, waitForMail } from '../../test/factories';

const A = MESSAGES.auth;
const MINUTE = 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('POST /api/auth/login', () => {
  it('opens a session and returns the session results', async () => {
    const u = await buildPasswordUser(t.ctx, { firstName: 'Zoé', isAdmin: false });
    const res = await login(u.email.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(A.loggedIn);
    expect(body.results).toMatchObject({ userId: u.id, isAdmin: false, token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    expect(body.results.user).toMatchObject({ id: u.id, email: u.email, pseudo: u.pseudo, firstName: 'Zoé', isAuthenticated: true, wallet: { amount: 0 } });
    expect(body.results.user).not.toHaveProperty('passwordHash');

    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${body.results.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().results.user.id).toBe(u.id);
  });

  it('says the same thing for a wrong password and an unknown e-mail', async () => {
    const u = await buildPasswordUser(t.ctx);
    const wrong = await login(u.email, 'PasLeBon123');
    const unknown = await login('inconnu@exemple.fr', 'PasLeBon123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: { message: A.wrongCredentials, code: 401 } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a password sign-in on an account created with Google or Facebook', async () => {
    const social = await buildUser(t.ctx);
    const res = await login(social.email, 'NImporteQuoi1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message.message).toBe(A.wrongCredentials);
  });

  it('refuses missing fields and malformed JSON', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@exemple.fr' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message.fields.password).toBe(MESSAGES.common.requiredField);
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message.message).toBe(MESSAGES.common.badJson);
  });

  it('makes one address wait 15 minutes after 5 failures in a row on one account, even with the right password', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < 5; i++) expect((await login(u.email, `Faux${i}xxxx`)).statusCode).toBe(401);

    const locked = await login(u.email, u.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: { message: A.accountLocked, code: 429 } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(15 * MINUTE + 1000);
    const back = await login(u.email, u.password);
    expect(back.statusCode).toBe(200);
  });

  it('lets a waiting address in again once a new password is chosen from a reset link', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(u.email, 'Mauvais123');
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email: u.email } })).statusCode).toBe(200);
    const mail = await waitForMail(t.outbox, (m) => m.to === u.email);
    const fresh = 'Nouveau-Secret-Solide-77';
    const recovered = await t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${tokenOf(mail.link)}`, payload: { newPassword: fresh, confirmPassword: fresh } });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect((await login(u.email, fresh)).statusCode).toBe(200);
  });

  it('starts a fresh count after the lock has run out', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(u.email, 'Mauvais123');
    t.clock.advance(16 * MINUTE);
    expect((await login(u.email, 'Mauvais123')).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < 4; i++) await login(u.email, 'Mauvais123');
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.email, 'Mauvais123');
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the current session only', async () => {
    const u = await buildPasswordUser(t.ctx);
    const a = (await login(u.email, u.password)).json().results.token as string;
    const b = (await login(u.email, u.password)).json().results.token as string;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${a}` } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: A.loggedOut });

    const meA = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${a}` } });
    expect(meA.statusCode).toBe(401);
    expect(meA.json()).toEqual({ message: { message: MESSAGES.common.unauthenticated, code: 401 } });
    const meB = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${b}` } });
    expect(meB.statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});
