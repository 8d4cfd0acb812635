import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { tokenOf, waitForMail } from '../../test/factories';
import { users } from '../../db/schema';

const A = MESSAGES.auth;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: 1000 } });
});
afterAll(() => t.close());

let n = 0;
function payload(overrides: Record<string, unknown> = {}) {
  n += 1;
  return { firstName: 'jean-pierre', lastName: "d'artagnan", pseudo: `Inscrit${n}`, email: `inscrit${n}@exemple.fr`, password: 'Secret123!', confirmPassword: 'Secret123!', ...overrides };
}
const register = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body as object });

describe('POST /api/auth/register', () => {
  it('refuses a common password and one made of the pseudo or the address, creating nothing', async () => {
    const common = payload({ password: 'Sunshine1', confirmPassword: 'Sunshine1' });
    const personal = payload({ pseudo: 'Graphiste', password: 'graphiste!!', confirmPassword: 'graphiste!!' });
    const byAddress = payload({ email: 'atelier.lune@exemple.fr', password: 'Atelier.Lune', confirmPassword: 'Atelier.Lune' });
    for (const [body, message] of [[common, A.passwordTooCommon], [personal, A.passwordPersonal], [byAddress, A.passwordPersonal]] as const) {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual({ message, code: 400, fields: { password: message } });
      expect(await t.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    }
  });

  it('creates an unverified account and mails a verification link', async () => {
    const body = payload({ email: 'Nouvelle.Personne@Exemple.FR' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(A.registered);
    expect(json.results.userId).toEqual(expect.any(Number));

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, json.results.userId));
    expect(row).toMatchObject({ email: 'nouvelle.personne@exemple.fr', pseudo: body.pseudo, firstName: 'Jean-Pierre', lastName: "d'Artagnan", emailVerifiedAt: null, isFirstTime: true });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = await waitForMail(t.outbox, (m) => m.to === 'nouvelle.personne@exemple.fr');
    expect(mail?.subject).toBe(A.mail.verifySubject);
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/verify\/[A-Za-z0-9_-]{40,}$/);
    expect(mail?.text).toContain(mail!.link);
    expect(mail?.text).toContain('Bonjour Jean-Pierre,');
    expect(tokenOf(mail!.link)).not.toBe('');
  });

  it('accepts a registration without first and last names', async () => {
    const res = await register(payload({ firstName: undefined, lastName: '' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an e-mail already used, whatever its case', async () => {
    await register(payload({ email: 'double@exemple.fr' }));
    const res = await register(payload({ email: 'DOUBLE@Exemple.fr' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: { message: A.emailTaken, code: 409 } });
  });

  it('refuses a pseudo already used, whatever its case', async () => {
    await register(payload({ pseudo: 'Graphiste' }));
    const res = await register(payload({ pseudo: 'gRAPHISTE' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message.message).toBe(A.pseudoTaken);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const res = await register(payload({ password: 'court1', confirmPassword: 'court1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(A.passwordTooShort);
    expect(res.json().message.fields.password).toBe(A.passwordTooShort);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const res = await register(payload({ confirmPassword: 'Secret1234!' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(A.passwordsDiffer);
  });

  it('refuses missing fields', async () => {
    const res = await register({ email: 'incomplet@exemple.fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.code).toBe(400);
    expect(Object.keys(res.json().message.fields)).toEqual(expect.arrayContaining(['pseudo', 'password', 'confirmPassword']));
  });

  it('refuses an invalid e-mail and a pseudo with forbidden characters', async () => {
    const bad = await register(payload({ email: 'pas-un-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message.message).toBe(MESSAGES.common.invalidEmail);
    const pseudo = await register(payload({ pseudo: 'a b<c>' }));
    expect(pseudo.statusCode).toBe(400);
    expect(pseudo.json().message.message).toBe(A.pseudoChars);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email": "x@exemple.fr",' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.common.badJson);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await register(payload({ firstName: 'x'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: { message: MESSAGES.common.payloadTooLarge, code: 413 } });
  });

  it('creates one account when two registrations with the same e-mail arrive at once', async () => {
    const a = payload({ email: 'course@exemple.fr' });
    const b = payload({ email: 'course@exemple.fr' });
    const answers = await Promise.all([register(a), register(b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message.message).toBe(A.emailTaken);
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, 'course@exemple.fr'));
    expect(rows).toHaveLength(1);
  });

  it('documents the route in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json().paths;
    for (const p of ['/api/auth/register', '/api/auth/login', '/api/auth/pswd/lost', '/api/user/me', '/api/user/update', '/api/contact']) expect(paths[p]).toBeDefined();
  });
});
