/**
 * The flags the organiser reads on a proposal (docs/product.md, originality): « Ressemble
 * fortement à la proposition n° X » for a proposal of the same contest, and only « une
 * proposition primée d'un autre concours » otherwise: nothing of another contest leaks.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProposalLookalike } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { participations } from '../../db/schema';

/**
 * The lookalikes of the proposal `id` (of contest `contestId`) as a JSON array, for queries
 * that build a page in SQL. Read through the proposal's files (files_participation_idx) and
 * the resemblances' primary key.
 */
export function lookalikesJson(id: AnyPgColumn | SQL, contestId: AnyPgColumn | SQL): SQL<ProposalLookalike[]> {
  return sql<ProposalLookalike[]>`(
    select coalesce(jsonb_agg(distinct case
      when similar_p.contest_id = ${contestId} then jsonb_build_object('kind', 'contest', 'number', similar_p.number)
      else jsonb_build_object('kind', 'wonElsewhere') end), '[]'::jsonb)
    from files flagged
    join resemblances r on r.file_id = flagged.id
    join participations similar_p on similar_p.id = r.similar_participation_id
    where flagged.participation_id = ${id} and flagged.kind = 'participation'
  )`;
}

/** Same-contest numbers first, in order, then the one « ailleurs ». */
export function sortLookalikes(list: ProposalLookalike[]): ProposalLookalike[] {
  const rank = (l: ProposalLookalike) => (l.kind === 'contest' ? l.number : Number.MAX_SAFE_INTEGER);
  return [...list].sort((a, b) => rank(a) - rank(b));
}

const qualified = (column: string) => sql`${sql.identifier('participations')}.${sql.identifier(column)}`;

/** The lookalikes of a few proposals, in one query. */
export async function lookalikesOf(db: Db | Tx, ids: number[]): Promise<Map<number, ProposalLookalike[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    // Qualified by hand: in a one-table select drizzle writes bare column names, which the
    // subquery's own tables would make ambiguous.
    .select({ id: participations.id, lookalikes: lookalikesJson(qualified('id'), qualified('contest_id')) })
    .from(participations)
    .where(inArray(participations.id, ids));
  return new Map(rows.map((r) => [r.id, sortLookalikes(r.lookalikes)]));
}
