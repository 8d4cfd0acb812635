/**
 * Finding a talent by pseudo, and what every talent answer shares: their counters and level,
 * their shown categories. A suspended member or a profile switched off is never found.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { CATEGORIES, averageStars, reputationLevel, type TalentCategoryDto, type TalentStatsDto } from '@creadefi/domain';
import type { Db, Tx } from '../../db/client';
import { talentStats, users } from '../../db/schema';
import { pseudoKey } from '../users/pseudo-key';

export interface StatsRow {
  proposals: number | null;
  wins: number | null;
  rated: number | null;
  starsSum: number | null;
}

/** One proposal per talent and contest (participations_contest_user_key): each rated one is a rated contest. */
export function statsDto(row: StatsRow): TalentStatsDto {
  const record = { wins: row.wins ?? 0, rated: row.rated ?? 0, starsSum: row.starsSum ?? 0 };
  return { wins: record.wins, proposals: row.proposals ?? 0, averageStars: averageStars(record), ratedContests: record.rated, level: reputationLevel(record) };
}

const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

export function categoriesDto(ids: readonly number[]): TalentCategoryDto[] {
  return ids.flatMap((id) => {
    const c = categoryById.get(id);
    return c ? [{ id: c.id, name: c.title }] : [];
  });
}

export const statsColumns = { proposals: talentStats.proposals, wins: talentStats.wins, rated: talentStats.rated, starsSum: talentStats.starsSum };

/** The member behind a public profile, by exact pseudo (through the pseudo's unique key). */
export async function findPublicTalent(db: Db | Tx, pseudo: string) {
  const [row] = await db
    .select({ id: users.id, pseudo: users.pseudo, bio: users.bio, shownCategories: users.shownCategories, avatarHash: users.avatarHash, createdAt: users.createdAt, ...statsColumns })
    .from(users)
    .leftJoin(talentStats, eq(talentStats.userId, users.id))
    .where(and(eq(users.pseudoKey, pseudoKey(pseudo)), eq(users.pseudo, pseudo), eq(users.talentPublic, true), isNull(users.suspendedAt)))
    .limit(1);
  return row ?? null;
}
