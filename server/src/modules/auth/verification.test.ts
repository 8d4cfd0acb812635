import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser, mailsSent, tokenOf, waitForMail } from '../../test/factories';
import { users } from '../../db/schema';

const A = MESSAGES.auth;
const HOUR = 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

async function signUp(email: string, pseudo: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo, email, password: 'Secret123!', confirmPassword: 'Secret123!' } });
  expect(res.statusCode).toBe(201);
  const mail = await waitForMail(t.outbox, (m) => m.to === email);
  return { userId: res.json().results.userId as number, token: tokenOf(mail!.link) };
}
const confirm = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${token}` });
const login = (email: string, password = 'Secret123!') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const resend = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/verification/resend', payload: { email } });

describe('GET /api/auth/confirmation/:emailToken', () => {
  it('verifies the address once; a second click on the used link says the address is already verified', async () => {
    const { userId, token } = await signUp('verif@exemple.fr', 'Verif');
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: A.verified, results: { alreadyVerified: false } });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row!.emailVerifiedAt).not.toBeNull();

    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: A.alreadyVerified, results: { alreadyVerified: true } });
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(after!.emailVerifiedAt).toEqual(row!.emailVerifiedAt);
  });

  it('refuses a used link once its account is no longer verified (a new address waits for its own link)', async () => {
    const { userId, token } = await signUp('change@exemple.fr', 'Change');
    expect((await confirm(token)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, userId));
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: { message: A.linkInvalid, code: 400 } });
  });

  it('refuses a link older than 48 hours', async () => {
    const { token } = await signUp('tardif@exemple.fr', 'Tardif');
    t.clock.advance(48 * HOUR + 1000);
    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(A.linkInvalid);
  });

  it('accepts a link shortly before it expires', async () => {
    const { token } = await signUp('juste@exemple.fr', 'Juste');
    t.clock.advance(47 * HOUR);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('answers an unknown or malformed token with the bad-link text', async () => {
    const unknown = await confirm('A'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message.message).toBe(A.linkInvalid);
    const malformed = await confirm('court');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message.message).toBe(A.linkInvalid);
  });
});

describe('unverified accounts', () => {
  it('cannot sign in until verified, can ask for a new link, then sign in', async () => {
    const { token: firstToken } = await signUp('attente@exemple.fr', 'Attente');
    const refused = await login('attente@exemple.fr');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: { message: A.notVerified, code: 403 } });

    const res = await resend('Attente@Exemple.fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: A.verificationResent });
    const mail = await waitForMail(t.outbox, (m) => m.to === 'attente@exemple.fr' && tokenOf(m.link) !== firstToken);
    expect(mail.subject).toBe(A.mail.verifySubject);

    expect((await confirm(tokenOf(mail.link))).statusCode).toBe(200);
    const ok = await login('attente@exemple.fr');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results.user.email).toBe('attente@exemple.fr');
  });

  it('gives the same answer to unknown and already verified addresses, and mails nobody', async () => {
    const verified = await buildPasswordUser(t.ctx);
    const before = (await t.outbox.list()).length;
    const a = await resend('personne@exemple.fr');
    const b = await resend(verified.email);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    await t.settled();
    await mailsSent(t.ctx.queue);
    expect((await t.outbox.list()).length).toBe(before);
  });

  it('refuses a resend without a valid e-mail', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.common.invalidEmail);
  });
});
