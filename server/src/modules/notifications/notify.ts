/**
 * Creating a notification, inside the transaction of the event it reports: a contest that
 * ends, a prize that is paid… Either both are saved or neither is. The same transaction
 * announces it on the live channel, so the bell updates as soon as it commits.
 */
import { sql } from 'drizzle-orm';
import { MAIL_KIND_OF_NOTIFICATION } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { eventNotice } from '../events/publish';

/** The kinds the bell knows (texts in domain NOTIFICATIONS). */
type NotificationKind =
  | 'new_proposal'
  | 'new_message'
  | 'chosen_winner'
  | 'final_files_received'
  | 'files_validated'
  | 'payment_received'
  | 'contest_ended'
  | 'contest_closed'
  | 'contest_extended'
  | 'payout_sent'
  | 'report_dismissed'
  | 'report_upheld'
  | 'proposal_withdrawn'
  | 'preview_failed'
  | 'account_suspended'
  | 'account_reinstated'
  | 'mission_accepted'
  | 'winner_replaced'
  | 'acceptance_overdue'
  | 'delivery_late'
  | 'dispute_opened'
  | 'dispute_resolved'
  | 'contest_refunded'
  | 'refund_rejected'
  | 'proposal_comment'
  | 'proposals_awaiting'
  | 'finalist_chosen'
  | 'finalist_not_chosen'
  | 'contest_invitation';

export interface NewNotification {
  userId: number;
  /** Stable identifier of what happened, e.g. `contest_ended`. */
  kind: NotificationKind | (string & {});
  /** French text shown to the user. */
  text: string;
  /** Page of the web app the notification opens. */
  link?: string | null;
  contestId?: number | null;
  participationId?: number | null;
  at?: Date;
}

/** Whether a notification of this kind is also mailed (jobs/mail-notifications.ts): its mail is due at once. */
const sendsMail = (kind: string) => kind in MAIL_KIND_OF_NOTIFICATION;

/** The notification and its live announcement, in one statement. */
export async function notify(tx: Db | Tx, n: NewNotification): Promise<void> {
  const insert = tx.insert(notifications).values({
    userId: n.userId,
    kind: n.kind,
    text: n.text,
    link: n.link ?? null,
    contestId: n.contestId ?? null,
    participationId: n.participationId ?? null,
    ...(n.at ? { createdAt: n.at } : {}),
    // The mail, for the kinds that have one, leaves after this transaction commits.
    mailDueAt: sendsMail(n.kind) ? (n.at ?? sql`now()`) : null,
  });
  const notice = eventNotice({ userIds: [n.userId], type: 'notification', idParticipation: n.participationId ?? null })!;
  await tx.execute(sql`with inserted as (${insert.getSQL()}) select ${notice}`);
}

/**
 * For chatty events (each message of a conversation): while one notification of this kind
 * for this participation is still unread, it is brought back to the top instead of piling
 * up a second one. Callers hold the participation's row lock, so two messages sent at once
 * cannot both find none and both insert. One statement: find the unread one, bring it back
 * or insert a new one, and announce it.
 */
export async function notifyGrouped(tx: Tx, n: NewNotification & { participationId: number }): Promise<void> {
  // Raw parameters: dates travel as ISO text, the same for both drivers.
  const at = sql`coalesce(${n.at?.toISOString() ?? null}::timestamptz, now())`;
  const mailDue = sendsMail(n.kind) ? at : sql`null::timestamptz`;
  const notice = eventNotice({ userIds: [n.userId], type: 'notification', idParticipation: n.participationId })!;
  await tx.execute(sql`
    with unread as (
      select id from notifications
      where user_id = ${n.userId} and kind = ${n.kind} and participation_id = ${n.participationId} and read_at is null
      limit 1 for update
    ), raised as (
      update notifications set text = ${n.text}, link = ${n.link ?? null}::text, created_at = ${at}
      where id in (select id from unread)
    ), inserted as (
      insert into notifications (user_id, kind, text, link, contest_id, participation_id, created_at, mail_due_at)
      select ${n.userId}::int, ${n.kind}::text, ${n.text}::text, ${n.link ?? null}::text, ${n.contestId ?? null}::int, ${n.participationId}::int, ${at}, ${mailDue}
      where not exists (select 1 from unread)
    )
    select ${notice}`);
}
