/**
 * Security headers on every response (docs/architecture.md §11), as helmet writes them for the
 * app's options. The options never change while the server runs, so helmet runs once at
 * start and each request copies the result: building its middleware again on every request
 * took a third of the processor time of a small API answer. The same set goes on the answers
 * written outside any hook (framework-errors.ts), so that no answer carries fewer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, by lower-case name. */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

export function installSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>): void {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, like helmet: routes that write the response themselves (the live
    // event stream) carry them too.
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
}
