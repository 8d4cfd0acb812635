/**
 * Every date the API accepts, with its range. PostgreSQL has no year 0 and JavaScript dates
 * run far beyond its limits: a date is checked here, with a French text naming it, before it
 * can reach the database.
 */
import { z } from 'zod';
import '../validation';
import { PROFILE } from '../messages/profile';
import { PAYMENTS } from '../messages/contests';

export const BIRTH_DATE_MIN = '1900-01-01';
/** The CGU reserve the site to adults; the payment provider pays out to adults only. */
export const ADULT_AGE = 18;
/** The last instant a promo code may be valid until (excluded). */
export const PROMO_VALID_BEFORE = '2100-01-01T00:00:00Z';

/** "2026-11-25": today's date as the schemas compare them (UTC). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The latest birth date of someone who is an adult on `today`: born that day `ADULT_AGE`
 * years earlier or before. Compared as text, so a 29 February needs no calendar arithmetic.
 */
export function latestAdultBirthDate(today: string = isoToday()): string {
  return `${String(Number(today.slice(0, 4)) - ADULT_AGE).padStart(4, '0')}${today.slice(4)}`;
}

export function isAdultBirthDate(birthDate: string, today: string = isoToday()): boolean {
  return birthDate <= latestAdultBirthDate(today);
}

const isoDate = (message: string) => z.iso.date({ error: message });

/** A beneficial owner's birth date: a real person's, born since 1900. */
export const birthDateSchema = isoDate(PROFILE.birthdayInvalid).refine((d) => d >= BIRTH_DATE_MIN && d <= isoToday(), PROFILE.birthdayInvalid);

/** A member's own birth date: born since 1900 and an adult today. */
export const adultBirthDateSchema = birthDateSchema.refine((d) => isAdultBirthDate(d), PROFILE.birthdayUnderage);

/**
 * A promo code's end: an instant with its offset, still to come, before 2100. A code that has
 * already ended could never be used, and the database stores no year 0.
 */
export const promoValidUntilSchema = z.iso
  .datetime({ offset: true, error: PAYMENTS.promoValidUntilInvalid })
  .refine((v) => {
    const at = Date.parse(v);
    return Number.isFinite(at) && at > Date.now() && at < Date.parse(PROMO_VALID_BEFORE);
  }, PAYMENTS.promoValidUntilInvalid);
