/**
 * Development and demo transport: each mail becomes an .eml file under DATA_DIR/outbox, so a
 * person can follow a verification link without any mail server; the page /api/dev/outbox
 * lists them outside production. The console only says that a mail was written: a link in
 * a mail is worth a password, and console output ends up in log files other people read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Mail, Mailer } from './port';

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  link: string | null;
  text: string;
}

function encodeHeader(value: string): string {
  // RFC 2047 for non-ASCII subjects and names.
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function toEml(mail: Mail, from: string, date: Date): string {
  const boundary = `b_${randomBytes(8).toString('hex')}`;
  const headers = [
    `From: ${encodeHeader(from)}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
    ...(mail.link ? [`X-Creadefi-Link: ${mail.link}`] : []),
  ];
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/(.{76})/g, '$1\r\n');
  if (!mail.html) {
    return [...headers, 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', b64(mail.text), ''].join('\r\n');
  }
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  async send(mail: Mail): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const date = new Date();
    const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const file = path.join(this.dir, `${id}.eml`);
    // Written under a temporary name then renamed, so a reader never sees half a mail.
    await fs.writeFile(`${file}.tmp`, toEml(mail, this.from, date));
    await fs.rename(`${file}.tmp`, file);
    await fs.writeFile(path.join(this.dir, `${id}.json`), JSON.stringify({ id, to: mail.to, subject: mail.subject, date: date.toISOString(), link: mail.link ?? null, text: mail.text } satisfies OutboxEntry));
    this.log(`✉  e-mail écrit dans la boîte d'envoi : ${mail.to} — ${mail.subject}`);
  }

  /** Newest first. */
  async list(limit = 100): Promise<OutboxEntry[]> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const jsons = names.filter((n) => n.endsWith('.json')).sort().reverse().slice(0, limit);
    const entries = await Promise.all(jsons.map(async (n) => JSON.parse(await fs.readFile(path.join(this.dir, n), 'utf8')) as OutboxEntry));
    return entries;
  }
}
