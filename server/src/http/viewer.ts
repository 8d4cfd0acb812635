/**
 * Who is asking: read from the bearer token on every request (spec 1 §7). Routes call
 * `requireViewer` to refuse visitors; ownership checks live in the services.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES, unauthorized, forbidden } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken } from '../modules/auth/tokens';

export interface Viewer {
  id: number;
  isAdmin: boolean;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}

export function installViewer(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    let lookup = viewerLookups.get(ctx.db);
    if (!lookup) viewerLookups.set(ctx.db, (lookup = prepareViewerLookup(ctx.db)));
    const [row] = await lookup.execute({ tokenHash: hashToken(token), now: ctx.clock().toISOString() });
    request.viewer = row ?? null;
  });
}

/**
 * Every signed-in request runs this lookup: built once and executed as a named statement, it
 * costs neither drizzle's query building nor PostgreSQL's parsing each time.
 */
function prepareViewerLookup(db: Db) {
  return db
    .select({ id: users.id, isAdmin: users.isAdmin, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .limit(1)
    .prepare('viewer_by_token');
}

const viewerLookups = new WeakMap<Db, ReturnType<typeof prepareViewerLookup>>();

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized(MESSAGES.common.unauthenticated);
  return request.viewer;
}

export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.isAdmin) throw forbidden(MESSAGES.common.forbidden);
  return viewer;
}
