import { Badge } from '@mantine/core';
import { LEVEL_LABELS, type ReputationLevel } from '@creadefi/domain';

const COLORS: Record<ReputationLevel, string> = { debutant: 'gray', confirme: 'teal', expert: 'indigo', elite: 'orange' };

/** A talent's reputation level (domain/src/reputation.ts), on profiles, lists and proposals. */
export function LevelBadge({ level, size = 'sm' }: { level: ReputationLevel; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color={COLORS[level]} variant="light" size={size} radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {LEVEL_LABELS[level]}
    </Badge>
  );
}
