/**
 * Sessions (docs/architecture.md §11): sign-out and a password change end tokens at once —
 * live-event streams included —, guessing one account's password is stopped per address and
 * slowed for the account without locking its owner out, a reset request does not tell whether an address has an
 * account, and e-mailed links work once and expire.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { buildPasswordUser, tokenOf, waitForMail } from '../test/factories';
import { EMAIL_TOKEN_TTL_MS } from '../modules/auth/email-tokens';
import { ACCOUNT_ATTEMPTS, PAIR_ATTEMPTS, PAIR_WINDOW_SECONDS, SLOW_SECONDS } from '../modules/auth/sign-in-throttle';

const A = MESSAGES.auth;
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let base = '';

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const login = (email: string, password: string, remoteAddress = '198.51.100.1', app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results.token as string;
}

/** An open event stream; `ended` resolves when the server closes it. */
async function openStream(token: string): Promise<{ ended: Promise<void>; abort(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: bearer(token), signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // aborted
    }
  })();
  return { ended, abort: () => controller.abort() };
}

/** Resolves true if `p` settles within `ms`. */
const within = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

async function resetLink(email: string, after: string | null = null): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email } });
  expect(res.statusCode).toBe(200);
  const mail = await waitForMail(t.outbox, (m) => m.to === email && m.subject === A.mail.resetSubject && m.link !== after);
  return mail.link!;
}

