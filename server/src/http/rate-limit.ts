/**
 * Fixed-window rate limits kept in PostgreSQL (`rate_limits`), so every instance behind a
 * load balancer counts the same attempts (docs/architecture.md §11). One upsert counts and reads
 * the window in a single statement: concurrent requests each get their own count.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import { AppError, MESSAGES, HOUR_MS } from '@creadefi/domain';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

/** A 429 that knows when to come back; `retryAfterHook` turns that into a Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export interface RateLimitOptions {
  /** What is limited, e.g. `login`; the key is `<name>:<client ip>`. */
  name: string;
  /** Attempts allowed per window; AUTH_RATE_LIMIT by default. */
  max?: number;
  /** AUTH_RATE_WINDOW_SECONDS by default. */
  windowSeconds?: number;
}

export interface RateLimitHit {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts one attempt under `key`; a window that has ended starts again at 1. */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number, now: Date): Promise<RateLimitHit> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowIso}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  // Expired windows are useless rows; an occasional sweep keeps the table small without a job.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - HOUR_MS)));
  const count = row!.count;
  return { count, allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((row!.resetAt.getTime() - now.getTime()) / 1000)) };
}

/** A route hook (`preValidation: rateLimit(ctx, { name: 'login' })`) answering 429 past the limit. */
export function rateLimit(ctx: AppContext, options: RateLimitOptions) {
  const max = options.max ?? ctx.config.AUTH_RATE_LIMIT;
  const windowSeconds = options.windowSeconds ?? ctx.config.AUTH_RATE_WINDOW_SECONDS;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const hit = await hitRateLimit(ctx.db, `${options.name}:${request.ip}`, max, windowSeconds, ctx.clock());
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfterSeconds));
      throw new TooManyRequestsError(MESSAGES.common.tooManyRequests, hit.retryAfterSeconds);
    }
  };
}

/** Route `onError` hook: a TooManyRequestsError thrown by a service also gets its Retry-After. */
export async function retryAfterHook(_request: FastifyRequest, reply: FastifyReply, error: Error): Promise<void> {
  if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
}
