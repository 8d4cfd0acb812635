/**
 * Development helpers, absent in production (404):
 * - POST /api/dev/contests/{id}/rewind: moves a contest back in time (rewind.ts), for admins.
 *
 * GET /api/dev/outbox: the mails the outbox transport wrote, newest first, so a person can
 * follow a verification link without a mail server. Only outside production and only with
 * the outbox transport: elsewhere the path does not exist (404).
 */
import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { OutboxMailer } from '../../adapters/mail/outbox';
import { idParams } from '@creadefi/domain';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { rewindContest } from './rewind';

const mailSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string(), link: z.string().nullable() });

const rewindBody = z.object({ hours: z.number().int().min(1).max(24 * 366) });

export const devRoutes: RouteModule = (app, ctx) => {
  if (ctx.config.isProduction) return;
  app.post(
    '/dev/contests/:id/rewind',
    { schema: { tags: ['développement'], security: [{ bearer: [] }], summary: 'Recule un concours dans le temps puis lance les tâches planifiées (hors production, administrateurs)', params: idParams, body: rewindBody } },
    async (request) => {
      requireAdmin(request);
      await rewindContest(ctx, request.params.id, request.body.hours);
      return ok(undefined);
    },
  );
  const mailer = ctx.mailer;
  if (ctx.config.MAIL_TRANSPORT !== 'outbox' || !(mailer instanceof OutboxMailer)) return;
  app.get(
    '/dev/outbox',
    { schema: { tags: ['développement'], summary: 'E-mails écrits dans la boîte de développement (hors production)', response: { 200: z.object({ results: z.object({ mails: z.array(mailSchema) }) }) } } },
    async () => {
      const mails = await mailer.list();
      return { results: { mails: mails.map(({ id, to, subject, date, link }) => ({ id, to, subject, date, link })) } };
    },
  );
};
