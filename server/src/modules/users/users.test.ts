import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildUser, type TestUser } from '../../test/factories';
import { ledgerAccounts } from '../../db/schema';

const A = MESSAGES.auth;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

const me = (u: TestUser) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: u.headers });
const update = (u: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/user/update', headers: u.headers, payload });

describe('GET /api/user/me', () => {
  it('answers 401 without a session or with an unknown token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: { message: MESSAGES.common.unauthenticated, code: 401 } });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(unknown.statusCode).toBe(401);
  });

  it('returns the public profile with an empty wallet', async () => {
    const u = await buildUser(t.ctx, { firstName: 'Inès', isAdmin: true, withProvider: true });
    const res = await me(u);
    expect(res.statusCode).toBe(200);
    const user = res.json().results.user;
    expect(user).toMatchObject({ id: u.id, email: u.email, pseudo: u.pseudo, firstName: 'Inès', isAdmin: true, isAuthenticated: true, wallet: { amount: 0 } });
    expect(user.ownerId).toMatch(/^owner-/);
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(Object.keys(user)).not.toContain('failedLogins');
  });

  it('reads the wallet balance, in cents, from the ledger', async () => {
    const u = await buildUser(t.ctx);
    await t.ctx.db.insert(ledgerAccounts).values({ code: `wallet:${u.id}`, userId: u.id, balanceCents: 19_200 });
    expect((await me(u)).json().results.user.wallet).toEqual({ amount: 19_200 });
  });
});

describe('POST /api/user/update', () => {
  it('saves the profile and capitalises first and last names', async () => {
    const u = await buildUser(t.ctx);
    const res = await update(u, { firstName: '  jean-pierre ', lastName: "DE L'ÉTANG", pseudo: u.pseudo, email: u.email, phone: '+33 6 12 34 56 78', socialReason: 'Atelier Lumière' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(A.profileUpdated);
    expect(res.json().results.user).toMatchObject({ firstName: 'Jean-Pierre', lastName: "de L'Étang", phone: '+33 6 12 34 56 78', socialReason: 'Atelier Lumière' });
    expect((await me(u)).json().results.user.firstName).toBe('Jean-Pierre');
  });

  it('refuses a birth date in year 0, before 1900, to come or under 18 with a French 400, and keeps the old one', async () => {
    const u = await buildUser(t.ctx);
    expect((await update(u, { pseudo: u.pseudo, email: u.email, birthDate: '1990-06-15' })).statusCode).toBe(200);
    const cases: [string, string][] = [
      ['0000-12-31', MESSAGES.profile.birthdayInvalid],
      ['1899-12-31', MESSAGES.profile.birthdayInvalid],
      ['9999-12-31', MESSAGES.profile.birthdayInvalid],
      ['2010-01-01', MESSAGES.profile.birthdayUnderage],
      ['31/12/1990', MESSAGES.profile.birthdayInvalid],
    ];
    for (const [birthDate, text] of cases) {
      const res = await update(u, { pseudo: u.pseudo, email: u.email, birthDate });
      expect(res.statusCode, birthDate).toBe(400);
      expect(res.json().message, birthDate).toEqual({ message: text, code: 400, fields: { birthDate: text } });
    }
    expect((await me(u)).json().results.user.birthDate).toBe('1990-06-15');
  });

  it('keeps fields that are not sent and clears fields sent empty', async () => {
    const u = await buildUser(t.ctx, { firstName: 'Garde', lastName: 'Efface', phone: '0102030405' });
    const res = await update(u, { pseudo: u.pseudo, email: u.email, lastName: '', phone: null });
    expect(res.json().results.user).toMatchObject({ firstName: 'Garde', lastName: null, phone: null });
  });

  it('requires the pseudo and the e-mail, with the profile text', async () => {
    const u = await buildUser(t.ctx);
    for (const payload of [{ email: u.email }, { pseudo: u.pseudo, email: '' }, { pseudo: '  ', email: u.email }]) {
      const res = await update(u, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message.message).toBe(A.profileRequired);
    }
  });

  it('refuses a pseudo that belongs to someone else, whatever the case', async () => {
    const other = await buildUser(t.ctx, { pseudo: 'Occupe' });
    const u = await buildUser(t.ctx);
    const pseudo = await update(u, { pseudo: 'occupe', email: u.email });
    expect(pseudo.statusCode).toBe(409);
    expect(pseudo.json()).toEqual({ message: { message: A.pseudoTaken, code: 409 } });
    expect(other.id).not.toBe(u.id);
  });

  it('lets a user change the case of their own pseudo', async () => {
    const u = await buildUser(t.ctx, { pseudo: 'minuscule' });
    const res = await update(u, { pseudo: 'Minuscule', email: u.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.user.pseudo).toBe('Minuscule');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/update', payload: { pseudo: 'abc', email: 'a@exemple.fr' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/finish/tutorial', () => {
  it('ends the first-visit tutorial', async () => {
    const u = await buildUser(t.ctx, { isFirstTime: true });
    expect((await me(u)).json().results.user.isFirstTime).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/finish/tutorial', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: A.tutorialFinished });
    expect((await me(u)).json().results.user.isFirstTime).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/finish/tutorial' })).statusCode).toBe(401);
  });
});
