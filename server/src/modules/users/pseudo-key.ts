/**
 * What makes two pseudos "the same" for uniqueness: `ADMIN`, `Admin`, `Аdmin` (Cyrillic А),
 * `Ａｄｍｉｎ` (full width), `Adrnin`, `ADMlN` (a small L for the capital I), `Adm1n` and
 * `Admin.` look alike on screen, so one may not be taken while another exists. The key is
 * Unicode's confusable skeleton (UTS #39, from its confusables data as the `unhomoglyph`
 * package ships it) of the NFKC form, taken before and after the case is folded, with the
 * punctuation at either end left out. It is never shown.
 */
import unhomoglyph from 'unhomoglyph';

/** UTS #39 skeleton: decompose, map each confusable to its prototype, decompose again. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * Latin letters lose their case before the skeleton (which maps a capital I to l, and would
 * keep `ADMIN` apart from `Admin`); letters of other scripts take the skeleton first, so that
 * a Cyrillic Т becomes a Latin T before its case goes (its small т maps to a small-capital ᴛ,
 * which has no capital to meet T through).
 */
const fold = (char: string) => (/\p{Script=Latin}/u.test(char) ? char.toLowerCase() : skeleton(char).toLowerCase());

/** `Organisateur.`, `_Organisateur_` and `Organisateur` are one name; a name of nothing else keeps its marks. */
const ENDS = /^[\p{P}\p{S}\p{Z}]+|[\p{P}\p{S}\p{Z}]+$/gu;
const trimEnds = (text: string) => text.replace(ENDS, '') || text;

/**
 * Looking alike goes through the case both ways: a small i looks like nothing but i, yet its
 * capital I is drawn as a small l, so `ADMIN` (`Admin`) and `ADMlN` must meet. The skeleton
 * is taken again of the capitals, then of the small letters, until nothing changes: a key
 * whose capitals and small letters each give it back unchanged.
 */
const ROUNDS = 4;

/** Raised whenever the key below changes: the keys stored under an older rule are then made again at start. */
export const PSEUDO_KEY_RULE = 2;

export function pseudoKey(pseudo: string): string {
  let key = skeleton([...trimEnds(pseudo.normalize('NFKC'))].map(fold).join('').toLowerCase());
  for (let round = 0; round < ROUNDS; round++) {
    const next = skeleton(skeleton(key.toUpperCase()).toLowerCase());
    if (next === key) break;
    key = next;
  }
  return trimEnds(key);
}
