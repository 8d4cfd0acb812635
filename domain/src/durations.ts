/**
 * Units of time in milliseconds, and the words that state a duration in the product's texts,
 * so that a text quoting a delay is built from the constant that sets it (docs/product.md §4).
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

function count(n: number, singular: string, plural: string): string {
  return `${n} ${n > 1 ? plural : singular}`;
}

/** « 7 jours », « 1 jour »: a duration given in whole days (rounded to the nearest day). */
export function durationInDays(ms: number): string {
  return count(Math.round(ms / DAY_MS), 'jour', 'jours');
}

/** « 48 heures », « 1 heure »: a duration given in whole hours (rounded to the nearest hour). */
export function durationInHours(ms: number): string {
  return count(Math.round(ms / HOUR_MS), 'heure', 'heures');
}

