/** The admin area's « Argent » (docs/product.md §2): money.ts. */
import { adminPayoutsQuery, adminReasonSchema, AppError, idParams, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { disablePromoCode, listAdminPayouts, moneyOverview, retryPayoutAsAdmin } from './money';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminMoneyRoutes: RouteModule = (app, ctx) => {
  app.get('/admin/money', { schema: { tags, security, summary: 'Le contrôle du grand livre et les soldes de la plateforme' } }, async (request) => {
    requireAdmin(request);
    return ok(await moneyOverview(ctx));
  });

  app.get('/admin/payouts', { schema: { tags, security, summary: 'Les virements en attente ou en échec', querystring: adminPayoutsQuery } }, async (request) => {
    requireAdmin(request);
    return ok(await listAdminPayouts(ctx.db, request.query));
  });

  app.post(
    '/admin/payouts/:id/retry',
    { schema: { tags, security, summary: 'Relance un virement en échec auprès du prestataire de paiement', params: idParams, body: adminReasonSchema } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const outcome = await retryPayoutAsAdmin(ctx, admin.id, request.params.id, request.body.reason, request.log);
      if (outcome.httpStatus === 502) throw new AppError(502, outcome.message);
      return reply.status(outcome.httpStatus).send(ok({ payout: { id: outcome.payout.id, status: outcome.payout.status, attempt: outcome.payout.attempt } }, outcome.message));
    },
  );

  app.post(
    '/admin/promo-codes/:id/disable',
    { schema: { tags, security, summary: 'Désactive un code promo pour les nouveaux concours', params: idParams, body: adminReasonSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      const promoCode = await disablePromoCode(ctx, admin.id, request.params.id, request.body.reason);
      return ok({ promoCode }, MESSAGES.admin.money.promoDisabled);
    },
  );
};
