/**
 * Local stand-ins for Google's key set and Facebook's Graph API, started by tests on a free
 * port so the real verification code runs against HTTP exactly as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface GoogleStub {
  jwksUrl: string;
  /** A signed ID token; `claims` override the defaults (use `exp`, `iss`, `aud` to break it). */
  token(claims?: JWTPayload & Record<string, unknown>, options?: { signWithOtherKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startGoogleStub(): Promise<GoogleStub> {
  const kid = 'test-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = await listen((req, res) => {
    if (req.url === '/certs') return json(res, 200, { keys: [jwk] });
    json(res, 404, {});
  });
  return {
    jwksUrl: `${server.url}/certs`,
    close: server.close,
    async token(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        iss: 'https://accounts.google.com',
        aud: GOOGLE_TEST_CLIENT_ID,
        sub: '1000001',
        email: 'camille.google@gmail.com',
        email_verified: true,
        given_name: 'camille',
        family_name: 'durand',
        iat: now,
        exp: now + 3600,
        ...claims,
      };
      // Same key id, another key: the signature cannot match the published key.
      return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(options.signWithOtherKey ? other.privateKey : privateKey);
    },
  };
}

export const FACEBOOK_TEST_APP = { id: '424242', secret: 'app-secret-for-tests' };

interface FacebookTestUser {
  id: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export interface FacebookStub {
  graphUrl: string;
  /** Registers a user access token: valid for our app unless told otherwise. */
  addToken(token: string, user: FacebookTestUser, options?: { appId?: string; valid?: boolean }): void;
  close(): Promise<void>;
}

export async function startFacebookStub(): Promise<FacebookStub> {
  const tokens = new Map<string, { user: FacebookTestUser; appId: string; valid: boolean }>();
  const server = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const q = url.searchParams;
    if (url.pathname === '/debug_token') {
      if (q.get('access_token') !== `${FACEBOOK_TEST_APP.id}|${FACEBOOK_TEST_APP.secret}`) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const entry = tokens.get(q.get('input_token') ?? '');
      if (!entry) return json(res, 200, { data: { is_valid: false, error: { code: 190, message: 'Invalid token' } } });
      return json(res, 200, { data: { app_id: entry.appId, type: 'USER', is_valid: entry.valid, user_id: entry.user.id, scopes: ['email', 'public_profile'] } });
    }
    if (url.pathname === '/me') {
      const token = q.get('access_token') ?? '';
      const entry = tokens.get(token);
      const proof = createHmac('sha256', FACEBOOK_TEST_APP.secret).update(token).digest('hex');
      if (!entry || !entry.valid || q.get('appsecret_proof') !== proof) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const fields = (q.get('fields') ?? 'id').split(',');
      const out: Record<string, unknown> = {};
      for (const f of fields) if (f in entry.user) out[f] = entry.user[f as keyof FacebookTestUser];
      return json(res, 200, out);
    }
    json(res, 404, { error: { message: 'Unknown path' } });
  });
  return {
    graphUrl: server.url,
    close: server.close,
    addToken(token, user, options = {}) {
      tokens.set(token, { user, appId: options.appId ?? FACEBOOK_TEST_APP.id, valid: options.valid ?? true });
    },
  };
}
