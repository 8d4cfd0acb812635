/**
 * The contest's formats in step 3 (docs/product.md §3 "Formats de concours"): private with
 * its agreement, open or blind, a final round. Each is a card the organiser ticks; the paid
 * ones raise the running minimum like the options (domain's `formatsPriceCents`).
 */
import { SimpleGrid, Text, Title } from '@mantine/core';
import { type ContestFormat, FORMATS } from '@creadefi/domain';
import { ChoiceCard } from './ChoiceCard';

const F = FORMATS;

const CHOICES: { key: keyof ContestFormat; label: string; description: string }[] = [
  { key: 'isPrivate', label: F.privateLabel, description: F.privateDescription },
  { key: 'proposalsOpen', label: F.openLabel, description: F.openDescription },
  { key: 'hasFinalRound', label: F.finalRoundLabel, description: F.finalRoundDescription },
];

export function FormatChoices({ value, onChange }: { value: Partial<ContestFormat>; onChange: (next: Partial<ContestFormat>) => void }) {
  return (
    <section aria-label={F.wizardTitle}>
      <Title order={2} fz="lg" mb="sm">
        {F.wizardTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {CHOICES.map((choice) => (
          <ChoiceCard key={choice.key} checked={value[choice.key] ?? false} onToggle={() => onChange({ ...value, [choice.key]: !(value[choice.key] ?? false) })} title={choice.label}>
            <Text size="sm" c="dimmed">
              {choice.description}
            </Text>
          </ChoiceCard>
        ))}
      </SimpleGrid>
    </section>
  );
}
