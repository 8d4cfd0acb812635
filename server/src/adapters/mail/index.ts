import path from 'node:path';
import type { Config } from '../../config';
import type { Mailer } from './port';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export function createMailer(config: Config): Mailer {
  switch (config.MAIL_TRANSPORT) {
    case 'outbox':
      return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM);
    case 'smtp':
      // loadConfig already refuses MAIL_TRANSPORT=smtp without SMTP_URL.
      return new SmtpMailer(config.SMTP_URL!, config.MAIL_FROM);
  }
}
