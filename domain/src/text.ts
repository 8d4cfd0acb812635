/** Cuts a text at `max` characters, adding an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** French nobiliary particles: written in lower case wherever they stand in a name. */
const PARTICLES = new Set(['de', 'du', 'des']);

/**
 * "jean-pierre dupont" → "Jean-Pierre Dupont", "DE LA FONTAINE" → "de La Fontaine",
 * "jeanne d'arc" → "Jeanne d'Arc": names are capitalised on save (docs/product.md §8), except the
 * particles « de », « du », « des » and « d’ » before the rest of the name. A particle alone
 * is a name of its own ("Du" as a surname) and keeps its capital.
 */
export function capitaliseName(name: string): string {
  const words = name.trim().toLowerCase().split(/\s+/);
  return words.map((word) => (words.length > 1 && PARTICLES.has(word) ? word : capitaliseWord(word))).join(' ');
}

/** "jean-de-dieu" → "Jean-de-Dieu", "d'arc" → "d'Arc", "o'brien" → "O'Brien". */
function capitaliseWord(word: string): string {
  const parts = word.split('-');
  return parts
    .map((part, i) => {
      if (i > 0 && i < parts.length - 1 && PARTICLES.has(part)) return part;
      const capitalised = part.replace(/(^|['’])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
      // « d’ » before the rest of the name: "d'Arc", never "D'Arc".
      return /^d['’]\p{L}/u.test(part) ? `d${capitalised.slice(1)}` : capitalised;
    })
    .join('-');
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
