/** The search over open contests (docs/product.md §11): public, like the category pages. */
import { searchContestsSchema } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { searchContests } from './service';

export const searchRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/concours/search',
    {
      schema: {
        tags: ['concours'],
        summary: 'Recherche en français parmi les concours ouverts (entreprise, brief, sous-catégorie), filtrée et paginée ; prix en centimes',
        querystring: searchContestsSchema,
      },
    },
    async (request) => ok(await searchContests(ctx, request.viewer?.id ?? null, request.query)),
  );
};
