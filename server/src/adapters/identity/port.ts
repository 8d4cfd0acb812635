/** Sign-in with Google and Facebook: the provider vouches for the person (docs/product.md §8). */
export interface VerifiedIdentity {
  provider: 'google' | 'facebook';
  /** The provider's stable id for the person (Google `sub`, Facebook user id). */
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface GoogleVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

export interface FacebookVerifier {
  verify(accessToken: string, userID: string): Promise<VerifiedIdentity>;
}

/** Each is null when the provider is not configured: its button is then hidden. */
export interface IdentityProviders {
  google: GoogleVerifier | null;
  facebook: FacebookVerifier | null;
}

/** The provider did not vouch for the token (invalid, expired, other app, unreachable…). */
export class IdentityVerificationError extends Error {
  constructor(
    readonly provider: 'google' | 'facebook',
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${reason}`, options);
    this.name = 'IdentityVerificationError';
  }
}
