/**
 * A verification or reset link is as good as a password: whoever holds it verifies the
 * address or chooses the account's new password. Neither the console nor the request log may
 * ever show one, whichever way the link is used.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { tokenOf, waitForMail } from '../test/factories';
import { OutboxMailer } from '../adapters/mail/outbox';

let t: TestApp;
const output: string[] = [];
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-secret-links-'));
const mailer = new OutboxMailer(outboxDir, 'Créadéfi <no-reply@creadefi.fr>', (line) => output.push(line));

beforeAll(async () => {
  t = await createTestApp({
    // Outside production and tests every request is logged with its address.
    env: { AUTH_RATE_LIMIT: 1000, NODE_ENV: 'development' },
    deps: { mailer },
    logger: { level: 'trace', stream: { write: (line: string) => void output.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

describe('links sent by e-mail', () => {
  it('the server’s output holds no link with a token, from sign-up to a new password', async () => {
    const email = 'lien-secret@exemple.fr';
    const password = 'Un-Secret-Bien-Long-42';
    const registered = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { pseudo: 'LienSecret', email, password, confirmPassword: password } });
    expect(registered.statusCode).toBe(201);
    const verify = await waitForMail(mailer, (m) => m.to === email && m.link?.includes('/verify/') === true);
    const verifyToken = tokenOf(verify.link);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${verifyToken}` })).statusCode).toBe(200);
    // The same link again: answered, and still not written anywhere.
    await t.app.inject({ method: 'GET', url: `/api/auth/confirmation/${verifyToken}` });

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/pswd/lost', payload: { email } })).statusCode).toBe(200);
    const reset = await waitForMail(mailer, (m) => m.to === email && m.link?.includes('/recover-password/') === true);
    const resetToken = tokenOf(reset.link);
    const recovered = await t.app.inject({ method: 'POST', url: `/api/auth/pswd/recover/${resetToken}`, payload: { newPassword: 'Autre-Secret-Bien-Long-43', confirmPassword: 'Autre-Secret-Bien-Long-43' } });
    expect(recovered.statusCode).toBe(200);
    // The web pages the links open are asked for by the browser before any API call.
    await t.app.inject({ method: 'GET', url: `/verify/${verifyToken}` });
    await t.app.inject({ method: 'GET', url: `/recover-password/${resetToken}` });

    const printed = output.join('\n');
    // The console still says a mail was written, and to whom.
    expect(printed).toContain(`${email} — `);
    expect(printed).toContain('/api/auth/confirmation/[masqué]');
    for (const secret of [verifyToken, resetToken, verify.link!, reset.link!]) expect(printed).not.toContain(secret);
    expect(printed).not.toMatch(/\/(verify|recover-password)\/[A-Za-z0-9_-]{20,}/);
  });
});
