/**
 * Security events (ASVS 16.3): refused authentication, refused access and rate limits are
 * logged as one warn line each, even in production where request lines are off, so that a
 * guessing or probing client shows in the logs. No body is logged: neither e-mail addresses
 * nor passwords reach them.
 */
import type { FastifyRequest } from 'fastify';
import { bearerToken } from './viewer';

const EVENTS: Record<number, string> = {
  401: 'authentication refused',
  403: 'access refused',
  429: 'rate limited',
};

export function logSecurityRefusal(request: FastifyRequest, status: number): void {
  const event = EVENTS[status];
  if (!event) return;
  request.log.warn(
    {
      security: {
        status,
        method: request.method,
        route: request.routeOptions.url ?? null,
        userId: request.viewer?.id ?? null,
        ip: request.ip,
        // A token that was sent but found no live session: expired, revoked or forged.
        tokenPresented: bearerToken(request) !== null,
      },
    },
    event,
  );
}
