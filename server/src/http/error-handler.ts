/**
 * The one place where errors become HTTP answers. Known refusals keep their status and
 * French text; anything unexpected is logged and answered with the generic text, never
 * with internals (docs/architecture.md §10).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES, requestErrorMessage, type ErrorBody } from '@creadefi/domain';
import { logSecurityRefusal } from './security-log';

const C = MESSAGES.common;

export function errorBody(status: number, message: string, fields?: Record<string, string>): ErrorBody {
  return { message: fields ? { message, code: status, fields } : { message, code: status } };
}

/** The error's code and its cause's: drizzle keeps the driver's error in `cause`. */
function hasCode(error: unknown, codes: readonly string[]): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return [e?.code, e?.cause?.code].some((code) => typeof code === 'string' && codes.includes(code));
}

const CONNECTION_LOST = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001'];
/** Text PostgreSQL cannot store (NUL, bytes that are not UTF-8): the client's input, not our fault. */
const UNSTORABLE_TEXT = ['22021', '22P05'];

/** Errors meaning the database cannot be reached: answered 503, the client may retry. */
function isDatabaseDown(error: unknown): boolean {
  return hasCode(error, CONNECTION_LOST) || /Connection terminated|connect ECONNREFUSED/.test(String((error as Error)?.message));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      logSecurityRefusal(request, error.status);
      return reply.status(error.status).send(errorBody(error.status, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue.params as { issue?: { path?: string[] } })?.issue?.path?.join('.') || '_';
        if (!fields[key]) fields[key] = issue.message ?? C.invalidInput;
      }
      // The texts are French and name their field (domain/validation.ts); the answer's own
      // message is the first one, so a client showing only that still knows what to fix.
      const first = error.validation[0];
      const path = (first?.instancePath ?? '').split('/').filter(Boolean).map((k) => (/^\d+$/.test(k) ? Number(k) : k));
      return reply.status(400).send(errorBody(400, first?.message ? requestErrorMessage(path, first.message) : C.invalidInput, fields));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send(errorBody(400, C.badJson));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorBody(413, C.payloadTooLarge));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody(415, C.invalidInput));
    }
    if (status === 429) {
      logSecurityRefusal(request, 429);
      return reply.status(429).send(errorBody(429, C.tooManyRequests));
    }
    if (hasCode(error, UNSTORABLE_TEXT)) {
      return reply.status(400).send(errorBody(400, C.forbiddenCharacters));
    }
    if (isDatabaseDown(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody(503, C.unavailable));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, C.invalidInput));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody(500, C.serverError));
  });
}
