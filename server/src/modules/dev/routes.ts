/**
 * GET /api/dev/outbox: the mails the outbox transport wrote, newest first, so a person can
 * follow a verification link without a mail server. Only outside production and only with
 * the outbox transport: elsewhere the path does not exist (404).
 */
import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { OutboxMailer } from '../../adapters/mail/outbox';

const mailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string(), link: z.string().nullable() });

export const devRoutes: RouteModule = (app, ctx) => {
  const mailer = ctx.mailer;
  if (ctx.config.isProduction || ctx.config.MAIL_TRANSPORT !== 'outbox' || !(mailer instanceof OutboxMailer)) return;
  app.get(
    '/dev/outbox',
    { schema: { tags: ['développement'], summary: 'E-mails écrits dans la boîte de développement (hors production)', response: { 200: z.object({ results: z.object({ mails: z.array(mailSchema) }) }) } } },
    async () => {
      const mails = await mailer.list();
      return { results: { mails: mails.map(({ id, to, subject, date, link }) => ({ id, to, subject, date, link })) } };
    },
  );
};
