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

  it('parses amounts typed by a person', () => {
    expect(parseEurosToCents('240')).toBe(24000);
    expect(parseEurosToCents('240,5')).toBe(24050);
    expect(parseEurosToCents('1 240,50 €')).toBe(124050);
    expect(parseEurosToCents('abc')).toBeNull();
    expect(parseEurosToCents('1,234')).toBeNull();
  });
});
