/** Pay-ins (docs/architecture.md §10). Amounts in cents. */
import type { FastifyRequest } from 'fastify';
import { checkPromoCodeSchema, confirmPayInQuery, createPayInSchema, formatEuros, MESSAGES, paymentDueQuery, type PayInConfirmed } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { forVisitor } from '../../http/site-url';
import { hitRateLimit, retryAfterHook, TooManyRequestsError } from '../../http/rate-limit';
import { checkPromoCode, confirmPayIn, createPayIn, paymentDue } from './service';

const tags = ['paiement'];
const security = [{ bearer: [] }];

/** Codes are short words: checks are counted per member so that none can be guessed by trying. */
const PROMO_CHECKS_PER_WINDOW = 30;
const PROMO_CHECK_WINDOW_SECONDS = 600;

export const paymentRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/payment/create/web/payin',
    { schema: { tags, security, summary: 'Ouvre le paiement de ce qui est dû (création ou prix supplémentaires)', body: createPayInSchema } },
    async (request) => {
      const viewer = requireViewer(request);
      return ok(await createPayIn(forVisitor(ctx, request), viewer.id, request.body, request.log), MESSAGES.payments.redirect);
    },
  );

  const promoCheckLimit = async (request: FastifyRequest) => {
    const viewer = requireViewer(request);
    const hit = await hitRateLimit(ctx.db, `promo-check:${viewer.id}`, PROMO_CHECKS_PER_WINDOW, PROMO_CHECK_WINDOW_SECONDS, ctx.clock());
    if (!hit.allowed) throw new TooManyRequestsError(MESSAGES.common.tooManyRequests, hit.retryAfterSeconds);
  };
  app.post(
    '/concours/promo/check',
    {
      schema: { tags, security, summary: 'Vérifie un code promo et donne le prix réduit du paiement de création, sans rien réserver ; montants en centimes', body: checkPromoCodeSchema },
      preValidation: promoCheckLimit,
      onError: retryAfterHook,
    },
    async (request) => {
      const promo = await checkPromoCode(ctx, requireViewer(request).id, request.body);
      return ok({ promo }, MESSAGES.payments.promoApplied(formatEuros(promo.discount)));
    },
  );

  app.get(
    '/payment/due',
    { schema: { tags, security, summary: 'Ce que demanderait le paiement d’un concours, code promo compris, sans l’ouvrir ; montants en centimes', querystring: paymentDueQuery } },
    async (request) => {
      return ok({ due: await paymentDue(ctx, requireViewer(request).id, request.query.idConcours) });
    },
  );

  app.get(
    '/payment/confirmation/web/payin',
    { schema: { tags, security, summary: 'Vérifie le paiement auprès du prestataire et en applique les effets une seule fois', querystring: confirmPayInQuery } },
    async (request) => {
      const viewer = requireViewer(request);
      const { message, ...results } = await confirmPayIn(ctx, viewer.id, request.query, request.log);
      return ok<PayInConfirmed>(results, message);
    },
  );
};
