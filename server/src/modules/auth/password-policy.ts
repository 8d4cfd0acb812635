/**
 * Passwords people would guess first (ASVS 6.2.4, 6.2.11): the most common ones found in
 * leaks that our length rule would let through, and words taken from the account or the
 * product. Length stays the only composition rule (6.2.5).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { MESSAGES, PASSWORD_MIN, withoutAccents } from '@creadefi/domain';

const A = MESSAGES.auth;

/** Case and accents do not make a password harder to guess. */
function fold(text: string): string {
  return withoutAccents(text).toLowerCase();
}

/** About 18 000 leaked passwords, ranked by frequency, of the length we accept. */
const COMMON = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN).map(fold));
const PRODUCT_WORDS = ['creadefi', 'crea-defi', 'crea defi'];
/** Shorter parts of a name or address are too likely to appear by chance. */
const MIN_PERSONAL_WORD = 4;

export interface PasswordContext {
  email: string;
  pseudo?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The reason a password is refused, or null. */
export function passwordWeakness(password: string, context: PasswordContext): string | null {
  const folded = fold(password);
  if (COMMON.has(folded)) return A.passwordTooCommon;
  const personal = [fold(context.email.split('@')[0] ?? ''), fold(context.email), ...[context.pseudo, context.firstName, context.lastName].map((w) => fold(w ?? ''))];
  const words = [...PRODUCT_WORDS, ...personal.filter((w) => w.length >= MIN_PERSONAL_WORD)];
  if (words.some((w) => folded.includes(w))) return A.passwordPersonal;
  return null;
}
