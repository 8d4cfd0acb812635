import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../../http/types';

/** GET /api/health: 200 once the database answers, 503 otherwise. */
export const healthRoutes: RouteModule = (app, ctx) => {
  app.get('/health', { schema: { tags: ['santé'], summary: 'État du serveur et de sa base de données', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
};
