/** Invoicing status (docs/architecture.md §10): GET /user/get/statut, POST /user/add/statut/. */
import { MESSAGES, statutSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { getStatut, saveStatut } from './service';

const tags = ['statut'];
const security = [{ bearer: [] }];

export const statutRoutes: RouteModule = (app, ctx) => {
  app.get('/user/get/statut', { schema: { tags, security, summary: 'Le statut de facturation (null avant le premier envoi)' } }, async (request) => {
    const viewer = requireViewer(request);
    return ok({ statut: await getStatut(ctx, viewer.id) });
  });

  // The original API writes the path with a trailing slash (docs/architecture.md §10); both spellings are served.
  for (const url of ['/user/add/statut/', '/user/add/statut']) {
    app.post(
      url,
      { schema: { tags, security, summary: 'Enregistre le statut et ouvre le compte de paiement', body: statutSchema, hide: url.endsWith('t') } },
      async (request) => {
        const viewer = requireViewer(request);
        const user = await saveStatut(ctx, viewer.id, request.body, request.log);
        return ok({ user }, MESSAGES.profile.statusSaved);
      },
    );
  }
};
