/** The signed-in user's account (docs/architecture.md §10): profile, its changes, the tutorial. */
import { z } from 'zod';
import { emailTokenParams, MESSAGES, publicUserSchema, userUpdateSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { rateLimit, retryAfterHook } from '../../http/rate-limit';
import { forVisitor } from '../../http/site-url';
import { undoEmailChange } from './email-change';
import { finishTutorial, getPublicUser, updateProfile, type ProfileUpdate } from './service';

const A = MESSAGES.auth;
const tags = ['utilisateur'];
const security = [{ bearer: [] }];
const userAnswer = z.object({ message: z.string().optional(), results: z.object({ user: publicUserSchema }) });

function savedMessage({ proposedEmail, passwordChanged }: ProfileUpdate): string {
  if (proposedEmail) return A.profileUpdatedConfirmEmail(proposedEmail);
  return passwordChanged ? A.profileUpdatedPasswordChanged : A.profileUpdated;
}

export const userRoutes: RouteModule = (app, ctx) => {
  app.get('/user/me', { schema: { tags, summary: "L'utilisateur connecté, avec le solde de son porte-monnaie (centimes)", security, response: { 200: userAnswer } } }, async (request) => {
    const viewer = requireViewer(request);
    return { results: { user: await getPublicUser(ctx.db, viewer.id) } };
  });

  app.post(
    '/user/update',
    {
      schema: {
        tags,
        summary: "Mise à jour du profil ; changer d'adresse e-mail ou de mot de passe demande le mot de passe actuel (ou une nouvelle connexion Google / Facebook)",
        security,
        body: userUpdateSchema,
        response: { 200: userAnswer },
      },
      onError: retryAfterHook,
    },
    async (request) => {
      const viewer = requireViewer(request);
      const saved = await updateProfile(forVisitor(ctx, request), viewer, request.body);
      return { message: savedMessage(saved), results: { user: saved.user } };
    },
  );

  app.post(
    '/auth/email-change/undo/:emailToken',
    {
      schema: { tags, summary: "Annulation d'un changement d'adresse e-mail depuis l'ancienne adresse (ferme toutes les sessions)", params: emailTokenParams, response: { 200: z.object({ message: z.string() }) } },
      preValidation: rateLimit(ctx, { name: 'email-undo' }),
      onError: retryAfterHook,
    },
    async (request) => ({ message: await undoEmailChange(ctx, request.params.emailToken) }),
  );

  app.get('/user/finish/tutorial', { schema: { tags, summary: 'Fin du tutoriel de première visite', security, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    const viewer = requireViewer(request);
    await finishTutorial(ctx, viewer.id);
    return { message: A.tutorialFinished };
  });
};
