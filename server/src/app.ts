/**
 * buildApp(config, deps) → a Fastify instance with every route, ready to listen or to be
 * called by tests through `inject()`. No listening, no process handling here (see main.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@creadefi/domain';
import { trustProxyOption, type Config } from './config';
import type { AppContext, Deps, ReadCaches } from './context';
import { errorBody, installErrorHandler } from './http/error-handler';
import { installViewer, sessionCache } from './http/viewer';
import { recordRoutes } from './http/route-list';
import { assetWrittenAfterStart, isWebPagePath, loadWebPage } from './http/web-pages';
import { memberPages, type ApiRead } from './http/member-pages';
import { installInputGuard } from './http/input-guard';
import { installSecurityHeaders, securityHeaders } from './http/security-headers';
import { SCRIPT_LOADER_SOURCE } from './http/scripts-after-paint';
import { installNoStore } from './http/no-store';
import { clientErrors, frameworkErrors, installClosingAnswer } from './http/framework-errors';
import type { App } from './http/types';
import { serializeRequest } from './http/request-log';
import { installBodyProgressWatch, requestTimeouts } from './http/slow-bodies';
import { pageModules, routeModules } from './modules';
import { CacheInvalidation } from './cache/invalidation';
import { listingCaches } from './modules/contests/listing-cache';
import { contestDetailsCache } from './modules/contests/details-cache';
import { conversationListCache } from './modules/messages/conversation-list-cache';
import { proposalsCache } from './modules/participations/proposals-cache';
import { Background } from './modules/auth/background';

/** JSON bodies above this are refused with 413; uploads are multipart and have their own limits. */
const JSON_BODY_LIMIT = 1_000_000;

export async function buildApp(config: Config, deps: Deps, options: { logger?: FastifyServerOptions['logger'] } = {}): Promise<App> {
  // A sign-in provider's scripts are allowed only when its verifier exists (fully configured).
  const googleOn = Boolean(deps.identity.google);
  const facebookOn = Boolean(deps.identity.facebook);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the drawn pages' loader, by its hash (scripts-after-paint.ts).
        scriptSrc: ["'self'", SCRIPT_LOADER_SOURCE, ...(googleOn ? ['https://accounts.google.com/gsi/client'] : []), ...(facebookOn ? ['https://connect.facebook.net'] : [])],
        // Mantine sets CSS variables through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'", ...(googleOn ? ['https://accounts.google.com/gsi/style'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Video and audio proposals play from object URLs fetched with the bearer token.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(googleOn ? ['https://accounts.google.com/gsi/'] : [])],
        frameSrc: googleOn || facebookOn ? [...(googleOn ? ['https://accounts.google.com/gsi/'] : []), ...(facebookOn ? ['https://www.facebook.com'] : [])] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        // The app has no <base> element: none may be injected (ASVS 3.4.3).
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; behind a TLS proxy PUBLIC_URL says so.
    hsts: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const app = Fastify({
    // A logger given by the caller (tests reading the output) masks requests the same way.
    logger:
      typeof options.logger === 'object'
        ? { serializers: { req: serializeRequest }, ...options.logger }
        : (options.logger ?? { level: config.LOG_LEVEL, serializers: { req: serializeRequest } }),
    // Errors are logged by the error handler; one line per request would drown the console.
    logController: new LogController({ disableRequestLogging: config.isProduction || config.NODE_ENV === 'test' }),
    bodyLimit: JSON_BODY_LIMIT,
    ...requestTimeouts(config),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Shutdown lets in-flight requests finish but stops keep-alive connections from lingering.
    forceCloseConnections: 'idle',
    // installClosingAnswer gives those late requests the API's envelope instead.
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrors(headers),
  }).withTypeProvider<ZodTypeProvider>();
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const background = new Background(app.log);
  app.addHook('onClose', () => background.drain());
  const ctx: AppContext = { ...deps, config, db: deps.database.db, caches: readCaches(deps, app), background };
  installErrorHandler(app);

  installSecurityHeaders(app, headers);
  await app.register(compress, { threshold: 1024 });
  // After helmet, so that the answer given while closing carries the security headers.
  installClosingAnswer(app);
  installInputGuard(app);
  installNoStore(app);
  installBodyProgressWatch(app, { windowMs: config.BODY_STALL_SECONDS * 1000 });

  await app.register(swagger, {
    openapi: { info: { title: 'Créadéfi API', version: '1.0.0', description: 'API de la place de marché de concours créatifs Créadéfi.' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });

  installViewer(app, ctx);
  await app.register(
    async (api) => {
      for (const register of routeModules) await register(api as App, ctx);
    },
    { prefix: '/api' },
  );
  await app.register(async (pages) => {
    for (const register of pageModules) await register(pages as App, ctx);
  });

  const indexHtml = path.join(config.webDist, 'index.html');
  // A member's page is drawn with what the API answers them, through the same routes and checks.
  const readAsMember: ApiRead = async (apiPath, token, body) => {
    const answer = await app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api${apiPath}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      payload: body as object | undefined,
    });
    return { status: answer.statusCode, body: answer.body };
  };
  const members = memberPages(config.webDist, readAsMember, app.log);
  // In production, once the server answers: loading the renderer never delays the start, and
  // the first member's page does not wait for it. Tests and development load it when first asked.
  if (config.isProduction) {
    app.addHook('onReady', async () => {
      setImmediate(() => void members.warm());
    });
  }
  const webPage = fs.existsSync(indexHtml) ? loadWebPage(config.webDist, members) : null;
  if (webPage) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text file: served as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: they never change, cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (webPage && isWebPagePath(request.method, request.url)) {
      // The web app routes every other path itself (unknown paths render home, docs/architecture.md §7).
      return webPage.reply(request, reply);
    }
    const lateAsset = webPage && (request.method === 'GET' || request.method === 'HEAD') ? assetWrittenAfterStart(config.webDist, request.url) : null;
    if (lateAsset) return reply.sendFile(lateAsset);
    return reply.status(404).send(errorBody(404, MESSAGES.common.notFound));
  });

  contexts.set(app as unknown as App, ctx);
  return app as unknown as App;
}

const contexts = new WeakMap<App, AppContext>();

/** The context an app's routes run with, caches included (tests read and write through it). */
export function contextOf(app: App): AppContext {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('not an app built by buildApp');
  return ctx;
}

/** The caches live as long as the server: listening from its start, emptied at its close. */
function readCaches(deps: Deps, app: FastifyInstance): ReadCaches {
  const invalidation = new CacheInvalidation(deps.database, app.log);
  app.addHook('onReady', () => invalidation.start());
  app.addHook('onClose', () => invalidation.close());
  return { invalidation, sessions: sessionCache(invalidation), listing: listingCaches(invalidation), details: contestDetailsCache(invalidation), conversations: conversationListCache(invalidation), proposals: proposalsCache(invalidation) };
}
