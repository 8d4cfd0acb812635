/**
 * The address links sent to a visitor must use: PUBLIC_URL when it is set. Without it, the
 * address the visitor used (`127.0.0.1:3000`, this machine's network address…), so that a
 * payment return or a mailed link lands where the visitor's session lives — but only when that
 * address is this very machine. The Host header (or X-Forwarded-Host from a trusted proxy,
 * `TRUST_PROXY`) is chosen by whoever sends the request: taken blindly, a stranger asking for
 * a reset link on someone's address with `Host: attaquant.example` would have the victim's
 * link, token included, point to the stranger's site. Any other host gets http://localhost:PORT.
 */
import os from 'node:os';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/** Names and addresses that can only lead back to this machine. */
function isThisMachine(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (net.isIPv4(name)) {
    if (name.startsWith('127.')) return true;
  } else if (net.isIPv6(name)) {
    if (name === '::1') return true;
  } else {
    return false;
  }
  const own = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  return own.some((i) => i.address.toLowerCase() === name);
}

/** `http://127.0.0.1:3000` from the request, or null when its host is not safe to send back. */
export function visitorOrigin(request: Pick<FastifyRequest, 'host' | 'protocol'>, port: number): string | null {
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || !isThisMachine(url.hostname)) return null;
  // Another port of this machine is another service, not this server; a proxy in front of it
  // serves the usual ports (no port in the address).
  if (url.port && Number(url.port) !== port) return null;
  return url.origin;
}

function siteUrl(ctx: AppContext, request: Pick<FastifyRequest, 'host' | 'protocol'>): string {
  if (ctx.config.PUBLIC_URL) return ctx.config.publicUrl;
  return visitorOrigin(request, ctx.config.PORT) ?? ctx.config.publicUrl;
}

/** The context of one request, whose links point where the visitor is (see siteUrl). */
export function forVisitor(ctx: AppContext, request: Pick<FastifyRequest, 'host' | 'protocol'>): AppContext {
  if (ctx.config.PUBLIC_URL) return ctx;
  return { ...ctx, config: { ...ctx.config, publicUrl: siteUrl(ctx, request) } };
}
