/**
 * Google sign-in: the browser gets an ID token (a JWT signed by Google) and sends it here.
 * It is checked against Google's published keys (GOOGLE_JWKS_URL, configurable so tests serve
 * their own), for our client id, Google's issuer and its expiry. The e-mail is used only
 * when Google says it is verified.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { IdentityVerificationError, type GoogleVerifier, type VerifiedIdentity } from './port';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

interface GoogleClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
}

export class GoogleIdTokenVerifier implements GoogleVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    // jose caches the key set and refetches it when a token names an unknown key id.
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    let claims: GoogleClaims;
    try {
      const { payload } = await jwtVerify<GoogleClaims>(idToken, this.keys, {
        audience: this.clientId,
        issuer: ISSUERS,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      claims = payload;
    } catch (error) {
      throw new IdentityVerificationError('google', (error as Error).message, { cause: error });
    }
    if (!claims.sub) throw new IdentityVerificationError('google', 'no subject');
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      provider: 'google',
      subject: claims.sub,
      email: emailVerified && typeof claims.email === 'string' ? claims.email : null,
      firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
      lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
    };
  }
}
