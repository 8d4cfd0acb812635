/** Delivery routes (spec 2 §7): final files and their validation. Rules in the services. */
import { FINAL_FILE_FIELD, MESSAGES, badRequest, finalFileFieldsSchema, finalFileQuery, finalValidationSchema, requestErrorMessage } from '@creadefi/domain';
import type { App, RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { receiveUpload, registerMultipart } from '../files/multipart';
import { discardUpload, storeUpload } from '../files/upload';
import { uploadRateLimit } from '../messages/upload-limit';
import { ANY_FINAL_RULES, commitFinalFile, finalRules, prepareFinalFile } from './final-files';
import { validateFinalFiles } from './validate';

const tags = ['livraison'];
const security = [{ bearer: [] }];

export const deliveryRoutes: RouteModule = async (app, ctx) => {
  app.post(
    '/concours/winner/final',
    { schema: { tags, security, summary: 'Valide les fichiers finaux d’un gagnant : son porte-monnaie est crédité une seule fois', body: finalValidationSchema } },
    async (request) => {
      const result = await validateFinalFiles(ctx, requireViewer(request), request.body, request.log);
      return ok(result, MESSAGES.messaging.validated);
    },
  );

  await app.register(async (instance) => {
    const scope = instance as unknown as App;
    await registerMultipart(scope);
    scope.post(
      '/concours/participant/upload/finalFile',
      {
        schema: {
          tags,
          security,
          summary: 'Fichier final d’un gagnant (multipart : idParticipation puis fileFinale ; idParticipation peut aussi venir dans l’URL)',
          querystring: finalFileQuery,
          consumes: ['multipart/form-data'],
        },
        preHandler: uploadRateLimit(ctx),
      },
      async (request) => {
        const viewer = requireViewer(request);
        const fromQuery = request.query.idParticipation;
        // Named in the URL, the participation is checked before a single byte is read.
        const head = fromQuery ? await prepareFinalFile(ctx, viewer, fromQuery) : null;
        const rules = head ? finalRules(head.subCategory.format) : ANY_FINAL_RULES;
        const { stored, fields } = await receiveUpload(
          request,
          FINAL_FILE_FIELD,
          (file) => storeUpload(ctx.files, file, rules),
          (s) => discardUpload(ctx.files, s),
        );
        const parsed = finalFileFieldsSchema.safeParse({ idParticipation: fields.idParticipation ?? fromQuery });
        if (!parsed.success || (fromQuery && parsed.data.idParticipation !== fromQuery)) {
          await discardUpload(ctx.files, stored);
          throw badRequest(requestErrorMessage(['idParticipation'], MESSAGES.common.requiredField), { idParticipation: MESSAGES.common.requiredField });
        }
        const file = await commitFinalFile(ctx, viewer, parsed.data.idParticipation, stored);
        return ok({ file }, MESSAGES.messaging.finalSent);
      },
    );
  });
};
