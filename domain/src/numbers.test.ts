import { describe, expect, it } from 'vitest';
import { formatNumber, groupDigits } from './numbers';

/** A seeded generator: the same values at every run. */
function* seeded(count: number, seed = 7): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    yield state / 2 ** 31;
  }
}

describe('formatNumber', () => {
  it('writes what Intl’s fr-FR writes, for integers, decimals, negatives and ties', () => {
    const edges = [1.5e-7, 4e-7, 0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.05, 1.005, 999, 1000, -1000, 999_999.95, 1234.5678, 12_345_678.9, 1e15, -0.0004, 4.25];
    const random = [...seeded(3000)].map((r, i) => (r - 0.3) * 10 ** (i % 12) * (i % 3 === 0 ? 1 : 1.000_37));
    for (const value of [...edges, ...random]) {
      for (const digits of [0, 1, 2, 3, 6]) {
        expect(formatNumber(value, digits), `${value} à ${digits} décimales`).toBe(new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(value));
      }
      expect(formatNumber(value)).toBe(value.toLocaleString('fr-FR'));
    }
  });

  it('groups digits by three with a narrow no-break space', () => {
    expect(groupDigits('1234567')).toBe('1\u202f234\u202f567');
    expect(groupDigits('123')).toBe('123');
    expect(formatNumber(24_000)).toBe('24\u202f000');
  });
});
