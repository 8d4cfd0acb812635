import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MESSAGES } from '@creadefi/domain';
import { loadConfig } from '../../config';
import { SmtpMailer } from './smtp';
import { createMailer } from './index';
import { verificationMail } from '../../modules/auth/mails';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'relay' && auth.password === 's3cret') return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Reads a MIME message as far as these tests need: headers, and each part decoded. */
function parse(raw: string) {
  const [head = '', ...rest] = raw.split(/\r\n\r\n/);
  const body = rest.join('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const decodeWords = (v: string) =>
    v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
  const decodeBody = (encoding: string | undefined, text: string) => {
    if (/base64/i.test(encoding ?? '')) return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/quoted-printable/i.test(encoding ?? '')) {
      const bytes = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return text;
  };
  const parts: { type: string; text: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1, -1)) {
      const parsed = parse(chunk.replace(/^\r\n/, ''));
      parts.push({ type: parsed.headers.get('content-type') ?? '', text: parsed.body });
    }
  }
  return { headers, subject: decodeWords(headers.get('subject') ?? ''), body: decodeBody(headers.get('content-transfer-encoding'), body), parts, decodeWords };
}

describe('SMTP transport', () => {
  it('delivers a verification mail in French with text and HTML parts, through an authenticated relay', async () => {
    const mailer = new SmtpMailer(`smtp://relay:s3cret@127.0.0.1:${port}`, 'Créadéfi <no-reply@creadefi.fr>');
    const link = 'http://localhost:3000/verify/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    await mailer.send(verificationMail('lea@exemple.fr', 'Léa', link));
    await mailer.close();

    const mail = received.at(-1)!;
    expect(mail.user).toBe('relay');
    expect(mail.from).toBe('no-reply@creadefi.fr');
    expect(mail.to).toEqual(['lea@exemple.fr']);
    const m = parse(mail.raw);
    expect(m.subject).toBe(MESSAGES.auth.mail.verifySubject);
    expect(m.decodeWords(m.headers.get('from')!)).toContain('Créadéfi');
    expect(m.headers.get('from')).toContain('<no-reply@creadefi.fr>');
    expect(m.headers.get('to')).toBe('lea@exemple.fr');
    expect(m.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const text = m.parts.find((p) => p.type.startsWith('text/plain'))!;
    const html = m.parts.find((p) => p.type.startsWith('text/html'))!;
    expect(text.text).toContain('Bonjour Léa,');
    expect(text.text).toContain(link);
    expect(text.text).toContain('48 heures');
    expect(html.text).toContain(`href="${link}"`);
    expect(html.text).toContain('#FD7F55');
  });

  it('sets Reply-To when the mail has one', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Créadéfi <no-reply@creadefi.fr>');
    await mailer.send({ to: 'support@creadefi.fr', subject: 'Question', text: 'Bonjour', replyTo: 'client@exemple.fr' });
    await mailer.close();
    const m = parse(received.at(-1)!.raw);
    expect(m.headers.get('reply-to')).toBe('client@exemple.fr');
    expect(m.body.trim()).toBe('Bonjour');
  });

  it('fails when the relay refuses the credentials', async () => {
    const mailer = new SmtpMailer(`smtp://relay:faux@127.0.0.1:${port}`, 'no-reply@creadefi.fr');
    await expect(mailer.send({ to: 'x@exemple.fr', subject: 'x', text: 'x' })).rejects.toThrow();
    await mailer.close();
  });

  it('is the transport chosen by MAIL_TRANSPORT=smtp', () => {
    const config = loadConfig({}, { MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
    expect(createMailer(config)).toBeInstanceOf(SmtpMailer);
  });
});
