import { myContestsQuery } from '@creadefi/domain';
import { ok } from '../../http/envelope';
import type { RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { organiserContests, participantContests } from './service';

/** GET /api/user/concours/organisateur and /participant: the two tabs of My contests. */
export const myContestsRoutes: RouteModule = (app, ctx) => {
  const schema = { tags: ['mes concours'], security: [{ bearer: [] }], querystring: myContestsQuery };
  app.get('/user/concours/organisateur', { schema: { ...schema, summary: 'Mes concours en tant qu’organisateur, page par page' } }, async (request) => ok(await organiserContests(ctx, requireViewer(request).id, request.query)));
  app.get('/user/concours/participant', { schema: { ...schema, summary: 'Les concours auxquels je participe, page par page' } }, async (request) => ok(await participantContests(ctx, requireViewer(request).id, request.query)));
};
