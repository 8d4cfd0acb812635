/**
 * Live events (docs/architecture.md §11): a change someone should see at once — a message, a
 * notification — is announced with pg_notify inside the transaction that makes it. PostgreSQL
 * delivers it only if that transaction commits, to every instance that LISTENs, so an event
 * never announces something that was rolled back and reaches clients of every instance.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LiveEventDto } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';

export const EVENTS_CHANNEL = 'creadefi_events';

export interface LiveEvent extends LiveEventDto {
  /** Who should hear of it; only they receive it. */
  userIds: number[];
}

export async function publishEvent(tx: Db | Tx, event: LiveEvent): Promise<void> {
  const notice = eventNotice(event);
  if (notice) await tx.execute(sql`select ${notice}`);
}

/**
 * The `pg_notify` call that announces `event` (null when nobody is to hear it), for a write
 * that announces itself in its own statement: one round trip to the database instead of two.
 */
export function eventNotice(event: LiveEvent): SQL | null {
  const userIds = [...new Set(event.userIds)];
  if (userIds.length === 0) return null;
  const payload: LiveEvent = { userIds, type: event.type, idParticipation: event.idParticipation ?? null };
  return sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(payload)})`;
}

/** Reads a payload back; anything malformed is ignored rather than trusted. */
export function parseEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (!Array.isArray(value.userIds) || (value.type !== 'message' && value.type !== 'notification')) return null;
    const userIds = value.userIds.filter((id): id is number => Number.isInteger(id));
    return { userIds, type: value.type, idParticipation: Number.isInteger(value.idParticipation) ? (value.idParticipation as number) : null };
  } catch {
    return null;
  }
}

/** Sessions ended (sign-out, password change): every instance closes their open streams. */
export interface Revocation {
  userId: number;
  sessionIds: number[];
}

export async function publishRevocation(tx: Db | Tx, revocation: Revocation): Promise<void> {
  if (revocation.sessionIds.length === 0) return;
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ revoked: revocation })})`);
}

export function parseRevocation(payload: string): Revocation | null {
  try {
    const value = (JSON.parse(payload) as { revoked?: Partial<Revocation> }).revoked;
    if (!value || !Number.isInteger(value.userId) || !Array.isArray(value.sessionIds)) return null;
    return { userId: value.userId!, sessionIds: value.sessionIds.filter((id): id is number => Number.isInteger(id)) };
  } catch {
    return null;
  }
}
