/**
 * The organiser's 1–5 star note of a proposal. Clicking the current star keeps the note:
 * taking it away is its own control, so a note is never lost by a click meant to confirm it.
 */
import { ActionIcon, Group, Rating, type MantineSize } from '@mantine/core';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { IconX } from '@tabler/icons-react';
import { PARTICIPATIONS } from '@creadefi/domain';


export interface ProposalRatingProps {
  stars: number;
  onRate: (stars: number) => void;
  size: MantineSize;
  label: string;
}

export function ProposalRating({ stars, onRate, size, label }: ProposalRatingProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Rating value={stars} onChange={(value) => value !== stars && onRate(value)} color="orange" size={size} getSymbolLabel={PARTICIPATIONS.judging.stars} aria-label={label} />
      {stars > 0 && (
        <LazyTooltip label={PARTICIPATIONS.clearStars} withArrow>
          <ActionIcon variant="subtle" color="ink.6" radius="xl" size={size === 'lg' ? 'md' : 'sm'} onClick={() => onRate(0)} aria-label={`${PARTICIPATIONS.clearStars} (${label.toLowerCase()})`}>
            <IconX size={size === 'lg' ? 16 : 14} />
          </ActionIcon>
        </LazyTooltip>
      )}
    </Group>
  );
}
