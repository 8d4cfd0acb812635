import { ApiError } from './client';

/**
 * Whether asking again can bring another answer: a lost connection, a server fault, a
 * timeout or a rate limit can; a refusal (not a party, not found, not allowed) cannot, and a
 * « Réessayer » beside it only invites a click that fails the same way.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
