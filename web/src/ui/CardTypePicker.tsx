/** The card types a pay-in accepts (docs/architecture.md §10), as large radio cards. */
import { Radio, Stack } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { CARD_TYPES, WIDGETS } from '@creadefi/domain';

export const DEFAULT_CARD_TYPE = CARD_TYPES[0].value;

export function CardTypePicker({ value, onChange, disabled }: { value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <Radio.Group value={value} onChange={onChange} label={WIDGETS.cardType} name="cardType">
      <Stack gap={8} mt={8}>
        {CARD_TYPES.map((card) => (
          <Radio.Card key={card.value} value={card.value} disabled={disabled} radius="md" p="sm" style={{ borderColor: value === card.value ? 'var(--cd-orange)' : undefined }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <Radio.Indicator />
              <IconCreditCard size={20} stroke={1.6} aria-hidden style={{ color: 'var(--cd-muted)' }} />
              <span style={{ fontSize: 15 }}>{card.label}</span>
            </div>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
