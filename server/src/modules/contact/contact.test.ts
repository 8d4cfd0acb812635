import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsSent, waitForMail } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'aide@creadefi.fr' } });
});
afterAll(() => t.close());

const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });

/** The mail is queued and leaves after the answer: waits until the queue has sent it. */
async function sentMail(match: Parameters<typeof waitForMail>[1]) {
  await mailsSent(t.ctx.queue);
  return waitForMail(t.outbox, match);
}

describe('POST /api/contact', () => {
  it('mails support with the sender as Reply-To', async () => {
    const res = await send({ name: 'Amélie Poulain', email: 'Amelie@Exemple.fr', objet: 'Question sur les concours', message: 'Bonjour,\ncomment organiser un concours <logo> ?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.auth.contactSent });

    const mail = await sentMail((m) => m.subject === '[Contact] Question sur les concours');
    expect(mail.to).toBe('aide@creadefi.fr');
    expect(mail.text).toContain('Amélie Poulain');
    expect(mail.text).toContain('amelie@exemple.fr');
    expect(mail.text).toContain('comment organiser un concours <logo> ?');
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', `${mail.id}.eml`), 'utf8');
    expect(eml).toMatch(/^Reply-To: amelie@exemple\.fr$/m);
    // The HTML version escapes what the visitor typed.
    const html = Buffer.from(eml.split('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1]!.split('--')[0]!.replace(/\s+/g, ''), 'base64').toString('utf8');
    expect(html).toContain('&lt;logo&gt;');
    expect(html).not.toContain('<logo>');
  });

  it('keeps a line break in the subject from starting a new header', async () => {
    const res = await send({ name: 'X', email: 'x@exemple.fr', objet: 'Sujet\r\nBcc: victime@exemple.fr', message: 'Test' });
    expect(res.statusCode).toBe(200);
    const mail = await sentMail((m) => m.subject.startsWith('[Contact] Sujet'));
    expect(mail.subject).toBe('[Contact] Sujet Bcc: victime@exemple.fr');
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', `${mail.id}.eml`), 'utf8');
    expect(eml).not.toMatch(/^Bcc:/m);
  });

  it('requires every field', async () => {
    const res = await send({ name: 'Sans message', email: 'a@exemple.fr', objet: 'Objet', message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.fields.message).toBe(MESSAGES.common.requiredField);
    const bad = await send({ name: 'A', email: 'pas-un-email', objet: 'B', message: 'C' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message.message).toBe(MESSAGES.common.invalidEmail);
  });
});
