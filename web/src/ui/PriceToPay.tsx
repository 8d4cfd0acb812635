/**
 * The amount a payment asks, as the server computed it: with a discount, the price before it
 * struck through beside the price paid, so that the organiser sees both before choosing a card.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { formatEuros } from '@creadefi/domain';

export interface PriceToPayProps {
  label: string;
  /** Cents, before any discount. */
  full: number;
  /** Cents, what the card is charged. */
  amount: number;
  /** A line under the price (the code applied, or why it no longer applies). */
  note?: ReactNode;
  size?: 'md' | 'lg';
}

export function PriceToPay({ label, full, amount, note, size = 'md' }: PriceToPayProps) {
  const discounted = amount < full;
  return (
    <Stack gap={2} data-testid="price-to-pay">
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text fz="sm" fw={500}>
          {label}&nbsp;:
        </Text>
        {discounted && (
          <Text component="s" fz="sm" c="dimmed" td="line-through">
            {formatEuros(full)}
          </Text>
        )}
        <Text component="span" fw={700} fz={size === 'lg' ? 22 : 'md'} c={discounted ? 'teal.8' : undefined}>
          {formatEuros(amount)}
        </Text>
      </Group>
      {note}
    </Stack>
  );
}
