/** Dispute routes (docs/product.md §2, disputes): opening from a conversation, the admins' queue and decisions. */
import { adminDisputesQuery, idParams, MESSAGES, openDisputeSchema, participationParams, resolveDisputeSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin, requireViewer } from '../../http/viewer';
import { openDispute } from './open';
import { listDisputes, resolveDispute } from './resolve';

const security = [{ bearer: [] }];

export const disputeRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/participation/:idParticipation/dispute',
    {
      schema: {
        tags: ['livraison'],
        security,
        summary: 'Ouvre un litige sur la livraison d’un gagnant (l’organisateur ou ce gagnant, concours finalisé)',
        params: participationParams,
        body: openDisputeSchema,
      },
    },
    async (request, reply) => {
      const dispute = await openDispute(ctx, requireViewer(request), request.params.idParticipation, request.body.reason);
      return reply.status(201).send(ok({ dispute }, MESSAGES.disputes.opened));
    },
  );

  app.get('/admin/disputes', { schema: { tags: ['admin'], security, summary: 'Les litiges, à trancher ou tranchés', querystring: adminDisputesQuery } }, async (request) => {
    requireAdmin(request);
    return ok(await listDisputes(ctx.db, request.query));
  });

  app.post(
    '/admin/disputes/:id/resolve',
    {
      schema: {
        tags: ['admin'],
        security,
        summary: 'Tranche un litige : valider les fichiers finaux, rembourser l’organisateur ou accorder un délai',
        params: idParams,
        body: resolveDisputeSchema,
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      await resolveDispute(ctx, admin.id, request.params.id, request.body, request.log);
      return ok(undefined, MESSAGES.disputes.admin.resolved);
    },
  );
};
