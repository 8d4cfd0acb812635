/**
 * Who may read a contest's brief, as one SQL condition on the `contests` row (docs/product.md
 * §3 "Concours privé"). Every read of contests that a member or a visitor can reach (the
 * listing, the contest page, an open contest's proposals, a search over contests) filters with
 * it, so that a private contest never leaks through one query that forgot it:
 *
 * - nobody in particular (a visitor, a shared cached page): published (status 2 and beyond)
 *   and not private;
 * - a member: that, or a private contest whose agreement they accepted, or their own contest
 *   at any status;
 * - an admin: every contest.
 *
 * The listing adds `status = 2` to it; a search over open contests does the same.
 */
import { sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { CONTEST_STATUS } from '@creadefi/domain';
import { contests } from '../../db/schema';

export interface ContestReader {
  /** A member's id, or a placeholder bound to it in a prepared statement. */
  id: number | Placeholder;
  isAdmin: boolean;
}

/** Published and public: what anyone may see, the condition behind every shared listing. */
export function publiclyVisible(): SQL {
  return sql`(${contests.status} >= ${sql.raw(String(CONTEST_STATUS.open))} and not ${contests.isPrivate})`;
}

/** The agreement of the current contest row, accepted by `userId` (a value, or a column of the same query). */
export function ndaAcceptedBy(userId: number | Placeholder | Column): SQL<boolean> {
  // Spelled out: inside the subquery a bare "id" or "contest_id" would be ambiguous once drizzle drops the table name.
  return sql<boolean>`exists (select 1 from contest_nda_acceptances nda where nda.contest_id = "contests"."id" and nda.user_id = ${userId})`;
}

/** The contest rows `reader` may read (null: nobody signed in, or a page shared by all). */
export function contestVisibleTo(reader: ContestReader | null): SQL {
  if (!reader) return publiclyVisible();
  if (reader.isAdmin) return sql`true`;
  return sql`(${contests.ownerId} = ${reader.id} or (${contests.status} >= ${sql.raw(String(CONTEST_STATUS.open))} and (not ${contests.isPrivate} or ${ndaAcceptedBy(reader.id)})))`;
}
