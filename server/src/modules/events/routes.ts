/**
 * GET /api/events: server-sent events for the signed-in user (new messages, notifications).
 * The web app reads it with fetch streaming and the bearer header; EventSource cannot send
 * headers, so `?token=` is accepted too and looked up hashed, like the header.
 */
import { eventsQuery, MESSAGES, unauthorized } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { viewerOfToken } from '../../http/viewer';
import { EventHub } from './hub';

export const eventRoutes: RouteModule = (app, ctx) => {
  const hub = new EventHub(ctx.database.listen, app.log);
  // Open streams would keep the server from closing: they end before it stops accepting.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  app.get(
    '/events',
    { schema: { tags: ['notifications'], summary: 'Évènements en direct (text/event-stream) : nouveaux messages et notifications', querystring: eventsQuery }, compress: false },
    async (request, reply) => {
      const viewer = request.viewer ?? (request.query.token ? await viewerOfToken(ctx, request.query.token) : null);
      if (!viewer) throw unauthorized(MESSAGES.common.unauthenticated);
      await hub.ready();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        // nginx and similar proxies would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n\nevent: ready\ndata: {}\n\n');
      const remove = hub.add(viewer.id, { write: (chunk) => res.write(chunk), end: () => res.end() }, viewer.sessionId);
      request.raw.on('close', remove);
      res.on('close', remove);
    },
  );
};
