/**
 * Unique indexes are what really keeps rows unique (e-mails, pseudos, one participation per
 * member, promo codes) when two requests race; this reads which one refused a row. Drizzle
 * wraps the driver's error in `cause`; PGlite and pg both give the SQLSTATE `code` and the
 * `constraint` name.
 */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The constraint name when `error` is a unique violation (23505), otherwise null. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike;
    if (e.code === '23505') return e.constraint ?? '';
    current = e.cause;
  }
  return null;
}
