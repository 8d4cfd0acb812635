/**
 * Production transport: SMTP through nodemailer, configured by SMTP_URL
 * (`smtp://user:pass@host:587`, `smtps://…:465`; add `?pool=true` to reuse connections).
 * Timeouts are short so a dead relay fails a request instead of hanging it for minutes.
 */
import nodemailer from 'nodemailer';
import type { Mail, Mailer } from './port';

export class SmtpMailer implements Mailer {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
