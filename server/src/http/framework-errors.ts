/**
 * Answers for requests refused before any hook runs, with the envelope, a French text and the
 * app's own security headers: requests Fastify refuses before routing (a malformed URL
 * escape, a path parameter past the router's length limit), requests Node itself refuses
 * before Fastify sees them (headers too long, a request it cannot parse, headers too slow),
 * and requests arriving while the server shuts down. Left to themselves, the first two get
 * English JSON, Fastify's internal error codes and no security header.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@creadefi/domain';
import { errorBody } from './error-handler';

type Headers = Readonly<Record<string, string>>;

export function frameworkErrors(headers: Headers) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    void reply.headers(headers).status(status).send(errorBody(status, MESSAGES.common.invalidInput));
  };
}

/** Node's refusal, by the parser's or the server's error code: its status and our text. */
function clientRefusal(code: string | undefined): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: MESSAGES.common.requestTimeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.common.headersTooLarge };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, message: MESSAGES.common.payloadTooLarge };
  return { status: 400, message: MESSAGES.common.malformedRequest };
}

/** The whole answer to a refused request, as bytes for the socket (there is no response object). */
export function clientRefusalAnswer(code: string | undefined, headers: Headers): Buffer {
  const { status, message } = clientRefusal(code);
  const body = Buffer.from(JSON.stringify(errorBody(status, message)), 'utf8');
  const lines = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'cache-control: no-store',
    'content-type: application/json; charset=utf-8',
    `content-length: ${body.length}`,
    'connection: close',
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** Fastify's `clientErrorHandler`: what Node does, with our answer. */
export function clientErrors(headers: Headers) {
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
    // A reset or closed connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ err: error }, 'request refused before routing');
    // As Fastify's own handler does: answer while the socket can still be written, then close.
    if (socket.writable) socket.end(clientRefusalAnswer(error.code, headers), () => socket.destroy());
    else socket.destroy();
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
