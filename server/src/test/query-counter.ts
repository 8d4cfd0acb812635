/**
 * Counts the SQL statements the app sends while a piece of code runs, on PGlite as on
 * PostgreSQL: both drivers send every statement outside transactions through the client's
 * `query`. Used to prove that an endpoint's number of queries does not grow with its rows.
 */
import type { Db } from '../db/client';

interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>;
}

export async function countQueries(db: Db, run: () => Promise<unknown>): Promise<{ count: number; statements: string[] }> {
  const client = (db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: Queryable, ...args: unknown[]) {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return { count: statements.length, statements };
}
