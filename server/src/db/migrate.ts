/**
 * Applies the committed SQL migrations, then the data steps SQL cannot do (pseudo keys). On
 * PostgreSQL several instances may start at once, and drizzle's migrator takes no lock: an
 * advisory lock makes them take turns.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateDrizzle } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';
import { backfillPseudoKeys } from './backfill-pseudo-keys';

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 72_616_001;

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migrateDrizzle(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    await backfillPseudoKeys(database.db);
    return;
  }
  const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
  await database.db.transaction(async (tx) => {
    // Transaction-scoped lock: released on commit, whatever the migrator does.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await backfillPseudoKeys(tx);
  });
}
