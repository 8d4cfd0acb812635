/**
 * Device cookies, as OWASP describes them (« Slow down online guessing attacks with device
 * cookies »; docs/decisions/0008-sign-in-throttling.md). A successful sign-in gives the browser
 * a signed proof that it has signed in to that account; a browser that presents it is not
 * held back by failures from elsewhere, only by its own. The cookie holds no address in clear:
 * each entry is a random nonce, the time it was issued and an HMAC of both with the account's
 * address, so it names the account only to whoever types that address.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta } from '../../db/schema';

export const DEVICE_COOKIE = 'creadefi_device';
/** As long as a browser is trusted without a new sign-in. */
export const DEVICE_COOKIE_SECONDS = 180 * 24 * 3600;
/** Accounts one browser is remembered for; the oldest goes first. */
const ENTRIES_KEPT = 5;
const KEY_NAME = 'device_cookie_key';
const ENTRY = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signing key, drawn once for the database and kept in it, so that every instance signs
 * and checks alike and `npm start` needs no setting. Read once per process.
 */
const keys = new WeakMap<Db, Promise<Buffer>>();
function signingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.insert(appMeta).values({ key: KEY_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY_NAME));
      return Buffer.from(String(row!.value), 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, email: string, nonce: string, issued: string) =>
  createHmac('sha256', key).update(`device\n${email}\n${nonce}\n${issued}`).digest('base64url');

/** The cookie's entries, well formed or not yet read. */
const entriesOf = (value: string | null) => (value ?? '').split('~').filter((e) => ENTRY.test(e));

/**
 * The nonce of the entry this cookie holds for this address (lower-cased), if its signature is
 * right and it is younger than DEVICE_COOKIE_SECONDS; null otherwise, whatever the cookie holds.
 */
export async function trustedDevice(db: Db, cookie: string | null, email: string, now: Date): Promise<string | null> {
  const entries = entriesOf(cookie);
  if (entries.length === 0) return null;
  const key = await signingKey(db);
  for (const entry of entries) {
    const [, nonce, issued, signature] = ENTRY.exec(entry)!;
    const expected = Buffer.from(mac(key, email, nonce!, issued!));
    const given = Buffer.from(signature!);
    if (!timingSafeEqual(expected, given)) continue;
    if (now.getTime() / 1000 - Number(issued) > DEVICE_COOKIE_SECONDS) return null;
    return nonce!;
  }
  return null;
}

/** The cookie's value once this browser has signed in to this address: a new entry first, that address's old one dropped. */
export async function deviceCookieAfterSignIn(db: Db, cookie: string | null, email: string, now: Date): Promise<string> {
  const key = await signingKey(db);
  const previous = await trustedDevice(db, cookie, email, now);
  const others = entriesOf(cookie).filter((e) => previous === null || !e.startsWith(`${previous}.`));
  const nonce = randomBytes(16).toString('base64url');
  const issued = String(Math.floor(now.getTime() / 1000));
  return [`${nonce}.${issued}.${mac(key, email, nonce, issued)}`, ...others].slice(0, ENTRIES_KEPT).join('~');
}

/** The Set-Cookie header: read by the server alone, sent only to the sign-in route. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${value}; Path=/api/auth/login; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
