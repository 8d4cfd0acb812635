/** Access to the seeded bench database: checks it is there, opens sessions for its members. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../../../server/src/modules/auth/tokens';
import { BENCH_DATABASE_URL, databaseName } from './env';
import { SCALE } from './dataset';

export async function withBenchDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`base du banc injoignable (${databaseName(BENCH_DATABASE_URL)}) : lancez d'abord « npm run bench:seed -w bench ».`, { cause: error });
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function assertSeeded(): Promise<void> {
  await withBenchDb(async (client) => {
    const { rows } = await client.query<{ n: string }>('select count(*) n from contests').catch(() => ({ rows: [{ n: '0' }] }));
    if (Number(rows[0]?.n ?? 0) < SCALE.contests) {
      throw new Error(`la base ${databaseName(BENCH_DATABASE_URL)} n'a pas les données à l'échelle : lancez « npm run bench:seed -w bench ».`);
    }
  });
}

/** A bearer token for a member, as a sign-in would give (the session row only). */
export async function openBenchSession(userId: number): Promise<string> {
  return (await openBenchSessions([userId]))[0]!;
}

/** One token per member, in the order given, all written in one statement. */
export async function openBenchSessions(userIds: number[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await withBenchDb((client) =>
    client.query(`insert into sessions (user_id, token_hash, expires_at) select u, h, now() + interval '1 day' from unnest($1::int[], $2::text[]) as s(u, h)`, [
      userIds,
      tokens.map(hashToken),
    ]),
  );
  return tokens;
}
