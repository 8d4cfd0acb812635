import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacebookTokenVerifier } from './facebook';
import { IdentityVerificationError } from './port';
import { FACEBOOK_TEST_APP, startFacebookStub, type FacebookStub } from './testing';

let fb: FacebookStub;
let verifier: FacebookTokenVerifier;
beforeAll(async () => {
  fb = await startFacebookStub();
  verifier = new FacebookTokenVerifier(FACEBOOK_TEST_APP.id, FACEBOOK_TEST_APP.secret, `${fb.graphUrl}/`);
  fb.addToken('tok-valid', { id: '777', email: 'sam@exemple.fr', first_name: 'Sam', last_name: 'Leroy' });
  fb.addToken('tok-expired', { id: '778' }, { valid: false });
  fb.addToken('tok-other-app', { id: '779' }, { appId: '999999' });
  fb.addToken('tok-no-email', { id: '780', first_name: 'Sans' });
});
afterAll(() => fb.close());

describe('Facebook access token verification', () => {
  it('accepts a valid token of our app for that user and reads the profile', async () => {
    await expect(verifier.verify('tok-valid', '777')).resolves.toEqual({ provider: 'facebook', subject: '777', email: 'sam@exemple.fr', firstName: 'Sam', lastName: 'Leroy' });
  });

  it('gives no e-mail when Facebook shares none', async () => {
    await expect(verifier.verify('tok-no-email', '780')).resolves.toMatchObject({ email: null, firstName: 'Sans', lastName: null });
  });

  it.each([
    ['an unknown token', 'tok-unknown', '777'],
    ['an invalid token', 'tok-expired', '778'],
    ['a token of another app', 'tok-other-app', '779'],
    ['a user id that is not the token’s', 'tok-valid', '12345'],
  ])('refuses %s', async (_label, token, userID) => {
    await expect(verifier.verify(token, userID)).rejects.toBeInstanceOf(IdentityVerificationError);
  });

  it('refuses when the app secret is wrong', async () => {
    const wrongSecret = new FacebookTokenVerifier(FACEBOOK_TEST_APP.id, 'wrong', fb.graphUrl);
    await expect(wrongSecret.verify('tok-valid', '777')).rejects.toBeInstanceOf(IdentityVerificationError);
  });

  it('fails cleanly when the Graph API cannot be reached', async () => {
    const offline = new FacebookTokenVerifier(FACEBOOK_TEST_APP.id, FACEBOOK_TEST_APP.secret, 'http://127.0.0.1:9');
    await expect(offline.verify('tok-valid', '777')).rejects.toBeInstanceOf(IdentityVerificationError);
  });
});
