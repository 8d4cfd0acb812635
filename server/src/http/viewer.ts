/**
 * Who is asking: read from the bearer token on every request (docs/architecture.md §2). Routes call
 * `requireViewer` to refuse visitors; ownership checks live in the services.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES, unauthorized, forbidden, MINUTE_MS } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { CacheInvalidation } from '../cache/invalidation';
import { ReadCache } from '../cache/read-cache';
import { preparedPerDatabase } from '../db/prepared';
import { runWithOrigin } from '../db/write-origin';
import { sessions, users } from '../db/schema';
import { hashToken } from '../modules/auth/tokens';
import { SESSION_TOUCH_MS, touchSession, withinIdleLimit } from '../modules/auth/sessions';

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
  // What this request writes, from its session lookup on, is made for its session: the read
  // caches wait for those writes on this session's next requests (db/write-origin.ts).
  app.addHook('onRequest', (request, _reply, done) => runWithOrigin(bearerToken(request), done));
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (token) request.viewer = await viewerOfToken(ctx, token);
  });
}

/**
 * Every signed-in request runs this lookup (and the event stream, whose token may come in
 * its address): a named statement built once. A suspended member has no live session, even one
 * opened in the instant their suspension was being written.
 */
const viewerLookup = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, isAdmin: users.isAdmin, sessionId: sessions.id, expiresAt: sessions.expiresAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), isNull(users.suspendedAt), sql`${sessions.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .limit(1)
    .prepare('viewer_by_token'),
);

interface LiveSession {
  viewer: Viewer;
  expiresAt: Date;
  lastUsedAt: Date;
}

export type SessionCache = ReadCache<string, LiveSession | null>;

/**
 * Live sessions by token hash, so that a member's request does not wait for the database
 * before its own query. A revoked or changed session is announced by its trigger and dropped
 * (migration 0008); a member whose rights change has all their sessions dropped. Unknown
 * tokens are not kept: a session created afterwards is found.
 */
export function sessionCache(invalidation: CacheInvalidation): SessionCache {
  const cache: SessionCache = new ReadCache(invalidation, { capacity: 50_000, ttlMs: 10 * MINUTE_MS, keep: (session) => session !== null });
  invalidation.register('session', (tokenHash) => cache.delete(tokenHash), () => cache.clear());
  invalidation.register('user', (userId) => cache.deleteWhere((session) => session?.viewer.id === Number(userId)), () => cache.clear());
  return cache;
}

/**
 * The member a token's live session belongs to, or null (unknown, expired, revoked, or unused
 * for SESSION_IDLE_DAYS). A session in use has its last use written again once it is an hour old.
 */
export async function viewerOfToken(ctx: AppContext, token: string): Promise<Viewer | null> {
  const tokenHash = hashToken(token);
  const now = ctx.clock();
  const load = async (): Promise<LiveSession | null> => {
    const [row] = await viewerLookup(ctx.db).execute({ tokenHash, now: now.toISOString() });
    return row ? { viewer: { id: row.id, isAdmin: row.isAdmin, sessionId: row.sessionId }, expiresAt: row.expiresAt, lastUsedAt: row.lastUsedAt } : null;
  };
  const session = await (ctx.caches ? ctx.caches.sessions.get(tokenHash, load) : load());
  // A kept session runs out on its own time.
  if (!session || session.expiresAt <= now || !withinIdleLimit(session.lastUsedAt, now, ctx.config.SESSION_IDLE_DAYS)) return null;
  // The write's announcement drops the kept copy, so the next request reads the new time.
  if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_MS) await touchSession(ctx.db, session.viewer.sessionId, now);
  return session.viewer;
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
