/**
 * Statements built once per database and kept: drizzle then does not rebuild them on every
 * call, and a named statement spares PostgreSQL its parsing too. Used on the hot paths (the
 * session lookup of every request, the listing, the contest page).
 */
import type { Db } from './client';

export function preparedPerDatabase<T>(build: (db: Db, key: string) => T): (db: Db, key?: string) => T {
  const built = new WeakMap<Db, Map<string, T>>();
  return (db, key = '') => {
    let statements = built.get(db);
    if (!statements) built.set(db, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(db, key)));
    return statement;
  };
}
