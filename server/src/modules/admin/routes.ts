/**
 * Admin area (docs/product.md §2): promo codes (docs/decisions/0006), which admins define and
 * organisers type, and the audit log of every admin action.
 */
import { adminPageQuery, createPromoCodeSchema, decideReportSchema, idParams, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { listPromoCodes } from '../payments/promo-codes';
import { listAdminActions } from './audit';
import { createPromoCodeAsAdmin } from './promo-codes';
import { decideReport, listReports } from './reports';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/admin/promo-codes',
    { schema: { tags, security, summary: 'Crée un code promo (pourcentage ou montant en centimes)', body: createPromoCodeSchema } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const promoCode = await createPromoCodeAsAdmin(ctx, admin.id, request.body);
      return reply.status(201).send(ok({ promoCode }, MESSAGES.payments.promoCreated));
    },
  );

  app.get('/admin/promo-codes', { schema: { tags, security, summary: 'Les codes promo et leurs utilisations' } }, async (request) => {
    requireAdmin(request);
    return ok({ promoCodes: await listPromoCodes(ctx.db, ctx.clock()) });
  });

  app.get('/admin/actions', { schema: { tags, security, summary: 'Le journal des actions des administrateurs', querystring: adminPageQuery } }, async (request) => {
    requireAdmin(request);
    return ok(await listAdminActions(ctx.db, request.query));
  });

  app.get('/admin/reports', { schema: { tags, security, summary: 'Les signalements, ouverts d’abord', querystring: adminPageQuery } }, async (request) => {
    requireAdmin(request);
    return ok(await listReports(ctx.db, request.query));
  });

  const decisions = [
    { path: 'dismiss', decision: 'dismissed', summary: 'Classe un signalement sans suite', answer: MESSAGES.admin.reportDismissed },
    { path: 'withdraw', decision: 'withdrawn', summary: 'Retire la proposition signalée du concours', answer: MESSAGES.admin.proposalWithdrawn },
  ] as const;
  for (const d of decisions) {
    app.post(`/admin/reports/:id/${d.path}`, { schema: { tags, security, summary: d.summary, params: idParams, body: decideReportSchema } }, async (request) => {
      const admin = requireAdmin(request);
      await decideReport(ctx, admin.id, request.params.id, d.decision, request.body.reason);
      return ok(undefined, d.answer);
    });
  }
};
