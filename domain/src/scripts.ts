/**
 * Whether a text is written in one script, as Unicode's security recommendations (UTS #39,
 * "highly restrictive") define it: `Тalent2` (a Cyrillic Т among Latin letters) or `Аdmin` is
 * not, and looks exactly like a name it is not. Digits, punctuation and combining marks belong
 * to every script. Japanese may mix Han, Hiragana and Katakana, Chinese Han and Bopomofo,
 * Korean Han and Hangul, and each of those may stand beside Latin letters.
 */

/** Scripts a person may write a name in; a letter of any other counts as one more script. */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko', 'Devanagari', 'Bengali', 'Gurmukhi',
  'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian',
  'Hangul', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Ogham', 'Runic', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana',
  'Bopomofo', 'Han', 'Yi', 'Tifinagh', 'Coptic', 'Vai', 'Javanese', 'Balinese', 'Sundanese', 'Tagalog', 'Adlam', 'Glagolitic',
] as const;

/**
 * Built at the first check: compiling these Unicode classes is costly (some 50 ms on a slowed
 * phone), and every page loads this module while only sign-up and the profile check a name.
 */
let matchers: { scripts: (readonly [string, RegExp])[]; common: RegExp } | undefined;
const compiled = () =>
  (matchers ??= {
    scripts: SCRIPTS.map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const),
    common: new RegExp('[\\p{Script=Common}\\p{Script=Inherited}]', 'u'),
  });

/** The writing systems a script takes part in, beside itself. */
const AUGMENTED: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

/** The scripts of one character, or null when it belongs to all. */
function scriptsOf(char: string): Set<string> | null {
  const found = new Set<string>();
  const { scripts, common } = compiled();
  for (const [name, matcher] of scripts) {
    if (!matcher.test(char)) continue;
    found.add(name);
    for (const extra of AUGMENTED[name] ?? []) found.add(extra);
  }
  if (found.size > 0) return found;
  return common.test(char) ? null : new Set(['Other']);
}

/** The scripts every character of the text has in common; null when the text has only common characters. */
function resolvedScripts(chars: string[]): Set<string> | null {
  let common: string[] | null = null;
  for (const char of chars) {
    const scripts = scriptsOf(char);
    if (!scripts) continue;
    common = common ? common.filter((s) => scripts.has(s)) : [...scripts];
  }
  return common ? new Set(common) : null;
}

export function isSingleScript(text: string): boolean {
  const chars = [...text.normalize('NFC')];
  const all = resolvedScripts(chars);
  if (all === null || all.size > 0) return true;
  // Latin beside Japanese, Chinese or Korean writing.
  const rest = resolvedScripts(chars.filter((c) => !scriptsOf(c)?.has('Latin')));
  return rest !== null && ['Jpan', 'Hanb', 'Kore'].some((s) => rest.has(s));
}
