/**
 * Device cookies (decision 0008): a browser that has signed in to an account is not held back
 * by guesses from elsewhere; one that has not, or that shows a forged or another account's
 * cookie, is held back as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser } from '../../test/factories';
import { DEVICE_COOKIE } from './device-cookie';
import { ACCOUNT_ATTEMPTS, PAIR_ATTEMPTS } from './sign-in-throttle';

const A = MESSAGES.auth;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

const OWNER_ADDRESS = '198.51.100.7';
const login = (email: string, password: string, remoteAddress: string, device?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {} });

/** The device cookie an answer sets, and the attributes it is set with. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): { value: string; attributes: string } {
  const header = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${DEVICE_COOKIE}=`));
  expect(header, 'a device cookie is set').toBeDefined();
  const [pair, ...attributes] = header!.split('; ');
  return { value: pair!.slice(DEVICE_COOKIE.length + 1), attributes: attributes.join('; ') };
}

let guess = 0;
/** Wrong passwords for the account, each from an address never seen before. */
async function guessFromRotatingAddresses(email: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    guess += 1;
    const res = await login(email, `Faux-${guess}`, `192.0.${Math.floor(guess / 250) + 2}.${(guess % 250) + 1}`);
    expect([401, 429]).toContain(res.statusCode);
  }
}

describe('device cookies', () => {
  it('a browser that signed in before signs in at once while guesses from many addresses slow the account; one without the cookie waits', async () => {
    const owner = await buildPasswordUser(t.ctx);
    const first = await login(owner.email, owner.password, OWNER_ADDRESS);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Strict/);
    expect(cookie.attributes).toMatch(/Path=\/api\/auth\/login/);

    await guessFromRotatingAddresses(owner.email, ACCOUNT_ATTEMPTS + 1);
    let device = cookie.value;
    // One wrong password a second from new addresses, the owner signing in between them: always in.
    for (let i = 0; i < 9; i++) {
      await guessFromRotatingAddresses(owner.email, 1);
      const res = await login(owner.email, owner.password, `203.0.113.${i + 10}`, device);
      expect(res.statusCode, res.body).toBe(200);
      device = deviceCookieOf(res).value;
      t.clock.advance(1000);
    }
    await guessFromRotatingAddresses(owner.email, 1);
    const without = await login(owner.email, owner.password, '203.0.113.50');
    expect(without.statusCode).toBe(429);
    expect(without.json().message.message).toBe(A.signInSlowed);
  });

  it('a forged cookie, or one issued for another account, gives no way past the wait', async () => {
    const owner = await buildPasswordUser(t.ctx);
    const other = await buildPasswordUser(t.ctx);
    const own = deviceCookieOf(await login(owner.email, owner.password, OWNER_ADDRESS)).value;
    const others = deviceCookieOf(await login(other.email, other.password, OWNER_ADDRESS)).value;
    await guessFromRotatingAddresses(owner.email, ACCOUNT_ATTEMPTS + 1);

    const [nonce, issued, signature] = own.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const forgeries = [
      `${nonce}.${issued}.${flipped}`,
      `${nonce}.${Number(issued) + 1}.${signature}`,
      `${'x'.repeat(22)}.${issued}.${signature}`,
      others,
      'n\u0027importe quoi',
    ];
    for (const forged of forgeries) {
      const res = await login(owner.email, owner.password, '203.0.113.60', forged);
      expect(res.statusCode, forged).toBe(429);
    }
    // The genuine one still works.
    expect((await login(owner.email, owner.password, '203.0.113.60', own)).statusCode).toBe(200);
  });

  it('failures with a cookie count against that cookie: past its limit it is worth nothing', async () => {
    const owner = await buildPasswordUser(t.ctx);
    const device = deviceCookieOf(await login(owner.email, owner.password, OWNER_ADDRESS)).value;
    await guessFromRotatingAddresses(owner.email, ACCOUNT_ATTEMPTS + 1);
    // A thief with the cookie gets the cookie's own few guesses, not the owner's freedom.
    for (let i = 0; i < PAIR_ATTEMPTS; i++) expect((await login(owner.email, `Vol-${i}`, '203.0.113.70', device)).statusCode).toBe(401);
    const after = await login(owner.email, owner.password, '203.0.113.70', device);
    expect(after.statusCode).toBe(429);
  });
});
