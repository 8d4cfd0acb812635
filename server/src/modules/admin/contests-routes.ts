/** The admin area's « Concours » (docs/product.md §2, the admin area): search, detail, actions. */
import { adminContestsQuery, contestActionSchema, extendContestSchema, formatParisDate, idParams, MESSAGES } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireAdmin } from '../../http/viewer';
import { advanceContest, contestDetail, extendContest, searchContests } from './contests';

const tags = ['admin'];
const security = [{ bearer: [] }];
const A = MESSAGES.adminContests;

export const adminContestRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/admin/contests',
    { schema: { tags, security, summary: 'Cherche un concours par numéro, société, e-mail ou pseudo de l’organisateur', querystring: adminContestsQuery } },
    async (request) => {
      requireAdmin(request);
      return ok(await searchContests(ctx.db, request.query));
    },
  );

  app.get('/admin/contests/:id', { schema: { tags, security, summary: 'Un concours vu par l’équipe : dates, argent et historique', params: idParams } }, async (request) => {
    requireAdmin(request);
    return ok({ contest: await contestDetail(ctx, request.params.id) });
  });

  app.post(
    '/admin/contests/:id/extend',
    { schema: { tags, security, summary: 'Prolonge un concours pas encore finalisé', params: idParams, body: extendContestSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      const result = await extendContest(ctx, admin.id, request.params.id, request.body);
      return ok(result, A.extended(formatParisDate(result.endDate)));
    },
  );

  app.post(
    '/admin/contests/:id/advance',
    { schema: { tags, security, summary: 'Force l’étape suivante d’un concours dont le délai est écoulé', params: idParams, body: contestActionSchema } },
    async (request) => {
      const admin = requireAdmin(request);
      return ok(await advanceContest(ctx, admin.id, request.params.id, request.body.reason), A.advanced);
    },
  );
};
