/**
 * Answers for requests Fastify refuses before routing (a malformed URL escape, a path
 * parameter past the router's length limit) and for requests arriving while the server
 * shuts down. Without this they get Fastify's English JSON with its internal error codes and
 * none of the security headers, since no hook runs for them.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@creadefi/domain';
import { errorBody } from './error-handler';

/** The strictest policy: these answers are JSON errors, nothing in them ever runs or loads. */
function fallbackSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function frameworkErrors(https: boolean) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    void reply.headers(fallbackSecurityHeaders(https)).status(status).send(errorBody(status, MESSAGES.common.invalidInput));
  };
}

/**
 * Once shutdown has begun, a request that still arrives on an open connection is told to
 * come back (503, the envelope, Retry-After) and its connection is closed; the requests
 * already running finish normally.
 */
export function installClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply.status(503).header('connection', 'close').header('retry-after', '5').send(errorBody(503, MESSAGES.common.unavailable));
  });
}
