/**
 * Refuses, before any rule runs, text that PostgreSQL cannot store: the NUL character and
 * lone UTF-16 surrogates are valid JSON ("\u0000", "\ud800") but not valid in a text or
 * JSON column, and a request carrying them would otherwise reach the payment provider and
 * then fail on the insert.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES, badRequest } from '@creadefi/domain';

/** Deeper than any payload the API takes; the schemas refuse such shapes anyway. */
const MAX_DEPTH = 32;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

function containsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key) || containsUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (containsUnstorableText(request.body) || containsUnstorableText(request.query) || containsUnstorableText(request.params)) {
      throw badRequest(MESSAGES.common.forbiddenCharacters);
    }
  });
}
