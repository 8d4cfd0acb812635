import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleIdTokenVerifier } from './google';
import { IdentityVerificationError } from './port';
import { GOOGLE_TEST_CLIENT_ID, startGoogleStub, type GoogleStub } from './testing';

let google: GoogleStub;
let verifier: GoogleIdTokenVerifier;
beforeAll(async () => {
  google = await startGoogleStub();
  verifier = new GoogleIdTokenVerifier(GOOGLE_TEST_CLIENT_ID, google.jwksUrl);
});
afterAll(() => google.close());

const now = () => Math.floor(Date.now() / 1000);

describe('Google ID token verification', () => {
  it('accepts a token signed by a published key, for our client, from Google', async () => {
    const identity = await verifier.verify(await google.token({ sub: '42' }));
    expect(identity).toEqual({ provider: 'google', subject: '42', email: 'camille.google@gmail.com', firstName: 'camille', lastName: 'durand' });
  });

  it('accepts the issuer without https too', async () => {
    await expect(verifier.verify(await google.token({ iss: 'accounts.google.com' }))).resolves.toMatchObject({ subject: '1000001' });
  });

  it('ignores an e-mail Google has not verified', async () => {
    const identity = await verifier.verify(await google.token({ email_verified: false }));
    expect(identity.email).toBeNull();
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['an expired token', { iat: now() - 7200, exp: now() - 3600 }],
  ])('refuses %s', async (_label, claims) => {
    await expect(verifier.verify(await google.token(claims))).rejects.toBeInstanceOf(IdentityVerificationError);
  });

  it('refuses a bad signature', async () => {
    await expect(verifier.verify(await google.token({}, { signWithOtherKey: true }))).rejects.toBeInstanceOf(IdentityVerificationError);
  });

  it('refuses a token that is not a JWT', async () => {
    await expect(verifier.verify('pas-un-jeton')).rejects.toBeInstanceOf(IdentityVerificationError);
  });

  it('fails cleanly when the key set cannot be fetched', async () => {
    const offline = new GoogleIdTokenVerifier(GOOGLE_TEST_CLIENT_ID, 'http://127.0.0.1:9/certs');
    await expect(offline.verify(await google.token())).rejects.toBeInstanceOf(IdentityVerificationError);
  });
});
