/** A card the organiser ticks in step 3: a paid option or a format, its name and what it adds. */
import type { ReactNode } from 'react';
import { Checkbox, Group, Text } from '@mantine/core';
import classes from './parts.module.css';

export function ChoiceCard({ checked, onToggle, title, children }: { checked: boolean; onToggle: () => void; title: string; children: ReactNode }) {
  return (
    <Checkbox.Card className={classes.optionCard} checked={checked} onClick={onToggle} radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox.Indicator mt={2} color="orange" />
        <div className={classes.optionText}>
          <Text fw={500} lh={1.3}>
            {title}
          </Text>
          {children}
        </div>
      </Group>
    </Checkbox.Card>
  );
}
