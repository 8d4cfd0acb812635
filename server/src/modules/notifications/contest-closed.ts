/**
 * Every talent with a proposal hears that the contest closed, winner or not. The contest
 * closes once: at its end date (jobs/end-contests.ts) or when the organiser finalises early,
 * each under the contest's row lock and only from status 2. The unique index on
 * (user, contest) for this kind is the last guard: a second pass inserts nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES, webPaths } from '@creadefi/domain';
import type { Tx } from '../../db/client';
import { publishEvent } from '../events/publish';

/** pg_notify payloads stay under 8000 bytes: announce participants in slices. */
const ANNOUNCE_SLICE = 500;

export function tellParticipantsClosed(tx: Tx, contest: { id: number; companyName: string }, at: Date): Promise<number> {
  return tellParticipants(tx, contest.id, { kind: 'contest_closed', text: MESSAGES.followUp.contestClosed(contest.companyName), link: webPaths.contestDetails(contest.id) }, at);
}

/**
 * One notification per talent with a proposal in the contest, in one statement however many
 * they are (also a contest extended by an admin, or the finalists of a final round: `only`
 * narrows them, on the participation `p`). Only `contest_closed` has a unique index
 * that the conflict clause names; other kinds are always inserted.
 */
export async function tellParticipants(tx: Tx, contestId: number, n: { kind: string; text: string; link: string }, at: Date, only: SQL = sql`true`): Promise<number> {
  const result = (await tx.execute(sql`
    insert into notifications (user_id, kind, text, link, contest_id, participation_id, created_at)
    select p.user_id, ${n.kind}, ${n.text}, ${n.link}, p.contest_id, p.id, ${at.toISOString()}::timestamptz
    from participations p
    where p.contest_id = ${contestId} and p.is_participating and ${only}
    on conflict (user_id, contest_id) where kind = 'contest_closed' do nothing
    returning user_id`)) as unknown as { rows: { user_id: number }[] };
  const userIds = result.rows.map((r) => Number(r.user_id));
  for (let i = 0; i < userIds.length; i += ANNOUNCE_SLICE) {
    await publishEvent(tx, { userIds: userIds.slice(i, i + ANNOUNCE_SLICE), type: 'notification', idParticipation: null });
  }
  return userIds.length;
}
