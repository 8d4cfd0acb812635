/**
 * GET /talents: public talents with at least one proposal, most wins first, filtered by a
 * shown category and a reputation level. The page walks talent_stats_wins_idx backwards; the
 * level's thresholds come from domain's rule, written as integer comparisons.
 */
import { and, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { LEVEL_THRESHOLDS, avatarUrl, type LevelThreshold, type ReputationLevel, type TalentListDto, type TalentListQuery } from '@creadefi/domain';
import type { Db } from '../../db/client';
import { talentStats, users } from '../../db/schema';
import { categoriesDto, statsColumns, statsDto } from './talent';

function meets(t: LevelThreshold): SQL {
  const wins = gte(talentStats.wins, t.minWins);
  if (t.minAverageTenths === 0) return wins;
  return sql`(${wins} and ${talentStats.rated} > 0 and ${talentStats.starsSum} * 10 >= ${t.minAverageTenths} * ${talentStats.rated})`;
}

/** This level's thresholds met and no higher level's. */
export function levelCondition(level: ReputationLevel): SQL {
  const index = LEVEL_THRESHOLDS.findIndex((t) => t.level === level);
  const higher = LEVEL_THRESHOLDS.slice(0, index).map((t) => sql`not ${meets(t)}`);
  return and(meets(LEVEL_THRESHOLDS[index]!), ...higher)!;
}

export async function listTalents(db: Db, q: TalentListQuery): Promise<TalentListDto> {
  const where = and(
    sql`${talentStats.proposals} > 0`,
    eq(users.talentPublic, true),
    isNull(users.suspendedAt),
    q.category ? sql`${users.shownCategories} @> array[${q.category}]::integer[]` : undefined,
    q.level ? levelCondition(q.level) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ pseudo: users.pseudo, avatarHash: users.avatarHash, shownCategories: users.shownCategories, ...statsColumns })
      .from(talentStats)
      .innerJoin(users, eq(users.id, talentStats.userId))
      .where(where)
      .orderBy(desc(talentStats.wins), desc(talentStats.userId))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(talentStats).innerJoin(users, eq(users.id, talentStats.userId)).where(where),
  ]);
  return {
    talents: rows.map((r) => ({ pseudo: r.pseudo, avatarUrl: avatarUrl(r.pseudo, r.avatarHash), categories: categoriesDto(r.shownCategories), ...statsDto(r) })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
