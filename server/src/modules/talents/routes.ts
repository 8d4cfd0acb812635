/** Talent profiles, the talent list, invitations and polls (docs/product.md « Talents »). Rules in the services. */
import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  MESSAGES,
  avatarQuery,
  idParams,
  invitationSchema,
  pollCreateSchema,
  pollPreviewParams,
  pollTokenParams,
  pollVoteConfirmSchema,
  pollVoteSchema,
  talentListQuery,
  talentPseudoParams,
  talentSettingsSchema,
} from '@creadefi/domain';
import type { App, RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { rateLimit, retryAfterHook } from '../../http/rate-limit';
import { forVisitor } from '../../http/site-url';
import { deliverFile } from '../files/routes';
import { receiveUpload, registerMultipart } from '../files/multipart';
import { holdUploadSlot } from '../files/upload-slots';
import { uploadRateLimit } from '../files/upload-limit';
import { avatarDelivery, avatarTooBig, readAvatarUpload, removeAvatar, renderAvatar, saveAvatar } from './avatar';
import { portfolioPreview, saveTalentSettings, talentProfile, talentSettings } from './profile';
import { listTalents } from './list';
import { invitableContests, inviteTalent } from './invitations';
import { confirmPollVote, contestPolls, createPoll, pollForVoter, pollPreview, pollResults, votePoll } from './polls';

const T = MESSAGES.talents;
const tags = ['talents'];
const security = [{ bearer: [] }];
/** The multipart field of the photo. */
export const AVATAR_FIELD = 'avatar';
const fileParams = talentPseudoParams.extend({ fileId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Members' votes one client address may send per window: an office behind one address votes, a script does not. */
export const POLL_VOTES_PER_WINDOW = 30;
export const POLL_VOTE_WINDOW_SECONDS = 600;

export const talentRoutes: RouteModule = async (app, ctx) => {
  app.get('/talents', { schema: { tags, summary: 'Les talents publics, par nombre de victoires, filtrés par catégorie et par niveau (paginé)', querystring: talentListQuery } }, async (request) =>
    ok(await listTalents(ctx.db, request.query)),
  );

  app.get('/talents/:pseudo', { schema: { tags, summary: 'Le profil public d’un talent : présentation, catégories, victoires, note moyenne, niveau et portfolio', params: talentPseudoParams } }, async (request) =>
    ok({ talent: await talentProfile(ctx.db, request.params.pseudo) }),
  );

  app.get('/talents/:pseudo/portfolio/:fileId', { schema: { tags, summary: 'L’aperçu réduit d’une création du portfolio d’un talent (jamais l’original)', params: fileParams }, compress: false }, async (request, reply) =>
    deliverFile(ctx, request, reply, await portfolioPreview(ctx.db, request.params.pseudo, request.params.fileId), request.params.fileId),
  );

  app.get(
    '/talents/:pseudo/avatar',
    { schema: { tags, summary: 'La photo d’un membre (WebP carré), sans session ; gardée pour de bon quand l’adresse porte sa version', params: talentPseudoParams, querystring: avatarQuery }, compress: false },
    async (request, reply) => deliverFile(ctx, request, reply, await avatarDelivery(ctx, request.params.pseudo, request.query.v), 0),
  );

  app.delete('/profile/avatar', { schema: { tags, security, summary: 'Retire la photo du membre connecté' } }, async (request) => {
    await removeAvatar(ctx, requireViewer(request).id);
    return ok({ avatarUrl: null }, T.avatarRemoved);
  });

  // Multipart is parsed only in this scope, with the hard limits of files/multipart.ts.
  await app.register(async (instance) => {
    const scope = instance as unknown as App;
    await registerMultipart(scope);
    scope.put(
      '/profile/avatar',
      {
        schema: { tags, security, summary: 'Remplace la photo du membre connecté : une image PNG, JPEG ou WebP de 5 Mo au plus, recadrée en carré (multipart)', consumes: ['multipart/form-data'] },
        preHandler: [uploadRateLimit(ctx), holdUploadSlot(ctx)],
      },
      async (request) => {
        const viewer = requireViewer(request);
        const { stored } = await receiveUpload(request, AVATAR_FIELD, readAvatarUpload, async () => {}, { maxBytes: AVATAR_MAX_BYTES, tooBig: avatarTooBig });
        const avatarUrl = await saveAvatar(ctx, viewer.id, await renderAvatar(stored));
        return ok({ avatarUrl }, T.avatarSaved);
      },
    );
  });

  app.get('/talents/:pseudo/invitable-contests', { schema: { tags, security, summary: 'Les concours ouverts de l’organisateur connecté où il peut inviter ce talent', params: talentPseudoParams } }, async (request) =>
    ok({ contests: await invitableContests(ctx, requireViewer(request).id, request.params.pseudo) }),
  );

  app.post(
    '/talents/invitations',
    { schema: { tags, security, summary: 'Invite un talent à un concours ouvert de l’organisateur (une invitation par talent et concours)', body: invitationSchema }, onError: retryAfterHook },
    async (request) => {
      const result = await inviteTalent(ctx, requireViewer(request).id, request.body);
      return ok({ created: result.created }, result.message);
    },
  );

  app.get('/user/talent-profile', { schema: { tags, security, summary: 'Les réglages du profil de talent du membre connecté' } }, async (request) =>
    ok({ settings: await talentSettings(ctx.db, requireViewer(request).id) }),
  );

  app.post('/user/talent-profile', { schema: { tags, security, summary: 'Enregistre la présentation, les catégories affichées et la visibilité du profil de talent', body: talentSettingsSchema } }, async (request) => {
    const settings = await saveTalentSettings(ctx.db, requireViewer(request).id, request.body);
    return ok({ settings }, T.settingsSaved);
  });

  app.post('/concours/:id/polls', { schema: { tags, security, summary: 'Crée un sondage sur 2 à 8 propositions du concours ; répond son lien secret', params: idParams, body: pollCreateSchema } }, async (request) =>
    ok(await createPoll(ctx, requireViewer(request).id, request.params.id, request.body.participations), T.pollCreated),
  );

  app.get('/concours/:id/polls', { schema: { tags, security, summary: 'Les sondages d’un concours, pour son organisateur, avec leur nombre de votes', params: idParams } }, async (request) =>
    ok({ polls: await contestPolls(ctx, requireViewer(request).id, request.params.id) }),
  );

  app.get('/polls/:pollToken', { schema: { tags, summary: 'Un sondage, pour qui en a le lien : les aperçus des propositions, sans leurs auteurs', params: pollTokenParams } }, async (request) =>
    ok({ poll: await pollForVoter(ctx.db, request.params.pollToken) }),
  );

  app.get('/polls/:pollToken/preview/:fileId', { schema: { tags, summary: 'L’aperçu réduit d’une proposition du sondage (jamais l’original)', params: pollPreviewParams }, compress: false }, async (request, reply) =>
    deliverFile(ctx, request, reply, await pollPreview(ctx.db, request.params.pollToken, request.params.fileId), request.params.fileId),
  );

  const memberVotes = rateLimit(ctx, { name: 'poll-vote', max: POLL_VOTES_PER_WINDOW, windowSeconds: POLL_VOTE_WINDOW_SECONDS });
  // A visitor's vote mails a link: limited like the other requests that send mail.
  const visitorVotes = rateLimit(ctx, { name: 'poll-vote-mail' });
  app.post(
    '/polls/:pollToken/vote',
    {
      schema: {
        tags,
        summary: 'Vote : un membre connecté vote en son nom ; un visiteur donne son adresse e-mail, et son vote compte une fois le lien reçu suivi. Un vote par membre et par adresse',
        params: pollTokenParams,
        body: pollVoteSchema,
      },
      preValidation: (request, reply) => (request.viewer ? memberVotes(request, reply) : visitorVotes(request, reply)),
      onError: retryAfterHook,
    },
    async (request) => {
      // The mailed link leads back to the address the visitor used (http/site-url.ts).
      const vote = await votePoll(forVisitor(ctx, request), request.params.pollToken, request.body, request.viewer);
      return ok(vote, vote.pending ? T.pollVoteMailSent(request.body.email!) : T.pollVoted);
    },
  );

  app.post(
    '/poll-votes/confirm',
    { schema: { tags, summary: 'Confirme le vote d’un visiteur par le lien reçu (une fois, avant son expiration)', body: pollVoteConfirmSchema } },
    async (request) => ok(await confirmPollVote(ctx, request.body.token), T.pollVoted),
  );

  app.get('/polls/:pollToken/results', { schema: { tags, security, summary: 'Les résultats d’un sondage (votes et commentaires), pour l’organisateur du concours seul', params: pollTokenParams } }, async (request) =>
    ok({ poll: await pollResults(ctx, requireViewer(request).id, request.params.pollToken) }),
  );
};
