import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser } from '../../test/factories';
import { userIdentities, users } from '../../db/schema';
import { FACEBOOK_TEST_APP, GOOGLE_TEST_CLIENT_ID, startFacebookStub, startGoogleStub, type FacebookStub, type GoogleStub } from '../../adapters/identity/testing';

const A = MESSAGES.auth;
let t: TestApp;
let google: GoogleStub;
let fb: FacebookStub;
beforeAll(async () => {
  google = await startGoogleStub();
  fb = await startFacebookStub();
  t = await createTestApp({
    env: {
      AUTH_RATE_LIMIT: 1000,
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
      FACEBOOK_APP_ID: FACEBOOK_TEST_APP.id,
      FACEBOOK_APP_SECRET: FACEBOOK_TEST_APP.secret,
      FACEBOOK_GRAPH_URL: fb.graphUrl,
    },
  });
});
afterAll(async () => {
  await t.close();
  await google.close();
  await fb.close();
});

const withGoogle = (tokenId: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/google', payload: { tokenId } });
const withFacebook = (accessToken: string, userID: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/facebook', payload: { accessToken, userID } });

describe('POST /api/auth/login/google', () => {
  it('creates a verified account with a pseudo from the name, then finds it again by subject', async () => {
    const first = await withGoogle(await google.token({ sub: 'g-1', email: 'Camille.Durand@gmail.com', given_name: 'camille', family_name: 'durand' }));
    expect(first.statusCode).toBe(200);
    const results = first.json().results;
    expect(first.json().message).toBe(A.loggedIn);
    expect(results.user).toMatchObject({ email: 'camille.durand@gmail.com', pseudo: 'Camille.Durand', firstName: 'Camille', lastName: 'Durand', isFirstTime: true, isAuthenticated: true });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, results.userId));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(row!.passwordHash).toBeNull();

    // Google may report another e-mail later: the subject, not the e-mail, finds the account.
    const again = await withGoogle(await google.token({ sub: 'g-1', email: 'nouvelle@gmail.com' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().results.userId).toBe(results.userId);

    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${again.json().results.token}` } });
    expect(me.json().results.user.id).toBe(results.userId);
  });

  it('refuses a suspended member with the reason to write to the team', async () => {
    const first = await withGoogle(await google.token({ sub: 'g-suspended', email: 'suspendu@gmail.com' }));
    expect(first.statusCode).toBe(200);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, first.json().results.userId));
    const res = await withGoogle(await google.token({ sub: 'g-suspended', email: 'suspendu@gmail.com' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(MESSAGES.admin.members.signInRefused);
  });

  it('gives a second person with the same name another pseudo', async () => {
    const res = await withGoogle(await google.token({ sub: 'g-2', email: 'camille.durand2@gmail.com', given_name: 'Camille', family_name: 'Durand' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().results.user.pseudo).toMatch(/^Camille\.Durand_\d{4}$/);
  });

  it('never enters a password account found by e-mail, and says how to sign in', async () => {
    const owner = await buildPasswordUser(t.ctx, { email: 'deja.inscrit@gmail.com' });
    const res = await withGoogle(await google.token({ sub: 'g-3', email: 'Deja.Inscrit@gmail.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: { message: A.providerEmailHasPassword, code: 409 } });
    const links = await t.ctx.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id));
    expect(links).toHaveLength(0);
  });

  it('refuses an account without a verified e-mail', async () => {
    const res = await withGoogle(await google.token({ sub: 'g-4', email: 'pasverifie@gmail.com', email_verified: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(A.providerEmailMissing);
  });

  it.each([
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3660 }],
    ['another audience', { aud: 'autre' }],
  ])('answers 401 to %s', async (_label, claims) => {
    const res = await withGoogle(await google.token({ sub: 'g-5', ...claims }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: { message: A.googleFailed, code: 401 } });
  });

  it('creates one account when the first sign-in arrives twice at once', async () => {
    const token = await google.token({ sub: 'g-6', email: 'double.clic@gmail.com', given_name: 'Double', family_name: 'Clic' });
    const [a, b] = await Promise.all([withGoogle(token), withGoogle(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().results.userId).toBe(b.json().results.userId);
    const rows = await t.ctx.db.select().from(userIdentities).where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, 'g-6')));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/login/facebook', () => {
  it('creates an account from a valid token and finds it again', async () => {
    fb.addToken('fb-valid', { id: '5001', email: 'lou.martin@exemple.fr', first_name: 'lou', last_name: 'martin' });
    const first = await withFacebook('fb-valid', '5001');
    expect(first.statusCode).toBe(200);
    expect(first.json().results.user).toMatchObject({ email: 'lou.martin@exemple.fr', pseudo: 'Lou.Martin', firstName: 'Lou', lastName: 'Martin' });
    const again = await withFacebook('fb-valid', '5001');
    expect(again.json().results.userId).toBe(first.json().results.userId);
  });

  it('does not merge with a Google account that has the same e-mail', async () => {
    await withGoogle(await google.token({ sub: 'g-7', email: 'meme.adresse@exemple.fr' }));
    fb.addToken('fb-same-mail', { id: '5002', email: 'meme.adresse@exemple.fr' });
    const res = await withFacebook('fb-same-mail', '5002');
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(A.providerEmailHasOtherProvider);
  });

  it.each([
    ['an invalid token', 'fb-unknown', '5003'],
    ['a token for another user', 'fb-valid', '9999'],
  ])('answers 401 to %s', async (_label, token, userID) => {
    const res = await withFacebook(token, userID);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: { message: A.facebookFailed, code: 401 } });
  });

  it('refuses missing fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/facebook', payload: { accessToken: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('providers not configured', () => {
  it('answers that the sign-in mode is not available', async () => {
    const plain = await createTestApp();
    try {
      const g = await plain.app.inject({ method: 'POST', url: '/api/auth/login/google', payload: { tokenId: 'x' } });
      expect(g.statusCode).toBe(400);
      expect(g.json().message.message).toBe(A.providerDisabled);
      const f = await plain.app.inject({ method: 'POST', url: '/api/auth/login/facebook', payload: { accessToken: 'x', userID: '1' } });
      expect(f.json().message.message).toBe(A.providerDisabled);
    } finally {
      await plain.close();
    }
  });
});
