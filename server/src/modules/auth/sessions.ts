/** Sessions: an opaque token for the client, its hash in the database (DESIGN, security rules). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { publishRevocation } from '../events/publish';
import { hashToken, newToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSession(db: Db | Tx, userId: number, now: Date, days: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + days * DAY_MS) });
  return token;
}

/** Revoked sessions stop at once, live-event streams included (they are closed on every instance). */
export async function revokeSession(db: Db | Tx, sessionId: number, now: Date): Promise<void> {
  const [row] = await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).returning({ userId: sessions.userId });
  if (row) await publishRevocation(db, { userId: row.userId, sessionIds: [sessionId] });
}

/** Every session of a user, e.g. after a password change. */
export async function revokeAllSessions(db: Db | Tx, userId: number, now: Date): Promise<void> {
  const rows = await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))).returning({ id: sessions.id });
  await publishRevocation(db, { userId, sessionIds: rows.map((r) => r.id) });
}
