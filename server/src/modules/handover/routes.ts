/** The handover of a validated delivery (docs/decisions/0013): its state, the contract's acceptance, the documents. */
import { MESSAGES, handoverDocumentParams, participationParams } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { contentDisposition } from '../files/names';
import { acceptContract, getHandover, handoverDocumentFor } from './service';

const security = [{ bearer: [] }];
const tags = ['livraison'];

export const handoverRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/participation/:idParticipation/handover',
    { schema: { tags, security, summary: 'La cession d’une livraison validée : ses documents et les acceptations du contrat (les deux parties, les admins)', params: participationParams } },
    async (request) => ok({ handover: await getHandover(ctx, requireViewer(request), request.params.idParticipation) }),
  );

  app.post(
    '/participation/:idParticipation/contract/accept',
    { schema: { tags, security, summary: 'Accepte le contrat de cession de droits d’auteur (l’organisateur ou le talent, une fois chacun)', params: participationParams } },
    async (request) => ok({ handover: await acceptContract(ctx, requireViewer(request), request.params.idParticipation) }, MESSAGES.handover.acceptedToast),
  );

  app.get(
    '/participation/:idParticipation/handover/:kind',
    {
      schema: { tags, security, summary: 'Télécharge le contrat de cession, le relevé de paiement ou la facture (PDF), pour qui y a droit', params: handoverDocumentParams },
      compress: false,
    },
    async (request, reply) => {
      const doc = await handoverDocumentFor(ctx, requireViewer(request), request.params.idParticipation, request.params.kind);
      const stream = await ctx.files.read(doc.storageKey);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(doc.filename, 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('etag', `"${doc.sha256}"`)
        .send(stream);
    },
  );
};
