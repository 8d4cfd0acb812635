import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';

/** The Fastify instance every module registers its routes on (zod-typed). */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** A module's routes: `(app, ctx) => { app.post('/auth/login', …) }`, mounted under /api. */
export type RouteModule = (app: App, ctx: AppContext) => Promise<void> | void;
