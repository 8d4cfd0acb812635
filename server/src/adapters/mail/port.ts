/** Outgoing e-mail. `outbox` writes .eml files (default); `smtp` sends through nodemailer. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The main link the mail carries, listed by the development outbox page (never logged). */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close?(): Promise<void>;
}
