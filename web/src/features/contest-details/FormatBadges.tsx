/** The contest's formats as small badges: private, open or blind, with a final round (running or not). */
import { Badge, Group } from '@mantine/core';
import { type ContestFormatDto, FORMATS } from '@creadefi/domain';

const F = FORMATS;

export function FormatBadges({ formats }: { formats: ContestFormatDto }) {
  return (
    <Group gap={6} aria-label={F.formatsTitle} mt="xs" mb="xs">
      {formats.isPrivate && (
        <Badge variant="light" color="grape" radius="sm">
          {F.privateBadge}
        </Badge>
      )}
      <Badge variant="light" color={formats.proposalsOpen ? 'blue' : 'gray'} radius="sm">
        {formats.proposalsOpen ? F.openBadge : F.blindBadge}
      </Badge>
      {formats.hasFinalRound && (
        <Badge variant="light" color="orange" radius="sm">
          {formats.finalRoundStartedAt ? F.finalRoundOnBadge : F.finalRoundBadge}
        </Badge>
      )}
    </Group>
  );
}
