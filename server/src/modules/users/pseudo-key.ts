/**
 * What makes two pseudos "the same" for uniqueness: `ADMIN`, `Admin`, `Аdmin` (Cyrillic А),
 * `Ａｄｍｉｎ` (full width) and `Adrnin` look alike on screen, so one may not be taken while
 * another exists. The key is Unicode's confusable skeleton (UTS #39, from its confusables
 * data as the `unhomoglyph` package ships it) of the NFKC form, taken again after lowering the
 * case so that letters whose capitals look alike meet too. It is never shown.
 */
import unhomoglyph from 'unhomoglyph';

/** UTS #39 skeleton: decompose, map each confusable to its prototype, decompose again. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * Latin letters lose their case before the skeleton (which maps a capital I to l, and would
 * keep `ADMIN` apart from `Admin`); letters of other scripts take the skeleton first, so that
 * a Cyrillic Т becomes a Latin T before its case goes.
 */
const fold = (char: string) => (/\p{Script=Latin}/u.test(char) ? char.toLowerCase() : skeleton(char).toLowerCase());

export function pseudoKey(pseudo: string): string {
  const folded = [...pseudo.trim().normalize('NFKC')].map(fold).join('');
  return skeleton(skeleton(folded).toLowerCase());
}
