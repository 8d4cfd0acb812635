/**
 * Mails of the moments that matter, sent from the notifications that record them: a
 * notification of a mailed kind is written with the time its mail is due, in the business
 * transaction itself, and this job decides its mail once that transaction has committed and
 * puts it in the job queue in the same transaction as that decision (docs/decisions/0011).
 * The action never waits for the mail server nor fails with it; the queue's mail worker
 * sends it and tries again with back-off while the transport fails. A notification found a
 * day after its news is not mailed any more.
 *
 * New proposals are grouped: an organiser gets at most one mail a day per contest, counting
 * the proposals that arrived since the previous one. A member who switched a kind off in
 * « Mon profil » gets none of that kind.
 *
 * Rows are claimed with SKIP LOCKED, so instances running this at once share the work; the
 * grouped mail of one contest is decided under a lock per contest, taken in contest order.
 */
import { and, asc, eq, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import { MAIL_KIND_OF_NOTIFICATION, type MailKind, DAY_MS, webPaths } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { contests, mailOptOuts, notifications, users } from '../db/schema';
import { noticeMail, type NoticeMail } from '../modules/notifications/mails';
import { ndaAcceptedBy } from '../modules/contests/visibility';
import { enqueueMail } from './queue';

const BATCH = 100;
/** First key of the per-contest lock of grouped proposal mails. */
const PROPOSAL_MAIL_LOCK = 72_616_016;

interface Outgoing {
  ids: number[];
  mail: NoticeMail;
}

type DueRow = Awaited<ReturnType<typeof claimDue>>[number];

function claimDue(tx: Tx, now: Date) {
  return tx
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      contestId: notifications.contestId,
      createdAt: notifications.createdAt,
      email: users.email,
      pseudo: users.pseudo,
      firstName: users.firstName,
      // A mail never names a private contest to a member bound by no agreement: its teaser is all they may know.
      companyName: sql<string | null>`case when ${contests.isPrivate} and ${contests.ownerId} <> ${notifications.userId} and not ${users.isAdmin} and not ${ndaAcceptedBy(notifications.userId)} then null else ${contests.companyName} end`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(contests, eq(contests.id, notifications.contestId))
    .where(lte(notifications.mailDueAt, now))
    .orderBy(asc(notifications.mailDueAt), asc(notifications.id))
    .limit(BATCH)
    .for('update', { of: notifications, skipLocked: true });
}

function mailOf(ctx: AppContext, row: DueRow, kind: MailKind, count: number): NoticeMail {
  const base = ctx.config.publicUrl;
  return {
    kind,
    to: row.email,
    name: row.firstName ?? row.pseudo,
    text: row.text,
    companyName: row.companyName,
    count,
    link: `${base}${row.link ?? webPaths.notifications}`,
    profileLink: `${base}${webPaths.profile}`,
  };
}

async function settle(tx: Tx, ids: number[], set: { mailDueAt: Date | null; mailedAt?: Date }): Promise<void> {
  if (ids.length > 0) await tx.update(notifications).set(set).where(inArray(notifications.id, ids));
}

/** One batch: decides every claimed row and queues its mails in the same transaction. */
async function planBatch(ctx: AppContext, tx: Tx, now: Date): Promise<{ claimed: number; queued: number }> {
  const due = await claimDue(tx, now);
  if (due.length === 0) return { claimed: 0, queued: 0 };
  const userIds = [...new Set(due.map((r) => r.userId))];
  const off = await tx.select().from(mailOptOuts).where(inArray(mailOptOuts.userId, userIds));
  const isOff = (userId: number, kind: MailKind) => off.some((o) => o.userId === userId && o.kind === kind);

  const outgoing: Outgoing[] = [];
  const dropped: number[] = [];
  const proposals = new Map<string, DueRow[]>();
  for (const row of due) {
    const kind = MAIL_KIND_OF_NOTIFICATION[row.kind];
    if (!kind || isOff(row.userId, kind) || now.getTime() - row.createdAt.getTime() > DAY_MS) {
      dropped.push(row.id);
    } else if (kind === 'newProposal' && row.contestId !== null) {
      const key = `${row.contestId}:${row.userId}`;
      proposals.set(key, [...(proposals.get(key) ?? []), row]);
    } else {
      outgoing.push({ ids: [row.id], mail: mailOf(ctx, row, kind, 1) });
    }
  }
  await settle(tx, dropped, { mailDueAt: null });

  // In contest order, so that two instances never wait for each other's locks.
  const groups = [...proposals.values()].sort((a, b) => a[0]!.contestId! - b[0]!.contestId! || a[0]!.userId - b[0]!.userId);
  for (const rows of groups) {
    const { contestId, userId } = rows[0]!;
    await tx.execute(sql`select pg_advisory_xact_lock(${PROPOSAL_MAIL_LOCK}, ${contestId})`);
    const [last] = await tx
      .select({ at: max(notifications.mailedAt) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.contestId, contestId!), eq(notifications.kind, 'new_proposal'), isNotNull(notifications.mailedAt)));
    const lastAt = last?.at ? new Date(last.at) : null;
    const ids = rows.map((r) => r.id);
    if (lastAt && now.getTime() - lastAt.getTime() < DAY_MS) {
      // Waits for the day to pass, then leaves with the proposals arrived meanwhile.
      await settle(tx, ids, { mailDueAt: new Date(lastAt.getTime() + DAY_MS) });
      continue;
    }
    outgoing.push({ ids, mail: mailOf(ctx, rows[rows.length - 1]!, 'newProposal', rows.length) });
  }
  for (const o of outgoing) {
    await settle(tx, o.ids, { mailDueAt: null, mailedAt: now });
    await enqueueMail(ctx.queue, tx, noticeMail(o.mail));
  }
  return { claimed: due.length, queued: outgoing.length };
}

/** Queues the mails of every due notification; returns how many were queued. */
export async function mailNotifications(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (;;) {
    const now = ctx.clock();
    const batch = await ctx.db.transaction((tx) => planBatch(ctx, tx, now));
    queued += batch.queued;
    if (batch.claimed < BATCH) return queued;
  }
}
