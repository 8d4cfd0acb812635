import type { FastifyRequest } from 'fastify';

/**
 * What a request log line says about the request. The live-event stream may carry the
 * session token in its query (EventSource cannot send headers), and a log line must never
 * hold a credential.
 */
export function serializeRequest(req: Pick<FastifyRequest, 'method' | 'url' | 'ip'>): { method: string; url: string; remoteAddress: string } {
  return { method: req.method, url: req.url.replace(/([?&]token=)[^&#]*/gi, '$1[masqué]'), remoteAddress: req.ip };
}
