import { idParams } from '@creadefi/domain';
import type { RouteModule } from '../../http/types';
import { ok } from '../../http/envelope';
import { readSubCategory } from './service';

export const catalogueRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/subcategory/read/:id',
    { schema: { tags: ['catalogue'], summary: 'Une sous-catégorie avec ses options (prix en centimes)', params: idParams } },
    async (request) => ok({ subCategories: await readSubCategory(ctx.db, request.params.id) }),
  );
};
