/** The whole account journey through the API, as the web app drives it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { tokenOf, waitForMail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account journey', () => {
  it('register → link from the outbox → confirm → login → /user/me → logout → 401', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'margaux', lastName: 'roux', pseudo: 'MargauxR', email: 'margaux@exemple.fr', password: 'Parcours2024!', confirmPassword: 'Parcours2024!' },
    });
    expect(registered.statusCode).toBe(201);
    const userId = registered.json().results.userId;

    const mail = await waitForMail(t.outbox, (m) => m.to === 'margaux@exemple.fr');
    expect(mail?.link).toMatch(/\/verify\//);

    const confirmed = await t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${tokenOf(mail!.link)}` });
    expect(confirmed.json()).toEqual({ message: MESSAGES.auth.verified, results: { alreadyVerified: false } });

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'margaux@exemple.fr', password: 'Parcours2024!' } });
    expect(login.statusCode).toBe(200);
    const { token, userId: loggedId, isAdmin, user } = login.json().results;
    expect(loggedId).toBe(userId);
    expect(isAdmin).toBe(false);
    expect(user).toMatchObject({ firstName: 'Margaux', lastName: 'Roux', isFirstTime: true });

    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().results.user).toMatchObject({ id: userId, pseudo: 'MargauxR', email: 'margaux@exemple.fr', wallet: { amount: 0 } });

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);

    const after = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(after.statusCode).toBe(401);
  });
});
