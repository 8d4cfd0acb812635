/** Contests (docs/architecture.md §10). Every route needs a signed-in viewer (docs/product.md §1). */
import { contestParams, createContestSchema, deleteContestSchema, idParams, listContestsSchema, MESSAGES, updateContestSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { createContest, listCategoryContests, listContests, readContest, updateContest } from './service';
import { deleteContest } from './delete';
import { acceptNda } from './nda';

const tags = ['concours'];
const security = [{ bearer: [] }];

export const contestRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/concours/create',
    { schema: { tags, security, summary: 'Crée un concours en attente de paiement (statut 1) ; montants en centimes', body: createContestSchema } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const newConcours = await createContest(ctx, viewer.id, request.body);
      return reply.status(201).send(ok({ newConcours }, MESSAGES.contests.created));
    },
  );

  app.get('/concours/read/:id', { schema: { tags, security, summary: 'Un concours', params: idParams } }, async (request) => {
    const viewer = requireViewer(request);
    return ok({ concours: await readContest(ctx, viewer, request.params.id) });
  });

  app.post(
    '/concours/:idConcours/nda',
    { schema: { tags, security, summary: 'Accepte l’accord de confidentialité d’un concours privé et renvoie son brief', params: contestParams } },
    async (request) => {
      const viewer = requireViewer(request);
      return ok({ concours: await acceptNda(ctx, viewer, request.params.idConcours) }, MESSAGES.formats.ndaAccepted);
    },
  );

  app.post('/concours/update', { schema: { tags, security, summary: 'Modifie le brief d’un concours', body: updateContestSchema } }, async (request) => {
    const viewer = requireViewer(request);
    await updateContest(ctx, viewer.id, request.body);
    return ok(undefined, MESSAGES.contests.updated);
  });

  app.post('/concours/delete', { schema: { tags, security, summary: 'Supprime un concours jamais payé (statut 1)', body: deleteContestSchema } }, async (request) => {
    const viewer = requireViewer(request);
    await deleteContest(ctx, viewer.id, request.body.idConcours, request.log);
    return ok(undefined, MESSAGES.followUp.deleted);
  });

  app.post(
    '/concours/orderBy/any',
    { schema: { tags, security, summary: 'Concours ouverts, triés, filtrés et paginés', body: listContestsSchema.nullish() } },
    async (request) => {
      const viewer = requireViewer(request);
      return ok(await listContests(ctx, viewer.id, request.body ?? listContestsSchema.parse({})));
    },
  );

  app.get(
    '/concours/read/category/:id',
    { schema: { tags, security, summary: 'Les 6 concours ouverts les plus récents d’une catégorie', params: idParams } },
    async (request) => {
      const viewer = requireViewer(request);
      return ok({ concours: await listCategoryContests(ctx, viewer.id, request.params.id) });
    },
  );
};
