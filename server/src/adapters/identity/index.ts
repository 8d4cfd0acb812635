import type { Config } from '../../config';
import type { IdentityProviders } from './port';
import { GoogleIdTokenVerifier } from './google';
import { FacebookTokenVerifier } from './facebook';

/** A provider exists only when configured; otherwise its sign-in answers "not available". */
export function createIdentityProviders(config: Config): IdentityProviders {
  return {
    google: config.GOOGLE_CLIENT_ID ? new GoogleIdTokenVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL) : null,
    // Checking a Facebook token needs the app secret as well as the id.
    facebook: config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET ? new FacebookTokenVerifier(config.FACEBOOK_APP_ID, config.FACEBOOK_APP_SECRET, config.FACEBOOK_GRAPH_URL) : null,
  };
}
