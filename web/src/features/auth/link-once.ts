/**
 * An e-mailed link's token works once: React's StrictMode (and any remount) would send it a
 * second time and turn a success into "lien expiré". One answer per token per page load.
 */
import { AUTH } from '@creadefi/domain';
import { ApiError } from '../../api/client';

export type LinkOutcome<T = unknown> = { ok: true; message: string; results?: T } | { ok: false; message: string };

export function linkAnswers<T = unknown>(send: (token: string) => Promise<{ message?: string; results?: T }>, success: string) {
  const outcomes = new Map<string, Promise<LinkOutcome<T>>>();
  return {
    once(token: string): Promise<LinkOutcome<T>> {
      let outcome = outcomes.get(token);
      if (!outcome) {
        outcome = send(token).then(
          (answer): LinkOutcome<T> => ({ ok: true, message: answer.message ?? success, results: answer.results }),
          (error: unknown): LinkOutcome<T> => ({
            ok: false,
            // A refused token reads the same whatever the reason (malformed, used, expired);
            // other failures (server unreachable, too many tries) say what happened.
            message:
              error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 ? AUTH.linkInvalid : error instanceof Error ? error.message : AUTH.linkInvalid,
          }),
        );
        outcomes.set(token, outcome);
      }
      return outcome;
    },
    /** For tests: forget the answers already received. */
    reset(): void {
      outcomes.clear();
    },
  };
}