describe('ending a session', () => {
  it('sign-out ends the token at once: the API, the stream link and the stream already open', async () => {
    const u = await buildPasswordUser(t.ctx);
    const token = await signIn(u.email, u.password);
    const other = await signIn(u.email, u.password);
    const stream = await openStream(token);
    const otherStream = await openStream(other);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/events?token=${token}` })).statusCode).toBe(401);
    expect(await within(stream.ended, 2000)).toBe(true);
    // The person's other session goes on.
    expect((await me(other)).statusCode).toBe(200);
    expect(await within(otherStream.ended, 300)).toBe(false);
    otherStream.abort();
    // Signing out twice with the same token is refused, not an error.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a new password ends every session of the account at once, streams included', async () => {
    const u = await buildPasswordUser(t.ctx);
    const tokens = [await signIn(u.email, u.password), await signIn(u.email, u.password)];
    const streams = await Promise.all(tokens.map(openStream));
    const token = tokenOf(await resetLink(u.email));
    const done = await t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${token}`, payload: { newPassword: 'Changé-2025!', confirmPassword: 'Changé-2025!' } });
    expect(done.statusCode).toBe(200);
    for (const old of tokens) expect((await me(old)).statusCode).toBe(401);
    for (const s of streams) expect(await within(s.ended, 2000)).toBe(true);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, 'Changé-2025!')).statusCode).toBe(200);
  });

  it('a session ends on its own SESSION_DAYS after sign-in, even when used every day', async () => {
    const u = await buildPasswordUser(t.ctx);
    const token = await signIn(u.email, u.password);
    const start = t.clock.now();
    try {
      for (let day = 1; day < t.ctx.config.SESSION_DAYS; day++) {
        t.clock.advance(DAY);
        expect((await me(token)).statusCode).toBe(200);
      }
      t.clock.advance(DAY - 60_000);
      expect((await me(token)).statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      t.clock.set(start);
    }
  });

  it('a session unused for 7 days has ended', async () => {
    const u = await buildPasswordUser(t.ctx);
    const idle = await signIn(u.email, u.password);
    const edge = await signIn(u.email, u.password);
    const used = await signIn(u.email, u.password);
    const start = t.clock.now();
    try {
      expect(t.ctx.config.SESSION_IDLE_DAYS).toBe(7);
      // Used after 6 days, this session counts its 7 days again from then.
      t.clock.advance(6 * DAY);
      expect((await me(used)).statusCode).toBe(200);
      t.clock.advance(DAY - 60_000);
      expect((await me(edge)).statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await me(idle)).statusCode).toBe(401);
      expect((await me(used)).statusCode).toBe(200);
      t.clock.advance(7 * DAY);
      expect((await me(used)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/events?token=${used}` })).statusCode).toBe(401);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('passwords', () => {
  it('are checked exactly as typed, and may be long', async () => {
    const spaced = await buildPasswordUser(t.ctx, { password: '  mot de passe avec espaces  ' });
    expect((await login(spaced.email, '  mot de passe avec espaces  ')).statusCode).toBe(200);
    expect((await login(spaced.email, 'mot de passe avec espaces')).statusCode).toBe(401);
    expect((await login(spaced.email, '  MOT DE PASSE AVEC ESPACES  ')).statusCode).toBe(401);
    const long = 'Une phrase de passe très longue, facile à retenir et difficile à deviner, 2025 !'.padEnd(100, '…');
    const id = `long${Date.now() % 100000}`;
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo: id, email: `${id}@exemple.fr`, password: long, confirmPassword: long } });
    expect(registered.statusCode, registered.body).toBe(201);
  });
});

describe('guessing a password', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { AUTH_RATE_LIMIT: 3, AUTH_RATE_WINDOW_SECONDS: 60 } });
  });
  afterAll(() => limited?.close());

  it('is slowed per address by the route limit, then stopped for that address on that account', async () => {
    const u = await buildPasswordUser(limited.ctx);
    const from = (n: number) => `203.0.113.${n}`;
    // Slowed: past AUTH_RATE_LIMIT tries, one address waits for the window to end.
    for (let i = 0; i < 3; i++) expect((await login(u.email, `Faux-${i}`, from(1), limited.app)).statusCode).toBe(401);
    const slowed = await login(u.email, 'Faux-4', from(1), limited.app);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    limited.clock.advance(61_000);
    for (let i = 3; i < PAIR_ATTEMPTS; i++) expect((await login(u.email, `Faux-${i}`, from(1), limited.app)).statusCode).toBe(401);
    // Stopped: PAIR_ATTEMPTS failures from one address, and that address waits, even with the right password.
    const stopped = await login(u.email, u.password, from(1), limited.app);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message.message).toBe(A.accountLocked);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(PAIR_WINDOW_SECONDS - 120);
    limited.clock.advance(PAIR_WINDOW_SECONDS * 1000);
    expect((await login(u.email, u.password, from(1), limited.app)).statusCode).toBe(200);
  });

  it('failures from one address do not lock the owner out from another', async () => {
    const u = await buildPasswordUser(t.ctx);
    const attacker = '203.0.113.66';
    for (let i = 0; i < PAIR_ATTEMPTS; i++) expect((await login(u.email, `Faux-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(u.email, u.password, attacker)).statusCode).toBe(429);
    const owner = await login(u.email, u.password, '198.51.100.77');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('is slowed for the account, never locked, when guesses come from many addresses', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < ACCOUNT_ATTEMPTS; i++) expect((await login(u.email, `Faux-${i}`, `192.0.2.${100 + i}`)).statusCode).toBe(401);
    // Past that, one password is checked every SLOW_SECONDS on the account.
    expect((await login(u.email, 'Faux-x', '192.0.2.150')).statusCode).toBe(401);
    const waiting = await login(u.email, u.password, '198.51.100.88');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message.message).toBe(A.signInSlowed);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(SLOW_SECONDS);
    // The owner, a few seconds later: in.
    t.clock.advance(SLOW_SECONDS * 1000);
    expect((await login(u.email, u.password, '198.51.100.88')).statusCode).toBe(200);
  });

  it('tries no more than the limits allow when guesses arrive all at once', async () => {
    const spread = await buildPasswordUser(t.ctx);
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => login(spread.email, `Faux-${i}`, `198.51.100.${i + 100}`)));
    // ACCOUNT_ATTEMPTS, then the one slot of the slowed account.
    expect(many.filter((g) => g.statusCode === 401)).toHaveLength(ACCOUNT_ATTEMPTS + 1);
    expect(many.filter((g) => g.statusCode === 429)).toHaveLength(20 - ACCOUNT_ATTEMPTS - 1);

    const single = await buildPasswordUser(t.ctx);
    const one = await Promise.all(Array.from({ length: 20 }, (_, i) => login(single.email, `Faux-${i}`, '203.0.113.99')));
    expect(one.filter((g) => g.statusCode === 401)).toHaveLength(PAIR_ATTEMPTS);
    expect(one.filter((g) => g.statusCode === 429)).toHaveLength(20 - PAIR_ATTEMPTS);
  });

  it('holds back an address without an account the same way, so a wait tells nothing', async () => {
    const u = await buildPasswordUser(limited.ctx);
    const answers = async (email: string, n: number) => {
      const out: string[] = [];
      for (let i = 0; i <= PAIR_ATTEMPTS; i++) {
        out.push((await login(email, `Faux-${i}`, `192.0.2.${n}`, limited.app)).body);
        // Past the route's own limit per address, which is not what this compares.
        limited.clock.advance(61_000);
      }
      return out;
    };
    const unknown = await answers('absent@exemple.fr', 201);
    expect(unknown.at(-1)).toContain(A.accountLocked);
    expect(unknown).toEqual(await answers(u.email, 202));
  });

  it('cannot be spread over made-up addresses: X-Forwarded-For counts only from a proxy on this machine', async () => {
    const spoof = (n: number, remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `personne-${n}@exemple.fr`, password: 'Faux' }, remoteAddress, headers: { 'x-forwarded-for': `192.0.2.${n}` } });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await spoof(i, '203.0.113.200')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429]);
    // Behind a reverse proxy on the same machine, each client keeps its own count.
    for (let i = 0; i < 5; i++) expect((await spoof(100 + i, '127.0.0.1')).statusCode).toBe(401);
  });
});

