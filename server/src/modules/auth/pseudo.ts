/**
 * Pseudos for accounts created through Google or Facebook, which never typed one: built from
 * the person's name so others recognise them, and made unique with a number when taken.
 */
import { randomInt } from 'node:crypto';

const MAX = 30;

/** "Éloïse", "de la Tour" → "Éloïse.delaTour"; keeps only what pseudoSchema accepts. */
export function pseudoBase(firstName: string | null, lastName: string | null, email: string | null): string {
  const clean = (s: string | null) => (s ?? '').normalize('NFC').replace(/[^\p{L}\p{N}_-]+/gu, '');
  const fromName = [clean(firstName), clean(lastName)].filter(Boolean).join('.');
  const fromEmail = clean(email?.split('@')[0] ?? null);
  let base = fromName || fromEmail || 'talent';
  if (base.length < 3) base = `${base}_talent`;
  // Room for "_1234" so a suffixed candidate still fits the 30-character limit.
  return base.slice(0, MAX - 5);
}

/** The base first, then the base with random numbers: the caller keeps the first one free. */
export function pseudoCandidates(base: string, count = 8): string[] {
  const out = [base];
  while (out.length < count) out.push(`${base}_${randomInt(1000, 10000)}`);
  return out;
}
