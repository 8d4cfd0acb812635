import { describe, expect, it } from 'vitest';
import { PAYMENTS } from '../messages/contests';
import { PROFILE } from '../messages/profile';
import { userUpdateSchema } from './auth';
import { adultBirthDateSchema, birthDateSchema, isAdultBirthDate, latestAdultBirthDate, promoValidUntilSchema } from './dates';
import { createPromoCodeSchema } from './payments';

const refusal = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('dates the API accepts', () => {
  it('refuse a birth date in year 0, before 1900 or to come, with the field named', () => {
    for (const d of ['0000-12-31', '0001-01-01', '1899-12-31', '2999-01-01', '2023-02-29', 'hier', '31/12/1990']) {
      expect(refusal(birthDateSchema, d), d).toBe(PROFILE.birthdayInvalid);
    }
    expect(birthDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(birthDateSchema.safeParse('2024-02-29').success).toBe(true);
  });

  it('refuse a member born less than 18 years ago, from the day of the 18th birthday on', () => {
    expect(latestAdultBirthDate('2026-11-25')).toBe('2008-11-25');
    expect(isAdultBirthDate('2008-11-25', '2026-11-25')).toBe(true);
    expect(isAdultBirthDate('2008-11-26', '2026-11-25')).toBe(false);
    // Born on a 29 February: an adult on 1 March of the 18th year, not on 28 February.
    expect(isAdultBirthDate('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdultBirthDate('2008-02-29', '2026-03-01')).toBe(true);
    expect(refusal(adultBirthDateSchema, '2010-06-01')).toBe(PROFILE.birthdayUnderage);
    expect(adultBirthDateSchema.safeParse(latestAdultBirthDate()).success).toBe(true);
  });

  it('check the profile’s birth date the same way', () => {
    const base = { pseudo: 'lea_b', email: 'lea@example.fr' };
    expect(refusal(userUpdateSchema, { ...base, birthDate: '0000-12-31' })).toBe(PROFILE.birthdayInvalid);
    expect(refusal(userUpdateSchema, { ...base, birthDate: '2010-01-01' })).toBe(PROFILE.birthdayUnderage);
    expect(userUpdateSchema.safeParse({ ...base, birthDate: null }).success).toBe(true);
  });

  it('refuse a promo code ending in year 0, already over, or after 2099', () => {
    for (const v of ['0000-12-31T00:00:00Z', '0000-01-01T00:00:00+01:00', '2001-01-01T00:00:00Z', '2100-01-01T00:00:00Z', '9999-12-31T23:59:59-05:00', 'demain']) {
      expect(refusal(promoValidUntilSchema, v), v).toBe(PAYMENTS.promoValidUntilInvalid);
    }
    expect(promoValidUntilSchema.safeParse('2099-12-31T23:59:59+00:00').success).toBe(true);
    const r = createPromoCodeSchema.safeParse({ code: 'NOEL', percentOff: 10, validUntil: '0000-12-31T10:00:00Z' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['validUntil', PAYMENTS.promoValidUntilInvalid]]);
  });
});
