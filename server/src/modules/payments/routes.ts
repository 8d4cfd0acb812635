/** Pay-ins (spec 1 §7, spec 2 §7). Amounts in cents. */
import { confirmPayInQuery, createPayInSchema, MESSAGES, type PayInConfirmed } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { forVisitor } from '../../http/site-url';
import { confirmPayIn, createPayIn } from './service';

const tags = ['paiement'];
const security = [{ bearer: [] }];

export const paymentRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/payment/create/web/payin',
    { schema: { tags, security, summary: 'Ouvre le paiement de ce qui est dû (création ou prix supplémentaires)', body: createPayInSchema } },
    async (request) => {
      const viewer = requireViewer(request);
      return ok(await createPayIn(forVisitor(ctx, request), viewer.id, request.body, request.log), MESSAGES.payments.redirect);
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
