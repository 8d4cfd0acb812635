/** The signed-in user's account (spec 1 §7, spec 2 §7): profile, its changes, the tutorial. */
import { z } from 'zod';
import { MESSAGES, publicUserSchema, userUpdateSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { forVisitor } from '../../http/site-url';
import { finishTutorial, getPublicUser, updateProfile } from './service';

const A = MESSAGES.auth;
const tags = ['utilisateur'];
const security = [{ bearer: [] }];
const userAnswer = z.object({ message: z.string().optional(), results: z.object({ user: publicUserSchema }) });

export const userRoutes: RouteModule = (app, ctx) => {
  app.get('/user/me', { schema: { tags, summary: "L'utilisateur connecté, avec le solde de son porte-monnaie (centimes)", security, response: { 200: userAnswer } } }, async (request) => {
    const viewer = requireViewer(request);
    return { results: { user: await getPublicUser(ctx.db, viewer.id) } };
  });

  app.post(
    '/user/update',
    { schema: { tags, summary: 'Mise à jour du profil', security, body: userUpdateSchema, response: { 200: userAnswer } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { user, emailChanged } = await updateProfile(forVisitor(ctx, request), viewer.id, request.body, request.log);
      return { message: emailChanged ? A.profileUpdatedVerifyEmail : A.profileUpdated, results: { user } };
    },
  );

  app.get('/user/finish/tutorial', { schema: { tags, summary: 'Fin du tutoriel de première visite', security, response: { 200: z.object({ message: z.string() }) } } }, async (request) => {
    const viewer = requireViewer(request);
    await finishTutorial(ctx, viewer.id);
    return { message: A.tutorialFinished };
  });
};
