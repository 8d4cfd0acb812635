/**
 * The organiser's way out of a contest without a winner (docs/product.md §3): its state, the
 * one free extension, and the refund request.
 */
import { contestParams, MESSAGES, formatDate, refundRequestSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { extendContest, requestRefund, wayOut } from './way-out';

const tags = ['concours'];
const security = [{ bearer: [] }];
const R = MESSAGES.refunds;

export const wayOutRoutes: RouteModule = (app, ctx) => {
  app.get('/concours/:idConcours/way-out', { schema: { tags, security, summary: 'Prolongation et remboursement possibles d’un concours terminé sans gagnant (organisateur)', params: contestParams } }, async (request) => {
    const viewer = requireViewer(request);
    return ok({ wayOut: await wayOut(ctx, viewer.id, request.params.idConcours) });
  });

  app.post('/concours/:idConcours/extend', { schema: { tags, security, summary: 'Prolonge une fois, gratuitement, un concours terminé sans gagnant', params: contestParams } }, async (request) => {
    const viewer = requireViewer(request);
    const { endDate } = await extendContest(ctx, viewer.id, request.params.idConcours);
    return ok({ endDate }, R.extended(formatDate(endDate)));
  });

  app.post(
    '/concours/:idConcours/refund-request',
    { schema: { tags, security, summary: 'Demande le remboursement d’un concours prolongé resté sans gagnant', params: contestParams, body: refundRequestSchema } },
    async (request) => {
      const viewer = requireViewer(request);
      await requestRefund(ctx, viewer.id, request.params.idConcours, request.body?.message ?? null);
      return ok(undefined, R.requested);
    },
  );
};
