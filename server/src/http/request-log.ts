import type { FastifyRequest } from 'fastify';

/**
 * Paths whose next part is a secret: the links mailed for address verification and password
 * reset (the web pages and the API calls they make), and a poll's shared link. Whoever reads
 * the log must not be able to verify or take over the account, nor vote in or read a poll.
 */
const SECRET_PATH = /^((?:\/api\/auth\/confirmation|\/api\/auth\/pswd\/recover|\/verify|\/recover-password|\/api\/polls|\/sondage|\/mon-profil\/sondages)\/)[^/?#]+/i;

/**
 * What a request log line says about the request. The live-event stream may carry the
 * session token in its query (EventSource cannot send headers), e-mailed links carry theirs
 * in the path, and a log line must never hold a credential.
 */
export function serializeRequest(req: Pick<FastifyRequest, 'method' | 'url' | 'ip'>): { method: string; url: string; remoteAddress: string } {
  const url = req.url.replace(SECRET_PATH, '$1[masqué]').replace(/([?&]token=)[^&#]*/gi, '$1[masqué]');
  return { method: req.method, url, remoteAddress: req.ip };
}
