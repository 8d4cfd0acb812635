/**
 * Numbers written the French way, as Intl's fr-FR writes them (« 1 234,5 », « -12 »), without
 * Intl. The first Intl format a page builds loads the locale's data: 60 to 90 ms of a phone's
 * main thread (Chromium slowed 4×), paid at start-up by every page that shows an amount or a
 * count (bench/RESULTS.md, « Lighthouse, 28/11 en fin de matinée »). The test holds this output to Intl's.
 */

/** Between groups of three digits, as fr-FR: a narrow no-break space. */
export const DIGIT_GROUP_SEPARATOR = '\u202f';

/** « 1 234 567 » from « 1234567 »: digits only. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, DIGIT_GROUP_SEPARATOR);
}

/** The digits of a non-negative number's shortest decimal writing, split at the point: 1.5e-7 → ['0', '00000015']. */
function decimalParts(abs: number): [string, string] {
  const [, whole = '0', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(abs)) ?? [];
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  return [digits.slice(0, point), digits.slice(point)];
}

/**
 * `value` rounded to at most `maximumFractionDigits` decimals, without trailing zeros:
 * 1234.5 → « 1 234,5 », 3 → « 3 ». As Intl, it rounds the number as written (1.005 → « 1,01 »),
 * half away from zero.
 */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  let [whole, fraction] = decimalParts(Math.abs(value));
  if (fraction.length > maximumFractionDigits) {
    const kept = whole + fraction.slice(0, maximumFractionDigits);
    const rounded = (fraction[maximumFractionDigits]! >= '5' ? BigInt(kept) + 1n : BigInt(kept)).toString().padStart(kept.length, '0');
    whole = rounded.slice(0, rounded.length - maximumFractionDigits) || '0';
    fraction = rounded.slice(rounded.length - maximumFractionDigits);
  }
  const decimals = fraction.replace(/0+$/, '');
  // Intl writes the sign of any negative value, -0 and what rounds to 0 included.
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupDigits(whole)}${decimals ? `,${decimals}` : ''}`;
}
