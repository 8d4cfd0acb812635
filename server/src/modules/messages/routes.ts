/** Messaging routes (docs/architecture.md §10): HTTP shapes only, rules in service.ts and rules.ts. */
import { conversationsQuery, createMessageSchema, MESSAGE_FILE_FIELD, MESSAGES, participationParams } from '@creadefi/domain';
import type { App, RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { receiveUpload, registerMultipart } from '../files/multipart';
import { holdUploadSlot } from '../files/upload-slots';
import { discardUpload, storeUpload } from '../files/upload';
import { listConversations } from './conversation-list';
import { commitWorkFile, prepareWorkFile, readConversation, sendMessage } from './service';
import { uploadRateLimit } from '../files/upload-limit';

const tags = ['messages'];
const security = [{ bearer: [] }];

export const messageRoutes: RouteModule = async (app, ctx) => {
  // Paged (docs/architecture.md §10: an answer without the paging fields is the first page): see conversation-list.ts.
  const listSchema = { tags, security, querystring: conversationsQuery };
  app.get('/message/read/byConcours', { schema: { ...listSchema, summary: 'Conversations des concours que j’organise, groupées par concours, par pages' } }, async (request) => {
    return ok(await listConversations(ctx, requireViewer(request).id, 'organiser', request.query));
  });

  app.get('/message/read/byParticipation', { schema: { ...listSchema, summary: 'Conversations de mes participations, groupées par concours, par pages' } }, async (request) => {
    return ok(await listConversations(ctx, requireViewer(request).id, 'participant', request.query));
  });

  app.get(
    '/message/readByParticipant/:idParticipation',
    { schema: { tags, security, summary: 'Une conversation (la lire marque comme lus les messages reçus)', params: participationParams } },
    async (request) => {
      return ok({ participation: await readConversation(ctx, requireViewer(request), request.params.idParticipation) });
    },
  );

  app.post('/message/create', { schema: { tags, security, summary: 'Envoie un message (à une participation, ou à un concours avant d’y participer)', body: createMessageSchema } }, async (request) => {
    const result = await sendMessage(ctx, requireViewer(request), request.body);
    return ok(result, MESSAGES.messaging.sent);
  });

  // Multipart is parsed only in this scope, with the hard limits of files/multipart.ts.
  await app.register(async (instance) => {
    const scope = instance as unknown as App;
    await registerMultipart(scope);
    scope.post(
      '/message/add/file/:idParticipation',
      {
        schema: { tags, security, summary: 'Fichier de travail entre l’organisateur et un gagnant (statuts 4 et 5)', params: participationParams, consumes: ['multipart/form-data'] },
        preHandler: [uploadRateLimit(ctx), holdUploadSlot(ctx)],
      },
      async (request) => {
        const viewer = requireViewer(request);
        // Refusals that need no bytes come first, before the body is read.
        const target = await prepareWorkFile(ctx, viewer, request.params.idParticipation);
        const { stored } = await receiveUpload(
          request,
          MESSAGE_FILE_FIELD,
          (file) => storeUpload(ctx.files, file, target.rules),
          (s) => discardUpload(ctx.files, s),
        );
        return ok(await commitWorkFile(ctx, viewer, target, stored), MESSAGES.participations.fileAdded);
      },
    );
  });
};
