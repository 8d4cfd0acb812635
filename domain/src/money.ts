/** Money is integer cents everywhere (docs/decisions/0001). */
import { groupDigits } from './numbers';

/** Share kept by the platform on every prize: 20 % (docs/product.md §3). */
export const PLATFORM_FEE_PERCENT = 20;

/** What a winner receives: the contest cost minus 20 %, rounded down to the cent. */
export function gainCents(costCents: number): number {
  return costCents - platformFeeCents(costCents);
}

export function platformFeeCents(costCents: number): number {
  return Math.ceil((costCents * PLATFORM_FEE_PERCENT) / 100);
}

/** "1 234,50", "240": an amount without its currency sign, as an amount field shows it. */
export function formatEuroFigure(cents: number): string {
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}${groupDigits(String(Math.floor(abs / 100)))}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`}`;
}

/**
 * "1 234,50 €"; whole amounts drop the cents: "240 €". Written as Intl's fr-FR currency format
 * writes it (a no-break space before the sign), without Intl's start-up cost (numbers.ts).
 */
export function formatEuros(cents: number): string {
  return `${formatEuroFigure(cents)}\u00a0€`;
}

/** Parses a French or plain amount typed by a person ("240", "240,50", "1 240.5") into cents. */
export function parseEurosToCents(input: string): number | null {
  const cleaned = input.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