describe('password reset requests', () => {
  /** Median time of `n` calls, each made once the server is idle again, in ms. */
  async function medianMs(n: number, call: () => Promise<unknown>): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      // The mail of a known address is sent after the answer; it must not slow the next call.
      await t.settled();
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(n / 2)]!;
  }

  it('answer the same, in about the same time, whether or not the address has an account', async () => {
    const u = await buildPasswordUser(t.ctx);
    const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email } });
    const known = await ask(u.email);
    const unknown = await ask('personne-ici@exemple.fr');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    // Alternated, so that a slow moment of the machine falls on both.
    let knownMs = 0;
    let unknownMs = 0;
    for (let round = 0; round < 3; round++) {
      knownMs += await medianMs(7, () => ask(u.email));
      unknownMs += await medianMs(7, () => ask('personne-ici@exemple.fr'));
    }
    expect(Math.abs(knownMs - unknownMs) / 3).toBeLessThan(Math.max(20, (0.5 * Math.min(knownMs, unknownMs)) / 3));
  });

  it('sign-in says the same, in about the same time, for a wrong password and an unknown address', async () => {
    const wrongTimes: number[] = [];
    const nobodyTimes: number[] = [];
    const pause = () => new Promise((r) => setTimeout(r, 30));
    // A new account and a new unknown address each round: neither reaches its lockout.
    for (let round = 0; round < 7; round++) {
      const u = await buildPasswordUser(t.ctx);
      // Nothing is left running to wait for: the pause only spaces the timed calls, so that
      // the memory an argon2 check leaves to collect falls between them rather than on one.
      await pause();
      let start = performance.now();
      const wrong = await login(u.email, 'Pas-le-bon-1');
      wrongTimes.push(performance.now() - start);
      await pause();
      start = performance.now();
      const nobody = await login(`personne-${round}-${u.id}@exemple.fr`, 'Pas-le-bon-1');
      nobodyTimes.push(performance.now() - start);
      expect(nobody.statusCode).toBe(wrong.statusCode);
      expect(nobody.body).toBe(wrong.body);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both verify an argon2 hash (a dummy one for an unknown address) and count the attempt.
    const [w, n] = [median(wrongTimes), median(nobodyTimes)];
    expect(Math.abs(w - n)).toBeLessThan(Math.max(30, 0.5 * Math.min(w, n)));
  });
});

describe('links sent by e-mail', () => {
  const recover = (token: string, password = 'Nouveau-Mot-2') =>
    t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${token}`, payload: { newPassword: password, confirmPassword: password } });

  it('a reset link works once, and not after an hour', async () => {
    const u = await buildPasswordUser(t.ctx);
    const first = await resetLink(u.email);
    expect((await recover(tokenOf(first))).statusCode).toBe(200);
    const again = await recover(tokenOf(first), 'Encore-Un-3');
    expect(again.statusCode).toBe(400);
    expect(again.json().message.message).toBe(A.linkInvalid);

    const late = await resetLink(u.email, first);
    t.clock.advance(EMAIL_TOKEN_TTL_MS.reset + 1000);
    expect((await recover(tokenOf(late))).statusCode).toBe(400);
  });

  it('a verification link works once, and not after 48 hours', async () => {
    const email = `verif-${Date.now()}@exemple.fr`;
    const register = (address: string, pseudo: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo, email: address, password: 'MotDePasse123!', confirmPassword: 'MotDePasse123!' } });
    expect((await register(email, `verif${Date.now() % 100000}`)).statusCode).toBe(201);
    const link = (await waitForMail(t.outbox, (m) => m.to === email && m.subject === A.mail.verifySubject)).link!;
    const confirm = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${token}` });
    expect((await confirm(tokenOf(link))).json().results).toEqual({ alreadyVerified: false });
    // Used: it verifies nothing more, and only says the address is verified.
    expect((await confirm(tokenOf(link))).json().results).toEqual({ alreadyVerified: true });

    const late = `tard-${Date.now()}@exemple.fr`;
    expect((await register(late, `tard${Date.now() % 100000}`)).statusCode).toBe(201);
    const lateLink = (await waitForMail(t.outbox, (m) => m.to === late && m.subject === A.mail.verifySubject)).link!;
    t.clock.advance(EMAIL_TOKEN_TTL_MS.verify + 1000);
    expect((await confirm(tokenOf(lateLink))).statusCode).toBe(400);
  });
});
