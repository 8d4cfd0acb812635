/**
 * Counts the SQL statements the app sends while a piece of code runs, on PGlite as on
 * PostgreSQL: both drivers send every statement outside transactions through the client's
 * `query`. Used to prove that an endpoint's number of queries does not grow with its rows.
 * It first waits for the read caches to catch up with the writes of the test's set-up, and
 * leaves out their markers (cache/invalidation.ts): neither belongs to the endpoint.
 */
import type { AppContext } from '../context';
import { MARKER_PREFIX } from '../cache/invalidation';

interface Queryable {
  query: (...args: unknown[]) => Promise<unknown>;
}

function statementOf(args: unknown[]): { text: string; values: unknown[] } {
  const [first, second] = args;
  const values = Array.isArray(second) ? second : [];
  if (typeof first === 'string') return { text: first, values };
  const config = first as { text?: string; values?: unknown[] };
  return { text: String(config.text ?? ''), values: config.values ?? values };
}

const isCacheMarker = ({ text, values }: { text: string; values: unknown[] }) => text.startsWith('select pg_notify') && String(values[1] ?? '').startsWith(MARKER_PREFIX);

export async function countQueries(ctx: AppContext, run: () => Promise<unknown>): Promise<{ count: number; statements: string[] }> {
  await ctx.caches?.invalidation.caughtUp();
  const client = (ctx.db as unknown as { $client: Queryable }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: Queryable, ...args: unknown[]) {
    const statement = statementOf(args);
    if (!isCacheMarker(statement)) statements.push(statement.text);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return { count: statements.length, statements };
}
