/**
 * Gives every account whose look-alike key is still the migration's provisional one (a space
 * and the id) its real key. When the rule making keys has changed since the keys were stored
 * (`PSEUDO_KEY_RULE` against the one app_meta records), every key is first made provisional
 * again, so that all of them are made anew by the same rule. Runs after the migrations, under their lock, so instances starting
 * together do it once. Two accounts whose pseudos already looked alike before keys existed
 * cannot share a key: the older keeps its pseudo, the newer gets its pseudo followed by its
 * number (`Тalent2_57`), which the person can change from the profile.
 */
import { asc, eq, like, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { appMeta, users } from './schema';
import { PSEUDO_KEY_RULE, pseudoKey } from '../modules/users/pseudo-key';

const PSEUDO_MAX = 30;
const RULE_KEY = 'pseudo_key_rule';

async function resetKeysMadeByAnOlderRule(db: Db | Tx): Promise<void> {
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, RULE_KEY));
  if (stored?.value === PSEUDO_KEY_RULE) return;
  await db.update(users).set({ pseudoKey: sql`' ' || ${users.id}` });
  await db.insert(appMeta).values({ key: RULE_KEY, value: PSEUDO_KEY_RULE }).onConflictDoUpdate({ target: appMeta.key, set: { value: PSEUDO_KEY_RULE } });
}

export async function backfillPseudoKeys(db: Db | Tx): Promise<number> {
  await resetKeysMadeByAnOlderRule(db);
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
