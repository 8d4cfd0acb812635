/** Admin area: cancelling and refunding a contest, and the queue of refund requests (docs/product.md §3). */
import { adminPageQuery, adminRefundSchema, idParams, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { adminRefundContest, decideRefundRequest, listRefundRequests } from '../refunds/admin';

const tags = ['admin'];
const security = [{ bearer: [] }];
const R = MESSAGES.refunds;

export const adminRefundRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/admin/contests/:id/refund',
    { schema: { tags, security, summary: 'Clôture un concours non finalisé et rembourse son organisateur', params: idParams, body: adminRefundSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      return ok(await adminRefundContest(ctx, admin.id, request.params.id, request.body.reason, request.log), R.contestRefunded);
    },
  );

  app.get('/admin/refund-requests', { schema: { tags, security, summary: 'Les demandes de remboursement, en attente d’abord', querystring: adminPageQuery } }, async (request) => {
    requireAdmin(request);
    return ok(await listRefundRequests(ctx.db, request.query));
  });

  const decisions = [
    { path: 'approve', decision: 'approved', summary: 'Accepte une demande de remboursement\u00a0: le concours est clôturé et remboursé', answer: R.requestApproved },
    { path: 'reject', decision: 'rejected', summary: 'Refuse une demande de remboursement, avec sa raison', answer: R.requestRejectedAnswer },
  ] as const;
  for (const d of decisions) {
    app.post(`/admin/refund-requests/:id/${d.path}`, { schema: { tags, security, summary: d.summary, params: idParams, body: adminRefundSchema } }, async (request) => {
      const admin = requireAdmin(request);
      return ok(await decideRefundRequest(ctx, admin.id, request.params.id, d.decision, request.body.reason, request.log), d.answer);
    });
  }
};
