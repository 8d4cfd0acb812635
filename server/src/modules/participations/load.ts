/** Reads and row locks shared by the participation services. */
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, forbidden, notFound } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { contests, participations, subCategories } from '../../db/schema';

const P = MESSAGES.participations;

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export type ContestRow = typeof contests.$inferSelect;
export type ParticipationRow = typeof participations.$inferSelect;
export type ContestWithFormat = ContestRow & { format: number; subCategoryTitle: string };

/** The contest with its sub-category's proposal format and title. */
export const contestColumns = { contest: contests, format: subCategories.format, subCategoryTitle: subCategories.title };

/** Every participation read starts here (the proposals page, above all): a named statement. */
const contestById = preparedPerDatabase((db) =>
  db.select(contestColumns).from(contests).innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId)).where(eq(contests.id, sql.placeholder('id'))).limit(1).prepare('participations_contest'),
);

/** The contest with its proposal format, outside a transaction; 404 when it does not exist. */
export async function loadContest(db: Db, id: number): Promise<ContestWithFormat> {
  const [row] = await contestById(db).execute({ id });
  if (!row) throw notFound(MESSAGES.contests.notFound);
  return { ...row.contest, format: row.format, subCategoryTitle: row.subCategoryTitle };
}

/**
 * Locks the contest row for the rest of the transaction. Every write that depends on the
 * contest's status or counters takes this lock first (then the participation's), so
 * numbering, winners and finalising never interleave.
 */
export async function lockContest(tx: Tx, id: number): Promise<ContestWithFormat> {
  const [row] = await tx
    .select(contestColumns)
    .from(contests)
    .innerJoin(subCategories, eq(subCategories.id, contests.subCategoryId))
    .where(eq(contests.id, id))
    .for('update', { of: contests });
  if (!row) throw notFound(MESSAGES.contests.notFound);
  return { ...row.contest, format: row.format, subCategoryTitle: row.subCategoryTitle };
}

export async function loadParticipation(db: Db, id: number): Promise<{ participation: ParticipationRow; contest: ContestWithFormat }> {
  const [row] = await db.select({ participation: participations }).from(participations).where(eq(participations.id, id)).limit(1);
  if (!row) throw notFound(P.notFound);
  return { participation: row.participation, contest: await loadContest(db, row.participation.contestId) };
}

export function assertOrganiser(contest: ContestRow, actor: Actor): void {
  if (contest.ownerId !== actor.id) throw forbidden(P.organiserOnly);
}
