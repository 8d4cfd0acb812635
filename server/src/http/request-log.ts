import type { FastifyRequest } from 'fastify';

/**
 * A parameter whose name says it carries a secret: mailed links' tokens, a poll's shared link,
 * the live-event stream's session token (EventSource cannot send headers), the payment page's
 * secret. Whoever reads the log must not be able to use any of them.
 */
const SECRET_NAME = /token|secret|password|pswd|key|code|signature|^sig$/i;

/**
 * A value shaped like a token the server draws (16 bytes or more in base64url): long, and
 * mixing at least two of lower case, upper case and digits, which a slug, a pseudo's usual
 * spelling or an id does not. It catches a secret wherever it travels, on pages the server
 * does not route itself (the web app's) and under any name.
 */
function looksLikeToken(value: string): boolean {
  if (!/^[A-Za-z0-9_-]{20,}$/.test(value)) return false;
  return [/[a-z]/, /[A-Z]/, /[0-9]/].filter((kind) => kind.test(value)).length >= 2;
}

const MASK = '[masqué]';

/** The route's path parameters that carry a secret, by their position among the path's segments. */
function secretPositions(route: string | undefined): Set<number> {
  const positions = new Set<number>();
  if (!route) return positions;
  route.split('/').forEach((segment, at) => {
    const name = /^:(\w+)/.exec(segment)?.[1];
    if (name && SECRET_NAME.test(name)) positions.add(at);
  });
  return positions;
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const value = pair.slice(equals + 1);
      return SECRET_NAME.test(pair.slice(0, equals)) || looksLikeToken(value) ? `${pair.slice(0, equals + 1)}${MASK}` : pair;
    })
    .join('&');
}

/**
 * The request's address with every secret masked: the path parameters its route declares
 * with a secret's name, every query value under such a name, and any part shaped like a token.
 */
export function maskedUrl(req: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const [beforeHash, hash] = splitOnce(req.url, '#');
  const [path, query] = splitOnce(beforeHash, '?');
  const declared = secretPositions(req.routeOptions?.url);
  const maskedPath = path
    .split('/')
    .map((segment, at) => (declared.has(at) || looksLikeToken(segment) ? MASK : segment))
    .join('/');
  // A fragment never reaches a server, but a client may send one: it is masked like a query.
  return `${maskedPath}${query === undefined ? '' : `?${maskQuery(query)}`}${hash === undefined ? '' : `#${MASK}`}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** What a request log line says about the request, in every mode: a log line never holds a credential. */
export function serializeRequest(req: Pick<FastifyRequest, 'method' | 'url' | 'ip'> & { routeOptions?: { url?: string } }): { method: string; url: string; remoteAddress: string } {
  return { method: req.method, url: maskedUrl(req), remoteAddress: req.ip };
}
