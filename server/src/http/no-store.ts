/**
 * API answers carry personal data (profiles, conversations, wallets): no browser or proxy
 * keeps a copy unless the route says otherwise (files set their own private caching).
 */
import type { FastifyInstance } from 'fastify';

export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
