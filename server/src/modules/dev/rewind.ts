/**
 * Moving one contest back in time, for journeys that must see what happens once a delay has
 * passed (a contest's end, a winner's 48 hours, a delivery delay) without waiting for it. Every
 * moment the contest and its proposals record goes back by the same amount, then the scheduled
 * passes run once, as they would have meanwhile. Outside production only (routes.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { notFound, MESSAGES } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contests } from '../../db/schema';
import { jobs } from '../../jobs';

/** The time columns of a contest's rows; a column added to these tables for a delay belongs here. */
const REWOUND = {
  contests: ['end_date', 'paid_at', 'ended_at', 'finalised_at', 'finished_at', 'extended_at', 'final_round_started_at', 'created_at', 'updated_at'],
  participations: ['winner_at', 'acceptance_due_at', 'mission_accepted_at', 'delivery_due_at', 'final_sent_at', 'submitted_at', 'commented_at', 'awaiting_reminded_at', 'created_at', 'updated_at'],
  files: ['created_at'],
} as const;

export async function rewindContest(ctx: AppContext, contestId: number, hours: number): Promise<void> {
  const by = sql`make_interval(hours => ${hours})`;
  const shift = (columns: readonly string[]) => sql.join(columns.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} - ${by}`), sql`, `);
  await ctx.db.transaction(async (tx) => {
    const [contest] = await tx.select({ id: contests.id }).from(contests).where(eq(contests.id, contestId)).for('update');
    if (!contest) throw notFound(MESSAGES.contests.notFound);
    await tx.execute(sql`update contests set ${shift(REWOUND.contests)} where id = ${contestId}`);
    await tx.execute(sql`update participations set ${shift(REWOUND.participations)} where contest_id = ${contestId}`);
    await tx.execute(sql`update files set ${shift(REWOUND.files)} where participation_id in (select id from participations where contest_id = ${contestId})`);
  });
  for (const job of jobs) await job.run(ctx);
}
