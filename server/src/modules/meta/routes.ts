import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';

/** GET /api/config: what the web app must know before rendering (which sign-in buttons exist). */
export const metaRoutes: RouteModule = (app, ctx) => {
  app.get('/config', { schema: { tags: ['méta'], summary: 'Configuration publique (connexions sociales, limites d’envoi…)' } }, async () =>
    ok({
      // Buttons appear only for providers whose tokens the server can actually verify.
      googleClientId: ctx.identity.google ? (ctx.config.GOOGLE_CLIENT_ID ?? null) : null,
      facebookAppId: ctx.identity.facebook ? (ctx.config.FACEBOOK_APP_ID ?? null) : null,
      paymentProvider: ctx.config.PAYMENT_PROVIDER,
      devOutbox: !ctx.config.isProduction && ctx.config.MAIL_TRANSPORT === 'outbox',
    }),
  );
};
