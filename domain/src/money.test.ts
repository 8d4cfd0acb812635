import { describe, expect, it } from 'vitest';
import { formatEuros, gainCents, parseEurosToCents, platformFeeCents } from './money';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('pays the winner the cost minus 20 %', () => {
    expect(gainCents(24000)).toBe(19200);
    expect(platformFeeCents(24000)).toBe(4800);
  });

  it('never loses a cent between gain and fee', () => {
    for (const cost of [1, 3, 999, 12345, 24001]) expect(gainCents(cost) + platformFeeCents(cost)).toBe(cost);
  });

  it('formats euros the French way', () => {
    expect(nbsp(formatEuros(24000))).toBe('240 €');
    expect(nbsp(formatEuros(123450))).toBe('1 234,50 €');
  });

  it('writes every amount exactly as Intl’s fr-FR currency format, to the character', () => {
    const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    const wholeEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const cents = [0, 1, 5, 99, 100, 101, 24_000, 123_450, 100_000, 99_999_999, 123_456_789_012, -1, -100, -123_450];
    for (let i = 0, n = 17; i < 2000; i++, n = (n * 7919 + 104_729) % 1_000_000_007) cents.push(i % 2 ? n : n - (n % 100));
    for (const c of cents) expect(formatEuros(c), String(c)).toBe(c % 100 === 0 ? wholeEuros.format(c / 100) : euros.format(c / 100));
  });

  it('parses amounts typed by a person', () => {
    expect(parseEurosToCents('240')).toBe(24000);
    expect(parseEurosToCents('240,5')).toBe(24050);
    expect(parseEurosToCents('1 240,50 €')).toBe(124050);
    expect(parseEurosToCents('abc')).toBeNull();
    expect(parseEurosToCents('1,234')).toBeNull();
  });
});
