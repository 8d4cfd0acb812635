/** Delivery routes (docs/architecture.md §10): final files and their validation. Rules in the services. */
import { FINAL_FILE_FIELD, MESSAGES, badRequest, finalFileFieldsSchema, finalFileQuery, finalValidationSchema, portfolioSwitchSchema } from '@creadefi/domain';
import type { App, RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { receiveUpload, registerMultipart } from '../files/multipart';
import { discardUpload, storeUpload } from '../files/upload';
import { uploadRateLimit } from '../files/upload-limit';
import { holdUploadSlot } from '../files/upload-slots';
import { commitFinalFile, finalRules, prepareFinalFile } from './final-files';
import { validateFinalFiles } from './validate';
import { setPortfolioShown } from './portfolio';

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

  app.post(
    '/concours/winner/portfolio',
    { schema: { tags, security, summary: 'Montre ou retire une création gagnante validée du portfolio public du talent (l’organisateur seul)', body: portfolioSwitchSchema } },
    async (request) => {
      const result = await setPortfolioShown(ctx, requireViewer(request).id, request.body.idParticipation, request.body.shown);
      return ok(result, MESSAGES.talents.portfolioSaved(result.shown));
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
        preHandler: [uploadRateLimit(ctx), holdUploadSlot(ctx)],
      },
      async (request) => {
        const viewer = requireViewer(request);
        const fromQuery = request.query.idParticipation;
        // Named in the URL, the participation is checked before the body is read at all.
        const head = fromQuery ? await prepareFinalFile(ctx, viewer, fromQuery) : null;
        let chosen = fromQuery;
        const { stored, fields } = await receiveUpload(
          request,
          FINAL_FILE_FIELD,
          async (file, before) => {
            let rules = head ? finalRules(head.subCategory.format) : null;
            if (!rules) {
              // Named in the form only, it must come before the file: who may send it is
              // decided before a byte of the file is read.
              chosen = participationField(before.idParticipation);
              rules = finalRules((await prepareFinalFile(ctx, viewer, chosen)).subCategory.format);
            }
            return storeUpload(ctx.files, file, rules);
          },
          (s) => discardUpload(ctx.files, s),
        );
        const named = fields.idParticipation === undefined ? chosen : finalFileFieldsSchema.safeParse({ idParticipation: fields.idParticipation }).data?.idParticipation;
        if (named !== chosen) {
          await discardUpload(ctx.files, stored);
          throw badRequest(MESSAGES.common.invalidInput, { idParticipation: MESSAGES.common.invalidInput });
        }
        const file = await commitFinalFile(ctx, viewer, chosen!, stored);
        return ok({ file }, MESSAGES.messaging.finalSent);
      },
    );
  });
};

/** The form's idParticipation, or the refusal naming the field. */
function participationField(value: string | undefined): number {
  const parsed = finalFileFieldsSchema.safeParse({ idParticipation: value });
  if (!parsed.success) throw badRequest(MESSAGES.messaging.finalIdFirst, { idParticipation: MESSAGES.messaging.finalIdFirst });
  return parsed.data.idParticipation;
}
