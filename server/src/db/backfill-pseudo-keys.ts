/**
 * Gives every account whose look-alike key is still the migration's provisional one (a space
 * and the id) its real key. Runs after the migrations, under their lock, so instances starting
 * together do it once. Two accounts whose pseudos already looked alike before keys existed
 * cannot share a key: the older keeps its pseudo, the newer gets its pseudo followed by its
 * number (`Тalent2_57`), which the person can change from the profile.
 */
import { asc, eq, like } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { users } from './schema';
import { pseudoKey } from '../modules/users/pseudo-key';

const PSEUDO_MAX = 30;

export async function backfillPseudoKeys(db: Db | Tx): Promise<number> {
  const pending = await db.select({ id: users.id, pseudo: users.pseudo }).from(users).where(like(users.pseudoKey, ' %')).orderBy(asc(users.id));
  if (pending.length === 0) return 0;
  const taken = new Set((await db.select({ key: users.pseudoKey }).from(users)).map((r) => r.key));
  for (const row of pending) {
    let pseudo = row.pseudo;
    let key = pseudoKey(pseudo);
    for (let n = 0; taken.has(key); n++) {
      const suffix = n === 0 ? `_${row.id}` : `_${row.id}_${n}`;
      pseudo = `${row.pseudo.slice(0, PSEUDO_MAX - suffix.length)}${suffix}`;
      key = pseudoKey(pseudo);
    }
    taken.add(key);
    await db.update(users).set({ pseudo, pseudoKey: key }).where(eq(users.id, row.id));
  }
  return pending.length;
}
