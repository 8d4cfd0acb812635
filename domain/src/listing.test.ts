import { describe, expect, it } from 'vitest';
import { CONTEST_SORT_OPTIONS, contestSortOfSlug, contestSortSlug, DEFAULT_CONTEST_SORT } from './listing';

describe('the listing’s orders in an address', () => {
  it('are written as their label in plain words, and read back', () => {
    expect(CONTEST_SORT_OPTIONS.map((o) => contestSortSlug(o.value))).toEqual(['plus-recent', 'moins-recent', 'plus-de-gains', 'moins-de-gains', 'plus-de-participations', 'moins-de-participations']);
    for (const { value } of CONTEST_SORT_OPTIONS) expect(contestSortOfSlug(contestSortSlug(value))).toBe(value);
    expect(contestSortOfSlug('plus-recent')).toBe(DEFAULT_CONTEST_SORT);
  });

  it('name no order for any other word', () => {
    for (const word of [null, undefined, '', 'cost:DESC', 'Plus-de-gains', 'plus de gains', 'constructor', '__proto__']) expect(contestSortOfSlug(word)).toBeUndefined();
  });
});
