import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser, tokenOf, waitForMail } from '../../test/factories';
import { emailTokens, users } from '../../db/schema';

const A = MESSAGES.auth;
const MINUTE = 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

const lost = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email } });
const recover = (token: string, newPassword: string, confirmPassword = newPassword) =>
  t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${token}`, payload: { newPassword, confirmPassword } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: { authorization: `Bearer ${token}` } });

async function resetLinkFor(email: string, after: string | null = null): Promise<string> {
  const mail = await waitForMail(t.outbox, (m) => m.to === email && m.subject === A.mail.resetSubject && m.link !== after);
  return mail.link!;
}

describe('POST /api/auth/pswd/lost', () => {
  it('answers known and unknown addresses identically, and mails only the known one', async () => {
    const u = await buildPasswordUser(t.ctx);
    const known = await lost(u.email);
    const unknown = await lost('fantome@exemple.fr');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: A.resetSent });
    const headerNames = (h: Record<string, unknown>) => Object.keys(h).filter((k) => k !== 'date').sort();
    expect(headerNames(unknown.headers)).toEqual(headerNames(known.headers));

    const link = await resetLinkFor(u.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/recover-password\/[A-Za-z0-9_-]{40,}$/);
    await t.settled();
    expect((await t.outbox.list()).some((m) => m.to === 'fantome@exemple.fr')).toBe(false);
  });

  it('does not make the known address wait for the mail', async () => {
    const u = await buildPasswordUser(t.ctx);
    // A mail server that does not answer until the test says so: if the route waited for it,
    // the answer would never come. Waiting would also let the timing reveal the account.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const realSend = t.outbox.send.bind(t.outbox);
    t.outbox.send = async (mail) => {
      await gate;
      await realSend(mail);
    };
    try {
      const res = await lost(u.email);
      expect(res.statusCode).toBe(200);
      expect((await t.outbox.list()).some((m) => m.to === u.email)).toBe(false);
      release();
      await resetLinkFor(u.email);
    } finally {
      t.outbox.send = realSend;
    }
  });

  it('refuses an invalid e-mail', async () => {
    const res = await lost('pas-un-email');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/pswd/recover/:emailToken', () => {
  it('sets the new password, revokes every session and the old password stops working', async () => {
    const u = await buildPasswordUser(t.ctx, { password: 'AncienMotDePasse1' });
    const sessionA = (await login(u.email, 'AncienMotDePasse1')).json().results.token as string;
    expect((await me(sessionA)).statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);

    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    const res = await recover(token, 'NouveauMotDePasse1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: A.resetDone });

    expect((await me(sessionA)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await login(u.email, 'AncienMotDePasse1')).statusCode).toBe(401);
    expect((await login(u.email, 'NouveauMotDePasse1')).statusCode).toBe(200);
  });

  it('works once only', async () => {
    const u = await buildPasswordUser(t.ctx);
    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    expect((await recover(token, 'Premiere1234')).statusCode).toBe(200);
    const again = await recover(token, 'Seconde12345');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: { message: A.linkInvalid, code: 400 } });
    expect((await login(u.email, 'Premiere1234')).statusCode).toBe(200);
  });

  it('expires after one hour', async () => {
    const u = await buildPasswordUser(t.ctx);
    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    t.clock.advance(60 * MINUTE + 1000);
    const res = await recover(token, 'TropTard1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(A.linkInvalid);
  });

  it('voids older reset links once one has been used', async () => {
    const u = await buildPasswordUser(t.ctx);
    await lost(u.email);
    const first = await resetLinkFor(u.email);
    await lost(u.email);
    const second = await resetLinkFor(u.email, first);
    expect((await recover(tokenOf(second), 'Nouveau12345')).statusCode).toBe(200);
    expect((await recover(tokenOf(first), 'Autre123456')).statusCode).toBe(400);
  });

  it('verifies the address and lifts a lockout', async () => {
    const u = await buildPasswordUser(t.ctx, { verified: false });
    for (let i = 0; i < 5; i++) await login(u.email, 'Mauvais123');
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    expect((await recover(token, 'Retrouve1234')).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect((await login(u.email, 'Retrouve1234')).statusCode).toBe(200);
  });

  it('refuses a short password and a differing confirmation without using the link', async () => {
    const u = await buildPasswordUser(t.ctx);
    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    const short = await recover(token, 'court');
    expect(short.statusCode).toBe(400);
    expect(short.json().message.message).toBe(A.passwordTooShort);
    const differ = await recover(token, 'Correct12345', 'Correct123456');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message.message).toBe(A.passwordsDiffer);
    expect((await recover(token, 'Correct12345')).statusCode).toBe(200);
  });

  it('refuses a common password and one made of the account, and the link still works after', async () => {
    const u = await buildPasswordUser(t.ctx);
    await lost(u.email);
    const token = tokenOf(await resetLinkFor(u.email));
    const common = await recover(token, 'iloveyou');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toEqual({ message: A.passwordTooCommon, code: 400, fields: { newPassword: A.passwordTooCommon } });
    const personal = await recover(token, `${u.pseudo}-2026`);
    expect(personal.json().message.message).toBe(A.passwordPersonal);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await recover(token, 'Girafe sur la lune')).statusCode).toBe(200);
  });
});

describe('a suspended member and the reset link', () => {
  const suspend = (id: number) => t.ctx.db.update(users).set({ suspendedAt: t.ctx.clock(), suspensionReason: 'Copies répétées.' }).where(eq(users.id, id));

  it('the request is answered as for any address; the mail says the account is suspended and where to write, with no link to reset', async () => {
    const member = await buildPasswordUser(t.ctx);
    await suspend(member.id);
    const known = await lost(member.email);
    const unknown = await lost('fantome-suspendu@exemple.fr');
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);

    const mail = await waitForMail(t.outbox, (m) => m.to === member.email);
    expect(mail.subject).toBe(A.mail.suspendedResetSubject);
    expect(mail.text).toContain(A.mail.suspendedResetIntro);
    expect(mail.text).toContain(A.suspendedAskSupport);
    expect(mail.text).toContain(A.mail.suspendedResetAddress(t.ctx.config.SUPPORT_EMAIL));
    // The only link is to the contact form, which exists on every page.
    expect(mail.link).toBe('http://localhost:3000/#contact');
    expect(mail.text).not.toMatch(/recover-password/);
    expect(await t.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id))).toHaveLength(0);
  });

  it('a link sent before the suspension is refused when used, and the password stays', async () => {
    const member = await buildPasswordUser(t.ctx);
    await lost(member.email);
    const link = await resetLinkFor(member.email);
    await suspend(member.id);
    const hash = async () => (await t.ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.id)))[0]!.passwordHash;
    const before = await hash();
    const res = await recover(tokenOf(link), 'Nouveau-Secret-2026');
    expect(res.statusCode).toBe(403);
    expect(res.json().message.message).toBe(A.resetSuspended);
    expect(await hash()).toBe(before);
  });

  it('the refusals point to the footer form, not to a contact page the site lacks', () => {
    for (const text of [MESSAGES.admin.members.signInRefused, A.resetSuspended, A.suspendedAskSupport]) {
      expect(text).not.toMatch(/page Contact/);
      expect(text).toContain(`«\u00a0${MESSAGES.layout.footer.contactTitle}\u00a0»`);
    }
  });
});
