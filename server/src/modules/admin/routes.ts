/** Admin area. Promo codes (docs/decisions/0006): admins define them, organisers type them. */
import { createPromoCodeSchema, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { createPromoCode, listPromoCodes } from '../payments/promo-codes';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/admin/promo-codes',
    { schema: { tags, security, summary: 'Crée un code promo (pourcentage ou montant en centimes)', body: createPromoCodeSchema } },
    async (request, reply) => {
      requireAdmin(request);
      const promoCode = await createPromoCode(ctx.db, request.body, ctx.clock());
      return reply.status(201).send(ok({ promoCode }, MESSAGES.payments.promoCreated));
    },
  );

  app.get('/admin/promo-codes', { schema: { tags, security, summary: 'Les codes promo et leurs utilisations' } }, async (request) => {
    requireAdmin(request);
    return ok({ promoCodes: await listPromoCodes(ctx.db) });
  });
};
