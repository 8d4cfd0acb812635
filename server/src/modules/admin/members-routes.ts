/** The admin area's « Membres » (docs/product.md §2): search, a member's file, suspension and reinstatement. */
import { adminMembersQuery, decideReportSchema, idParams, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { memberDetail, reinstateMember, searchMembers, suspendMember } from './members';

const tags = ['admin'];
const security = [{ bearer: [] }];
const M = MESSAGES.admin.members;

export const adminMemberRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/admin/members',
    { schema: { tags, security, summary: 'Cherche les membres par le début de leur adresse e-mail ou de leur pseudo', querystring: adminMembersQuery } },
    async (request) => {
      requireAdmin(request);
      return ok(await searchMembers(ctx.db, request.query));
    },
  );

  app.get('/admin/members/:id', { schema: { tags, security, summary: 'La fiche d’un membre\u00a0: identité, concours, propositions, porte-monnaie, signalements', params: idParams } }, async (request) => {
    requireAdmin(request);
    return ok(await memberDetail(ctx.db, request.params.id));
  });

  app.post(
    '/admin/members/:id/suspend',
    { schema: { tags, security, summary: 'Suspend un membre\u00a0: plus de connexion, ses propositions en cours masquées', params: idParams, body: decideReportSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      await suspendMember(ctx, admin.id, request.params.id, request.body.reason);
      return ok(undefined, M.suspended);
    },
  );

  app.post(
    '/admin/members/:id/reinstate',
    { schema: { tags, security, summary: 'Rétablit un membre suspendu et ses propositions masquées', params: idParams, body: decideReportSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      await reinstateMember(ctx, admin.id, request.params.id, request.body.reason);
      return ok(undefined, M.reinstated);
    },
  );
};
