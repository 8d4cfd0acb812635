/**
 * Account routes (docs/architecture.md §10): validate with domain's schemas, call the service,
 * shape the envelope. Sign-in, sign-up, reset and resend are rate limited per client address.
 */
import { z } from 'zod';
import {
  emailOnlySchema,
  emailTokenParams,
  facebookLoginSchema,
  googleLoginSchema,
  loginSchema,
  MESSAGES,
  recoverPasswordSchema,
  registerSchema,
  sessionResultsSchema,
} from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { requireViewer } from '../../http/viewer';
import { forVisitor } from '../../http/site-url';
import { rateLimit, retryAfterHook } from '../../http/rate-limit';
import * as auth from './service';
import { loginWithFacebook, loginWithGoogle } from './social';
import { DEVICE_COOKIE, deviceCookieHeader } from './device-cookie';
import { cookieValue } from '../../http/cookies';

const A = MESSAGES.auth;
const tags = ['comptes'];
const messageOnly = z.object({ message: z.string() });
const sessionAnswer = z.object({ message: z.string().optional(), results: sessionResultsSchema });

export const authRoutes: RouteModule = (app, ctx) => {
  const { background } = ctx;
  if (!background) throw new Error('the account routes run inside buildApp, which gives them the background work');

  const login = rateLimit(ctx, { name: 'login' });
  const register = rateLimit(ctx, { name: 'register' });
  const reset = rateLimit(ctx, { name: 'reset' });
  const resend = rateLimit(ctx, { name: 'resend' });

  app.post(
    '/auth/register',
    {
      schema: { tags, summary: 'Inscription avec e-mail et mot de passe', body: registerSchema, response: { 201: z.object({ message: z.string(), results: z.object({ userId: z.number().int() }) }) } },
      preValidation: register,
      onError: retryAfterHook,
    },
    async (request, reply) => {
      const { userId } = await auth.register(forVisitor(ctx, request), request.body);
      return reply.status(201).send({ message: A.registered, results: { userId } });
    },
  );

  app.get(
    '/auth/confirmation/:emailToken',
    {
      schema: {
        tags,
        summary: "Vérification de l'adresse e-mail, ou de la nouvelle adresse d'un compte (un lien déjà utilisé d'un compte vérifié le dit)",
        params: emailTokenParams,
        response: { 200: z.object({ message: z.string(), results: z.object({ alreadyVerified: z.boolean() }) }) },
      },
    },
    async (request) => {
      const { message, alreadyVerified } = await auth.confirmEmail(ctx, request.params.emailToken);
      return { message, results: { alreadyVerified } };
    },
  );

  app.post(
    '/auth/verification/resend',
    {
      schema: { tags, summary: 'Nouveau lien de vérification (même réponse que le compte existe ou non)', body: emailOnlySchema, response: { 200: messageOnly } },
      preValidation: resend,
      onError: retryAfterHook,
    },
    async (request) => {
      const { email } = request.body;
      const visitor = forVisitor(ctx, request);
      background.run('resend verification', () => auth.resendVerification(visitor, email));
      return { message: A.verificationResent };
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, summary: 'Connexion avec e-mail et mot de passe', body: loginSchema, response: { 200: sessionAnswer } }, preValidation: login, onError: retryAfterHook },
    async (request, reply) => {
      const { session, deviceCookie } = await auth.login(ctx, request.body, { ip: request.ip, deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE) });
      reply.header('set-cookie', deviceCookieHeader(deviceCookie, request.protocol === 'https' || ctx.config.publicUrl.startsWith('https:')));
      return { message: A.loggedIn, results: session };
    },
  );

  app.post(
    '/auth/login/google',
    { schema: { tags, summary: 'Connexion avec Google (jeton d’identité)', body: googleLoginSchema, response: { 200: sessionAnswer } }, preValidation: login, onError: retryAfterHook },
    async (request) => ({ message: A.loggedIn, results: await loginWithGoogle(ctx, request.body.tokenId) }),
  );

  app.post(
    '/auth/login/facebook',
    { schema: { tags, summary: 'Connexion avec Facebook', body: facebookLoginSchema, response: { 200: sessionAnswer } }, preValidation: login, onError: retryAfterHook },
    async (request) => ({ message: A.loggedIn, results: await loginWithFacebook(ctx, request.body.accessToken, request.body.userID) }),
  );

  app.post(
    '/auth/pswd/lost',
    {
      schema: { tags, summary: 'Lien de réinitialisation du mot de passe (même réponse que le compte existe ou non)', body: emailOnlySchema, response: { 200: messageOnly } },
      preValidation: reset,
      onError: retryAfterHook,
    },
    async (request) => {
      const { email } = request.body;
      const visitor = forVisitor(ctx, request);
      background.run('password reset request', () => auth.requestPasswordReset(visitor, email));
      return { message: A.resetSent };
    },
  );

  app.post(
    '/auth/pswd/recover/:emailToken',
    {
      schema: { tags, summary: 'Nouveau mot de passe depuis le lien reçu', params: emailTokenParams, body: recoverPasswordSchema, response: { 200: messageOnly } },
      preValidation: reset,
      onError: retryAfterHook,
    },
    async (request) => {
      await auth.recoverPassword(ctx, request.params.emailToken, request.body.newPassword);
      return { message: A.resetDone };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, summary: 'Déconnexion (révoque la session courante)', security: [{ bearer: [] }], response: { 200: messageOnly } } },
    async (request) => {
      const viewer = requireViewer(request);
      await auth.logout(ctx, viewer.sessionId);
      return { message: A.loggedOut };
    },
  );
};
