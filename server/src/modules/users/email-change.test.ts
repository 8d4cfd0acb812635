/**
 * A stolen session token must not become the account: changing the e-mail or the password
 * asks for the current password (or a fresh provider sign-in), a new address waits for its
 * link, the old one is told and can undo the change for 7 days, and the answer does not say
 * whether another account has the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildPasswordUser, buildUser, mailsSent, tokenOf, type TestUser } from '../../test/factories';
import { userIdentities, users } from '../../db/schema';
import { createSession } from '../auth/sessions';
import { GOOGLE_TEST_CLIENT_ID, startGoogleStub, type GoogleStub } from '../../adapters/identity/testing';
import { ACCOUNT_CHANGES_PER_HOUR } from './reauthenticate';

const A = MESSAGES.auth;
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let google: GoogleStub;
beforeAll(async () => {
  google = await startGoogleStub();
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000, GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const update = (u: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/user/update', headers: u.headers, payload: { pseudo: u.pseudo, email: u.email, ...payload } });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const confirm = (link: string | null) => t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${tokenOf(link)}` });
const undo = (link: string | null) => t.app.inject({ method: 'POST', url: `/api/auth/email-change/undo/${tokenOf(link)}` });
const row = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const mailsTo = async (to: string) => {
  await mailsSent(t.ctx.queue);
  return (await t.outbox.list()).filter((m) => m.to === to);
};
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@exemple.fr`;

describe('asking for the current password', () => {
  it('an e-mail change without the current password is refused', async () => {
    const u = await buildPasswordUser(t.ctx);
    const target = unique('voleur');
    const missing = await update(u, { email: target });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatchObject({ message: A.currentPasswordRequired, fields: { currentPassword: A.currentPasswordRequired } });
    const wrong = await update(u, { email: target, currentPassword: 'pas-le-bon-mot-de-passe' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatchObject({ message: A.currentPasswordWrong, fields: { currentPassword: A.currentPasswordWrong } });
    // The session is not the problem: it goes on.
    expect((await me(u.token)).statusCode).toBe(200);
    expect(await row(u.id)).toMatchObject({ email: u.email, pendingEmail: null });
    expect(await mailsTo(target)).toEqual([]);
    expect(await mailsTo(u.email)).toEqual([]);
  });

  it('a password change without the current password is refused', async () => {
    const u = await buildPasswordUser(t.ctx);
    const before = (await row(u.id)).passwordHash;
    const missing = await update(u, { newPassword: 'Tout-nouveau-2026', confirmPassword: 'Tout-nouveau-2026' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message.fields).toEqual({ currentPassword: A.currentPasswordRequired });
    const wrong = await update(u, { newPassword: 'Tout-nouveau-2026', confirmPassword: 'Tout-nouveau-2026', currentPassword: 'Tout-nouveau-2026' });
    expect(wrong.statusCode).toBe(403);
    expect((await row(u.id)).passwordHash).toBe(before);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('a new password with the current one is saved, ends the other sessions and tells the address', async () => {
    const u = await buildPasswordUser(t.ctx);
    const other = await createSession(t.ctx.db, u.id, t.clock.now(), 30);
    const differ = await update(u, { currentPassword: u.password, newPassword: 'Tout-nouveau-2026', confirmPassword: 'Autre-chose-2026' });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message.fields).toEqual({ confirmPassword: A.passwordsDiffer });
    const weak = await update(u, { currentPassword: u.password, newPassword: `${u.pseudo}2026`, confirmPassword: `${u.pseudo}2026` });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message.fields).toEqual({ newPassword: A.passwordPersonal });

    const res = await update(u, { currentPassword: u.password, newPassword: 'Tout-nouveau-2026', confirmPassword: 'Tout-nouveau-2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(A.profileUpdatedPasswordChanged);
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, 'Tout-nouveau-2026')).statusCode).toBe(200);
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual([A.mail.passwordChangedSubject]);
  });

  it('other profile fields are saved without the password', async () => {
    const u = await buildPasswordUser(t.ctx);
    const res = await update(u, { firstName: 'léa', email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: A.profileUpdated, results: { user: { firstName: 'Léa', email: u.email, pendingEmail: null, hasPassword: true } } });
  });

  it('e-mail and password changes are limited per account, before the password is checked', async () => {
    const u = await buildPasswordUser(t.ctx);
    for (let i = 0; i < ACCOUNT_CHANGES_PER_HOUR; i++) expect((await update(u, { email: unique('essai'), currentPassword: 'devine' })).statusCode).toBe(403);
    const limited = await update(u, { email: unique('essai'), currentPassword: u.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message.message).toBe(A.accountChangesTooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await row(u.id)).pendingEmail).toBeNull();
    // Saving the rest of the profile is not limited.
    expect((await update(u, { firstName: 'Toujours' })).statusCode).toBe(200);
  });
});

describe('the new address', () => {
  it('the profile update answers alike for a taken and a free address', async () => {
    const owner = await buildPasswordUser(t.ctx, { email: unique('occupee') });
    const a = await buildPasswordUser(t.ctx);
    const b = await buildPasswordUser(t.ctx);
    const free = unique('libre');
    const taken = await update(a, { email: owner.email.toUpperCase(), currentPassword: a.password });
    const open = await update(b, { email: free, currentPassword: b.password });
    expect(taken.statusCode).toBe(200);
    expect(open.statusCode).toBe(200);
    const shape = (body: { message: string; results: { user: Record<string, unknown> } }, self: TestUser, asked: string) =>
      JSON.parse(JSON.stringify({ ...body, results: { user: { ...body.results.user, id: 0, pseudo: '', email: self.email === body.results.user.email ? 'self' : 'other' } } }).replaceAll(asked, 'ASKED'));
    expect(shape(taken.json(), a, owner.email)).toEqual(shape(open.json(), b, free));
    expect(taken.json().message).toBe(A.profileUpdatedConfirmEmail(owner.email));
    expect(taken.json().results.user).toMatchObject({ email: a.email, pendingEmail: owner.email });

    // Each asked address receives one mail; only the free one can be confirmed.
    const [toFree] = await mailsTo(free);
    expect(toFree!.subject).toBe(A.mail.emailChangeSubject);
    const [toOwner] = await mailsTo(owner.email);
    expect(toOwner).toMatchObject({ subject: A.mail.emailInUseSubject, link: null });
    // Both current addresses are told, with an undo link.
    for (const u of [a, b]) expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual([A.mail.emailChangeNoticeSubject]);
    // The owner's account is untouched and still signs in.
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ email: a.email });
  });

  it('a new address is in force only once its link is clicked', async () => {
    const u = await buildPasswordUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email: u.email } });
    const next = unique('nouvelle');
    const res = await update(u, { email: next.toUpperCase(), currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.user).toMatchObject({ email: u.email, pendingEmail: next });
    // Until the click the current address stays in force, for signing in too.
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await login(next, u.password)).statusCode).toBe(401);

    const [link] = await mailsTo(next);
    const confirmed = await confirm(link!.link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(A.emailChangeConfirmed);
    expect(await row(u.id)).toMatchObject({ email: next, pendingEmail: null });
    expect((await login(next, u.password)).statusCode).toBe(200);
    expect((await confirm(link!.link)).statusCode).toBe(400);
    // A reset link mailed to the previous address no longer works.
    const oldReset = (await mailsTo(u.email)).find((m) => m.subject === A.mail.resetSubject)!;
    const recover = await t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${tokenOf(oldReset.link)}`, payload: { newPassword: 'Volé-123456', confirmPassword: 'Volé-123456' } });
    expect(recover.statusCode).toBe(400);
  });

  it('only the latest proposed address can be confirmed, and not once another account has taken it', async () => {
    const u = await buildPasswordUser(t.ctx);
    const first = unique('premiere');
    const second = unique('seconde');
    await update(u, { email: first, currentPassword: u.password });
    await update(u, { email: second, currentPassword: u.password });
    const [firstLink] = await mailsTo(first);
    expect((await confirm(firstLink!.link)).statusCode).toBe(400);
    // Someone registers the second address before the click.
    await buildUser(t.ctx, { email: second });
    const [secondLink] = await mailsTo(second);
    expect((await confirm(secondLink!.link)).statusCode).toBe(400);
    expect((await row(u.id)).email).toBe(u.email);
  });
});

describe('the old address', () => {
  it('the old address can undo an e-mail change and end every session', async () => {
    const u = await buildPasswordUser(t.ctx);
    const other = await createSession(t.ctx.db, u.id, t.clock.now(), 30);
    const next = unique('pirate');
    await update(u, { email: next, currentPassword: u.password });
    const [confirmLink] = await mailsTo(next);
    expect((await confirm(confirmLink!.link)).statusCode).toBe(200);
    expect((await row(u.id)).email).toBe(next);

    const [notice] = await mailsTo(u.email);
    expect(notice!.subject).toBe(A.mail.emailChangeNoticeSubject);
    expect(notice!.text).toContain(next);
    expect(notice!.link).toMatch(/\/email-change\/undo\//);
    // Twenty clicks at once: one undoes, the others find the link used.
    const answers = await Promise.all(Array.from({ length: 20 }, () => undo(notice!.link)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(400)]);
    expect(answers.find((r) => r.statusCode === 200)!.json().message).toBe(A.emailChangeUndone);
    expect(await row(u.id)).toMatchObject({ email: u.email, pendingEmail: null });
    for (const token of [u.token, other]) expect((await me(token)).statusCode).toBe(401);
    expect((await login(next, u.password)).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('undoing a change not yet confirmed drops the proposal and its link', async () => {
    const u = await buildPasswordUser(t.ctx);
    const next = unique('attente');
    await update(u, { email: next, currentPassword: u.password });
    const [notice] = await mailsTo(u.email);
    expect((await undo(notice!.link)).statusCode).toBe(200);
    expect((await row(u.id)).pendingEmail).toBeNull();
    const [confirmLink] = await mailsTo(next);
    expect((await confirm(confirmLink!.link)).statusCode).toBe(400);
    expect((await row(u.id)).email).toBe(u.email);
  });

  it('the undo link lasts 7 days', async () => {
    const u = await buildPasswordUser(t.ctx);
    await update(u, { email: unique('tard'), currentPassword: u.password });
    const [notice] = await mailsTo(u.email);
    const start = t.clock.now();
    try {
      t.clock.advance(7 * DAY + 1000);
      const late = await undo(notice!.link);
      expect(late.statusCode).toBe(400);
      expect(late.json().message.message).toBe(A.linkInvalid);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('accounts made with Google', () => {
  async function googleUser(sub: string): Promise<TestUser> {
    const u = await buildUser(t.ctx);
    await t.ctx.db.insert(userIdentities).values({ userId: u.id, provider: 'google', subject: sub, email: u.email });
    return u;
  }

  it('change their address only after a fresh sign-in with their own Google account', async () => {
    const u = await googleUser('g-reauth-1');
    const next = unique('google');
    const none = await update(u, { email: next });
    expect(none.statusCode).toBe(400);
    expect(none.json().message.message).toBe(A.providerReauthRequired);
    const stranger = await update(u, { email: next, googleToken: await google.token({ sub: 'g-someone-else' }) });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message.message).toBe(A.providerReauthMismatch);
    const stale = await update(u, { email: next, googleToken: await google.token({ sub: 'g-reauth-1', iat: Math.floor(Date.now() / 1000) - 30 * 60 }) });
    expect(stale.statusCode).toBe(403);
    expect((await row(u.id)).pendingEmail).toBeNull();

    const fresh = await update(u, { email: next, googleToken: await google.token({ sub: 'g-reauth-1' }) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().results.user).toMatchObject({ pendingEmail: next, hasPassword: false });
  });
});
