/** Participation and judging routes (docs/architecture.md §10): HTTP shapes only, rules in the services. */
import {
  MESSAGES,
  PARTICIPATION_FILE_FIELD,
  addParticipationSchema,
  commentSchema,
  contestIdSchema,
  contestParams,
  idParams,
  participationParams,
  proposalsQuery,
  reportSchema,
  starsSchema,
  winnerSchema,
  editTextSchema,
  withdrawFileSchema,
  withdrawSchema,
  type ExtraPrizesDue,
  finalistSchema,
  galleryQuery,
} from '@creadefi/domain';
import { ok } from '../../http/envelope';
import type { App, RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { receiveUpload, registerMultipart } from '../files/multipart';
import { holdUploadSlot } from '../files/upload-slots';
import { uploadRateLimit } from '../files/upload-limit';
import { discardUpload, storeUpload } from '../files/upload';
import { finaliseContest, rateParticipation, readWinners, reportParticipation, setWinner } from './judging';
import { addParticipation, checkProposalFields, commitProposalFile, prepareProposalUpload } from './participate';
import { getProposalsPage } from './proposals-page';
import { commentProposal } from './comment';
import { getGallery } from './gallery';
import { setFinalist, startFinalRound } from './finalists';
import { getMyParticipation, getParticipation } from './read';
import { editProposalText, withdrawParticipation, withdrawProposalFile } from './withdraw';

const P = MESSAGES.participations;
const tags = ['participations'];
const security = [{ bearer: [] }];

export const participationsRoutes: RouteModule = async (app, ctx) => {
  app.post('/concours/add/participation', { schema: { tags, security, summary: 'Rejoint un concours (s’engage sur le brief et ouvre la participation)', body: addParticipationSchema } }, async (request) => {
    const participation = await addParticipation(ctx, requireViewer(request), request.body);
    return ok({ participation }, P.added);
  });

  app.get('/participation/:id', { schema: { tags, security, summary: 'Une participation, pour son auteur, l’organisateur ou un administrateur', params: idParams } }, async (request) => {
    const participation = await getParticipation(ctx, requireViewer(request), request.params.id);
    return ok({ participation });
  });

  app.get('/concours/:idConcours/ma-participation', { schema: { tags, security, summary: 'Ma participation à ce concours (null si aucune)', params: contestParams } }, async (request) => {
    const participation = await getMyParticipation(ctx, requireViewer(request), request.params.idConcours);
    return ok({ participation });
  });

  app.get('/concours/:idConcours/participations', { schema: { tags, security, summary: 'Les propositions du concours, page par page, pour son organisateur', params: contestParams, querystring: proposalsQuery } }, async (request) => {
    const page = await getProposalsPage(ctx, requireViewer(request), request.params.idConcours, request.query);
    return ok(page);
  });

  app.get('/concours/:idConcours/galerie', { schema: { tags, security, summary: 'Les aperçus des propositions d’un concours ouvert, pour les talents qui peuvent le lire', params: contestParams, querystring: galleryQuery } }, async (request) => {
    return ok(await getGallery(ctx, requireViewer(request), request.params.idConcours, request.query));
  });

  app.post('/concours/finalist/add', { schema: { tags, security, summary: 'Choisit une proposition comme finaliste (six au plus)', body: finalistSchema } }, async (request) => {
    return ok(await setFinalist(ctx, requireViewer(request), request.body, true), MESSAGES.formats.finalistAdded);
  });

  app.post('/concours/finalist/delete', { schema: { tags, security, summary: 'Retire une proposition des finalistes', body: finalistSchema } }, async (request) => {
    return ok(await setFinalist(ctx, requireViewer(request), request.body, false), MESSAGES.formats.finalistRemoved);
  });

  app.post('/concours/:idConcours/finale', { schema: { tags, security, summary: 'Lance la finale de 3 jours, réservée aux finalistes', params: contestParams } }, async (request) => {
    return ok(await startFinalRound(ctx, requireViewer(request), request.params.idConcours), MESSAGES.formats.finalRoundStarted);
  });

  app.post('/participation/withdraw', { schema: { tags, security, summary: 'Retire sa proposition du concours', body: withdrawSchema } }, async (request) => {
    await withdrawParticipation(ctx, requireViewer(request), request.body.idParticipation, request.log);
    return ok(undefined, MESSAGES.followUp.withdrawn);
  });

  app.post('/participation/file/withdraw', { schema: { tags, security, summary: 'Retire un fichier de sa proposition', body: withdrawFileSchema } }, async (request) => {
    const outcome = await withdrawProposalFile(ctx, requireViewer(request), request.body.idParticipation, request.body.idFile, request.log);
    return ok(outcome, outcome.withdrawn ? MESSAGES.followUp.withdrawn : MESSAGES.followUp.fileWithdrawn);
  });

  app.post('/participation/update/text', { schema: { tags, security, summary: 'Modifie le texte de sa proposition', body: editTextSchema } }, async (request) => {
    await editProposalText(ctx, requireViewer(request), request.body);
    return ok(undefined, MESSAGES.followUp.textUpdated);
  });

  app.post('/participation/stars/update', { schema: { tags, security, summary: 'Note une proposition (0 à 5 étoiles, 0 efface la note)', body: starsSchema } }, async (request) => {
    await rateParticipation(ctx, requireViewer(request), request.body);
    return ok(undefined, request.body.stars === 0 ? P.starsCleared : P.starsUpdated);
  });

  app.post('/participation/comment', { schema: { tags, security, summary: 'Écrit (ou remplace) le commentaire privé de l’organisateur sur une proposition', body: commentSchema } }, async (request) => {
    const comment = await commentProposal(ctx, requireViewer(request), request.body);
    return ok({ comment }, MESSAGES.feedback.saved);
  });

  app.get('/participation/report/:id', { schema: { tags, security, summary: 'Signale une proposition sans motif (ancienne forme, motif « autre »)', params: idParams } }, async (request) => {
    await reportParticipation(ctx, requireViewer(request), request.params.id);
    return ok(undefined, P.reported);
  });

  app.post('/participation/report/:id', { schema: { tags, security, summary: 'Signale une proposition à l’équipe, avec un motif', params: idParams, body: reportSchema } }, async (request) => {
    await reportParticipation(ctx, requireViewer(request), request.params.id, request.body);
    return ok(undefined, P.reported);
  });

  app.post('/concours/winner/add', { schema: { tags, security, summary: 'Choisit une proposition comme gagnante', body: winnerSchema } }, async (request) => {
    await setWinner(ctx, requireViewer(request), request.body, true);
    return ok(undefined, P.winnerAdded);
  });

  app.post('/concours/winner/delete', { schema: { tags, security, summary: 'Retire une proposition des gagnants', body: winnerSchema } }, async (request) => {
    await setWinner(ctx, requireViewer(request), request.body, false);
    return ok(undefined, P.winnerRemoved);
  });

  app.post('/concours/winner/prefinal', { schema: { tags, security, summary: 'Confirme les gagnants (ou indique les prix supplémentaires à payer)', body: contestIdSchema } }, async (request, reply) => {
    const outcome = await finaliseContest(ctx, requireViewer(request), request.body.idConcours);
    if (outcome.kind === 'extraPrizesDue') {
      // 402 keeps the error envelope and adds what the payment step needs (docs/product.md §3).
      const results: ExtraPrizesDue = { extraPrizes: outcome.extraPrizes, amount: outcome.amount };
      return reply.status(402).send({ message: { message: outcome.message, code: 402 }, results });
    }
    return ok(undefined, P.finalised);
  });

  app.get('/concours/readAll/winner/:idConcours', { schema: { tags, security, summary: 'Les gagnants du concours et leur livraison', params: contestParams } }, async (request) => {
    const concours = await readWinners(ctx, requireViewer(request), request.params.idConcours);
    return ok({ concours });
  });

  // Multipart is parsed only in this scope, with the hard limits of files/multipart.ts.
  await app.register(async (instance) => {
    const scope = instance as unknown as App;
    await registerMultipart(scope);
    scope.post(
      '/participation/addFile/:idParticipation',
      { schema: { tags, security, summary: 'Ajoute un fichier à sa proposition (envoi en flux, multipart)', params: participationParams, consumes: ['multipart/form-data'] }, preHandler: [uploadRateLimit(ctx), holdUploadSlot(ctx)] },
      async (request) => {
        const viewer = requireViewer(request);
        // Refusals that need no bytes come first, before the body is read.
        const target = await prepareProposalUpload(ctx, viewer, request.params.idParticipation);
        const { stored, fields } = await receiveUpload(
          request,
          PARTICIPATION_FILE_FIELD,
          (file, before) => {
            checkProposalFields(target, before);
            return storeUpload(ctx.files, file, target.rules);
          },
          (s) => discardUpload(ctx.files, s),
        );
        const file = await commitProposalFile(ctx, viewer, target, stored, fields);
        return ok({ file }, P.fileAdded);
      },
    );
  });
};
