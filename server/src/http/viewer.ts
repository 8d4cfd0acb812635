/**
 * Who is asking: read from the bearer token on every request (spec 1 §7). Routes call
 * `requireViewer` to refuse visitors; ownership checks live in the services.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES, unauthorized, forbidden } from '@creadefi/domain';
import type { AppContext } from '../context';
import { preparedPerDatabase } from '../db/prepared';
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
    if (token) request.viewer = await viewerOfToken(ctx, token);
  });
}

/**
 * Every signed-in request runs this lookup (and the event stream, whose token may come in
 * its address): a named statement built once.
 */
const viewerLookup = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, isAdmin: users.isAdmin, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .limit(1)
    .prepare('viewer_by_token'),
);

/** The member a token's live session belongs to, or null (unknown, expired or revoked). */
export async function viewerOfToken(ctx: AppContext, token: string): Promise<Viewer | null> {
  const [row] = await viewerLookup(ctx.db).execute({ tokenHash: hashToken(token), now: ctx.clock().toISOString() });
  return row ?? null;
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized(MESSAGES.common.unauthenticated);
  return request.viewer;
}

export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireViewer(request);
  if (!viewer.isAdmin) throw forbidden(MESSAGES.common.forbidden);
  return viewer;
}
