/**
 * API answers carry personal data (profiles, conversations, wallets) and blind proposals
 * (texts shown in full to the organiser, marked previews): no browser or proxy keeps a copy
 * unless the route says otherwise (files set their own private caching), and no search engine
 * indexes one, whatever link leaks.
 */
import type { FastifyInstance } from 'fastify';

export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow, noarchive');
    return payload;
  });
}
