/** The bell: notifications list, marking read, and the header's unread badges. */
import { markReadSchema, notificationsQuery } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { requireViewer } from '../../http/viewer';
import { listNotifications, markNotificationsRead, unreadCounts } from './service';

const tags = ['notifications'];
const security = [{ bearer: [] }];

export const notificationRoutes: RouteModule = (app, ctx) => {
  app.get('/notifications', { schema: { tags, security, summary: 'Notifications de l’utilisateur, les plus récentes d’abord', querystring: notificationsQuery } }, async (request) => {
    const viewer = requireViewer(request);
    return ok(await listNotifications(ctx, viewer.id, request.query));
  });

  app.post('/notifications/read', { schema: { tags, security, summary: 'Marque des notifications (ou toutes) comme lues', body: markReadSchema } }, async (request) => {
    const viewer = requireViewer(request);
    return ok(await markNotificationsRead(ctx, viewer.id, request.body));
  });

  app.get('/notifications/unread-count', { schema: { tags, security, summary: 'Messages et notifications non lus (pastilles de l’en-tête)' } }, async (request) => {
    const viewer = requireViewer(request);
    return ok(await unreadCounts(ctx, viewer.id));
  });
};
