/**
 * A talent's reputation level (docs/product.md « Talents »), from their wins and the average
 * of the stars organisers gave their rated proposals. The rule is one table so that the server's
 * SQL filter and the badges read the same thresholds:
 *
 * | niveau     | victoires | moyenne des étoiles |
 * |------------|-----------|---------------------|
 * | Débutant   | 0         | —                   |
 * | Confirmé   | ≥ 1       | —                   |
 * | Expert     | ≥ 5       | ≥ 3,5               |
 * | Élite      | ≥ 15      | ≥ 4,2               |
 *
 * A level needs both of its conditions; a talent whose stars fall short stays at the level
 * below, whatever their wins. An average is only taken over rated proposals (stars 1 to 5).
 * Wins and stars count only once their contest is finalised (`isFinalised`, statuses 4 and 5):
 * what an organiser gives while judging is theirs until then (migration 0041 keeps the counters).
 */
export const REPUTATION_LEVELS = ['debutant', 'confirme', 'expert', 'elite'] as const;
export type ReputationLevel = (typeof REPUTATION_LEVELS)[number];

export interface LevelThreshold {
  level: ReputationLevel;
  minWins: number;
  /** Minimum average of stars, in tenths of a star (35 = 3,5), so that SQL compares integers. */
  minAverageTenths: number;
}

/** Highest first: the first threshold met is the level. */
export const LEVEL_THRESHOLDS: readonly LevelThreshold[] = [
  { level: 'elite', minWins: 15, minAverageTenths: 42 },
  { level: 'expert', minWins: 5, minAverageTenths: 35 },
  { level: 'confirme', minWins: 1, minAverageTenths: 0 },
  { level: 'debutant', minWins: 0, minAverageTenths: 0 },
];

export const LEVEL_LABELS: Readonly<Record<ReputationLevel, string>> = {
  debutant: 'Débutant',
  confirme: 'Confirmé',
  expert: 'Expert',
  elite: 'Élite',
};

export interface TalentRecord {
  wins: number;
  /** Proposals rated 1 to 5 stars. */
  rated: number;
  /** Sum of their stars. */
  starsSum: number;
}

/** The average of the rated proposals' stars, one decimal, or null when none is rated. */
export function averageStars(r: TalentRecord): number | null {
  if (r.rated <= 0) return null;
  return Math.round((r.starsSum * 10) / r.rated) / 10;
}

/** Whether a record reaches a threshold: integers only (starsSum × 10 ≥ tenths × rated), as SQL does. */
export function meetsThreshold(r: TalentRecord, t: LevelThreshold): boolean {
  if (r.wins < t.minWins) return false;
  if (t.minAverageTenths === 0) return true;
  return r.rated > 0 && r.starsSum * 10 >= t.minAverageTenths * r.rated;
}

export function reputationLevel(r: TalentRecord): ReputationLevel {
  return LEVEL_THRESHOLDS.find((t) => meetsThreshold(r, t))?.level ?? 'debutant';
}
