/**
 * The `apres` / `suivant` of the conversation lists: a keyset on the lists' order, the
 * conversation's activity time and its participation id, so that a page starts right after
 * the last row of the previous one whatever was added meanwhile (no OFFSET to shift).
 *
 * The time travels as PostgreSQL writes it, to the microsecond: a JavaScript Date keeps only
 * milliseconds, and a cursor rounded down would skip the conversations that share its
 * millisecond. Base64url only keeps clients from building cursors by hand; what comes back
 * is checked in full, since it ends up in SQL as a timestamp.
 */
import { MESSAGES, badRequest } from '@creadefi/domain';

export interface ConversationCursor {
  /** UTC, to the microsecond: 2025-03-05T10:00:00.123456Z */
  at: string;
  idParticipation: number;
}

/** The SQL format the list selects the activity in (to_char); the cursor carries it as is. */
export const CURSOR_TIME_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

const TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z$/;
const PAYLOAD = /^([^_]+)_(\d{1,10})$/;
const MAX_ID = 2_147_483_647;

export function encodeCursor(cursor: ConversationCursor): string {
  return Buffer.from(`${cursor.at}_${cursor.idParticipation}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): ConversationCursor {
  const payload = PAYLOAD.exec(Buffer.from(text, 'base64url').toString('utf8'));
  const time = payload ? TIME.exec(payload[1]!) : null;
  const idParticipation = Number(payload?.[2]);
  if (!payload || !time || !isRealTime(time[1]!) || idParticipation < 1 || idParticipation > MAX_ID) throw badRequest(MESSAGES.messaging.badCursor);
  return { at: payload[1]!, idParticipation };
}

/**
 * "2025-02-30T…" or year 0 have the right shape but PostgreSQL would refuse them with a 500;
 * no conversation is older than 1970.
 */
function isRealTime(seconds: string): boolean {
  const ms = Date.parse(`${seconds}Z`);
  return Number.isFinite(ms) && ms >= 0 && new Date(ms).toISOString().slice(0, 19) === seconds;
}
