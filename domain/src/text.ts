/** Cuts a text at `max` characters, adding an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** "Jean-pierre dupont" → "Jean-Pierre Dupont": names are capitalised on save (spec 2 §5). */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** "1 participation", "3 participations". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count > 1 ? pluralForm : singular}`;
}

/**
 * "de Claire", "d’Organisateur": French elides « de » before a vowel sound. A leading h is
 * left alone: whether it is mute cannot be told from a pseudo.
 */
export function elidedDe(word: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüœæ]/i.test(word.normalize('NFC')) ? `d’${word}` : `de ${word}`;
}

/** "Créadéfi" → "Creadefi": letters without their accents, for comparisons and ASCII fallbacks. */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
