/** Sessions: an opaque token for the client, its hash in the database (docs/architecture.md §11). */
import { DAY_MS, HOUR_MS } from '@creadefi/domain';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { publishRevocation } from '../events/publish';
import { hashToken, newToken } from './tokens';

/**
 * How stale a session's last use may get before a request writes it again. Writing on every
 * request would cost a write (and a cache announcement) per call; an hour is nothing beside
 * an idle limit counted in days.
 */
export const SESSION_TOUCH_MS = HOUR_MS;

export async function createSession(db: Db | Tx, userId: number, now: Date, days: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt: new Date(now.getTime() + days * DAY_MS) });
  return token;
}

/** Whether a session last used at `lastUsedAt` is still alive at `now`. */
export function withinIdleLimit(lastUsedAt: Date, now: Date, idleDays: number): boolean {
  return now.getTime() - lastUsedAt.getTime() < idleDays * DAY_MS;
}

/** Records a use; concurrent requests write it once (the second finds it fresh). */
export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_MS))));
}

/** Revoked sessions stop at once, live-event streams included (they are closed on every instance). */
export async function revokeSession(db: Db | Tx, sessionId: number, now: Date): Promise<void> {
  const [row] = await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ userId: sessions.userId });
  if (row) await publishRevocation(db, { userId: row.userId, sessionIds: [sessionId] });
}

/** Every session of a user, e.g. after a password change; `exceptSessionId` keeps the one in use. */
export async function revokeAllSessions(db: Db | Tx, userId: number, now: Date, exceptSessionId?: number): Promise<void> {
  const mine = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(exceptSessionId === undefined ? mine : and(mine, ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  await publishRevocation(db, { userId, sessionIds: rows.map((r) => r.id) });
}
