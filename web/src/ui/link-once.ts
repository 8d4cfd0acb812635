/**
 * An e-mailed link's token works once: React's StrictMode (and any remount) would send it a
 * second time and turn a success into "lien expiré". One answer per token per page load.
 */
import { useEffect, useState } from 'react';
import { AUTH } from '@creadefi/domain';
import { ApiError } from '../api/client';

export type LinkOutcome<T = unknown> = { ok: true; message: string; results?: T } | { ok: false; message: string };

export interface LinkAnswers<T> {
  once(token: string): Promise<LinkOutcome<T>>;
  /** For tests: forget the answers already received. */
  reset(): void;
}

/**
 * `sayWhy`: a refused token shows the server's reason (a vote's link followed again, expired)
 * rather than one text for every refusal.
 */
export function linkAnswers<T = unknown>(send: (token: string) => Promise<{ message?: string; results?: T }>, success: string, { sayWhy = false } = {}): LinkAnswers<T> {
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
              error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429 && !sayWhy
                ? AUTH.linkInvalid
                : error instanceof Error
                  ? error.message
                  : AUTH.linkInvalid,
          }),
        );
        outcomes.set(token, outcome);
      }
      return outcome;
    },
    reset(): void {
      outcomes.clear();
    },
  };
}

/** The outcome of the page's link, null until it is in; a page opened on another token starts again. */
export function useLinkOutcome<T>(answers: LinkAnswers<T>, token: string): LinkOutcome<T> | null {
  const [answer, setAnswer] = useState<{ token: string; outcome: LinkOutcome<T> } | null>(null);
  useEffect(() => {
    let live = true;
    void answers.once(token).then((outcome) => {
      if (live) setAnswer({ token, outcome });
    });
    return () => {
      live = false;
    };
  }, [answers, token]);
  return answer?.token === token ? answer.outcome : null;
}
