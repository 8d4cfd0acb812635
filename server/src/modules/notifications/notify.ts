/**
 * Creating a notification, inside the transaction of the event it reports: a contest that
 * ends, a prize that is paid… Either both are saved or neither is. The same transaction
 * announces it on the live channel, so the bell updates as soon as it commits.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MAIL_KIND_OF_NOTIFICATION } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { publishEvent } from '../events/publish';

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

export async function notify(tx: Db | Tx, n: NewNotification): Promise<void> {
  await tx.insert(notifications).values({
    userId: n.userId,
    kind: n.kind,
    text: n.text,
    link: n.link ?? null,
    contestId: n.contestId ?? null,
    participationId: n.participationId ?? null,
    ...(n.at ? { createdAt: n.at } : {}),
    // The mail, for the kinds that have one, leaves after this transaction commits (jobs/mail-notifications.ts).
    mailDueAt: n.kind in MAIL_KIND_OF_NOTIFICATION ? (n.at ?? sql`now()`) : null,
  });
  await publishEvent(tx, { userIds: [n.userId], type: 'notification', idParticipation: n.participationId ?? null });
}

/**
 * For chatty events (each message of a conversation): while one notification of this kind
 * for this participation is still unread, it is brought back to the top instead of piling
 * up a second one. Callers hold the participation's row lock, so two messages sent at once
 * cannot both find none and both insert.
 */
export async function notifyGrouped(tx: Tx, n: NewNotification & { participationId: number }): Promise<void> {
  const [unread] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, n.userId), eq(notifications.kind, n.kind), eq(notifications.participationId, n.participationId), isNull(notifications.readAt)))
    .limit(1);
  if (!unread) return notify(tx, n);
  await tx
    .update(notifications)
    .set({ text: n.text, link: n.link ?? null, ...(n.at ? { createdAt: n.at } : {}) })
    .where(eq(notifications.id, unread.id));
  await publishEvent(tx, { userIds: [n.userId], type: 'notification', idParticipation: n.participationId });
}
