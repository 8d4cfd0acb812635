/**
 * French typography of the product's texts (docs/product.md, introduction; docs/architecture.md
 * §1.1): a no-break space (U+00A0, written `\u00a0` in strings and `&nbsp;` in JSX) before « ? »,
 * « ! », « : », « ; » and inside guillemets, so that the mark never starts a line. The tests of
 * the catalogue and of the pages read every text through `typographyFaults`.
 */

/** A mark of two parts, checked when it ends a word: a space, the end, or another mark follows (so `10:30`, `https://` and `?page=2` are left alone). */
const DOUBLE_MARK = /[?!:;](?=[\s)»?!]|$)/gu;

/** The mark at `at` with the word before it, to name the fault. */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && /\s/u.test(text[start - 1]!)) start -= 1;
  while (start > 0 && !/\s/u.test(text[start - 1]!)) start -= 1;
  return text.slice(start, at + 1);
}

/** The mark at `at` with the word after it. */
function wordAfter(text: string, at: number): string {
  let end = at + 1;
  while (end < text.length && /\s/u.test(text[end]!)) end += 1;
  while (end < text.length && !/\s/u.test(text[end]!)) end += 1;
  return text.slice(at, end);
}

function spaceFault(space: string | undefined): string {
  if (space === undefined || !/\s/u.test(space)) return 'no space';
  return space === '\u202f' ? 'narrow no-break space' : 'plain space';
}

/** Each fault of `text`, with the words around it: `"membre ?": plain space before "?"`. */
export function typographyFaults(text: string): string[] {
  const faults: string[] = [];
  for (const match of text.matchAll(DOUBLE_MARK)) {
    const at = match.index;
    const before = text[at - 1];
    // In « ?! » only the first mark takes the space; a mark that opens the text stands alone (a « ? » for an unknown value).
    if (at === 0 || before === '\u00a0' || before === '?' || before === '!') continue;
    faults.push(`"${wordBefore(text, at)}": ${spaceFault(before)} before "${match[0]}"`);
  }
  for (let at = text.indexOf('«'); at !== -1; at = text.indexOf('«', at + 1)) {
    if (text[at + 1] !== '\u00a0') faults.push(`"${wordAfter(text, at)}": ${spaceFault(text[at + 1])} after "«"`);
  }
  for (let at = text.indexOf('»'); at !== -1; at = text.indexOf('»', at + 1)) {
    if (text[at - 1] !== '\u00a0') faults.push(`"${wordBefore(text, at)}": ${spaceFault(text[at - 1])} before "»"`);
  }
  return faults;
}
