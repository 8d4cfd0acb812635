import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/harness';

const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onServer)('PostgreSQL LISTEN', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('listens again on its own after its connection is cut', async () => {
    const database = await openTestDatabase();
    close = database.drop;
    const received: string[] = [];
    await database.listen('creadefi_test_channel', (payload) => received.push(payload));

    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const notify = (payload: string) => database.db.execute(sql`select pg_notify('creadefi_test_channel', ${payload})`);
      await notify('avant');
      await expect.poll(() => received).toEqual(['avant']);

      // What a PostgreSQL restart does to the listening connection.
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%creadefi_test_channel%' and pid <> pg_backend_pid()`,
      );
      expect(rowCount).toBe(1);

      await expect
        .poll(
          async () => {
            await notify('après');
            return received.includes('après');
          },
          { timeout: 10_000, interval: 300 },
        )
        .toBe(true);
    } finally {
      await admin.end();
    }
  });
});
