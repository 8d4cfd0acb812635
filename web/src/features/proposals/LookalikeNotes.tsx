/**
 * What the originality check found a proposal's images look like (docs/product.md,
 * originality): the organiser compares before choosing; the team has the report.
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { type ProposalLookalike, ORIGINALITY } from '@creadefi/domain';

const O = ORIGINALITY;

export function lookalikeText(lookalike: ProposalLookalike): string {
  return lookalike.kind === 'contest' ? O.resemblesNumber(lookalike.number) : O.resemblesWonElsewhere;
}

/** The short form, on a card of the grid. */
export function LookalikeNotes({ lookalikes }: { lookalikes: ProposalLookalike[] }) {
  if (lookalikes.length === 0) return null;
  return (
    <Stack gap={2}>
      {lookalikes.map((l) => (
        <Group key={lookalikeText(l)} gap={6} wrap="nowrap" align="flex-start">
          <IconCopy size={14} color="var(--mantine-color-orange-8)" style={{ flex: 'none', marginTop: 2 }} aria-hidden />
          <Text fz="xs" fw={600} c="orange.9" lh={1.35}>
            {lookalikeText(l)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The full form, in the viewer. */
export function LookalikeAlert({ lookalikes }: { lookalikes: ProposalLookalike[] }) {
  if (lookalikes.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconCopy size={18} />} title={lookalikes.map(lookalikeText).join(' · ')}>
      {O.viewerHint}
    </Alert>
  );
}
