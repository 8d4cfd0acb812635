/** Dates typed the French way in the app's date fields (the profile's status form, the admin area). */

/** "12/03/1985" → "1985-03-12", the date string the schema and the DateInput exchange. */
export function parseFrenchDate(input: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(input);
  if (!m) return null;
  const [, d, mo, y] = m;
  const iso = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  // 31/02 is no date: the calendar would silently move it to March.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}
