/**
 * Facebook sign-in: the browser sends the user access token and user id it got from the SDK.
 * The Graph API's debug_token, asked with our app token, must say the token is valid, was
 * issued to our app and belongs to that user; only then is the profile read. Facebook only
 * returns confirmed e-mail addresses.
 */
import { createHmac } from 'node:crypto';
import { IdentityVerificationError, type FacebookVerifier, type VerifiedIdentity } from './port';

const TIMEOUT_MS = 5000;

interface DebugToken {
  data?: { is_valid?: boolean; app_id?: string | number; user_id?: string | number };
}

interface Me {
  id?: string | number;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export class FacebookTokenVerifier implements FacebookVerifier {
  private readonly graphUrl: string;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
    graphUrl: string,
  ) {
    this.graphUrl = graphUrl.replace(/\/$/, '');
  }

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${this.graphUrl}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new IdentityVerificationError('facebook', `graph unreachable: ${(error as Error).message}`, { cause: error });
    }
    if (!res.ok) throw new IdentityVerificationError('facebook', `graph answered ${res.status} on ${path}`);
    try {
      return (await res.json()) as T;
    } catch (error) {
      throw new IdentityVerificationError('facebook', `graph answered invalid JSON on ${path}`, { cause: error });
    }
  }

  async verify(accessToken: string, userID: string): Promise<VerifiedIdentity> {
    const debug = await this.get<DebugToken>('/debug_token', { input_token: accessToken, access_token: `${this.appId}|${this.appSecret}` });
    const data = debug.data;
    if (!data?.is_valid) throw new IdentityVerificationError('facebook', 'token not valid');
    if (String(data.app_id) !== this.appId) throw new IdentityVerificationError('facebook', 'token issued to another app');
    if (String(data.user_id) !== userID) throw new IdentityVerificationError('facebook', 'token belongs to another user');

    // appsecret_proof ties the call to our app, as apps with "Require App Secret" demand.
    const proof = createHmac('sha256', this.appSecret).update(accessToken).digest('hex');
    const me = await this.get<Me>('/me', { fields: 'id,email,first_name,last_name', access_token: accessToken, appsecret_proof: proof });
    if (String(me.id) !== userID) throw new IdentityVerificationError('facebook', 'profile of another user');
    return {
      provider: 'facebook',
      subject: userID,
      email: typeof me.email === 'string' && me.email ? me.email : null,
      firstName: typeof me.first_name === 'string' ? me.first_name : null,
      lastName: typeof me.last_name === 'string' ? me.last_name : null,
    };
  }
}
