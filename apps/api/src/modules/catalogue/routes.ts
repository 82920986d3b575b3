import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as service from './service.ts';

export const catalogueModule = async (app: FastifyInstance) => {
  route(app, 'getProducts', async (request) => {
    const org = await request.org();
    const { offset, count } = request.params;
    const { kategoriaId, excludeProduktId } = request.query;
    return service.listProducts(app.db, org.id, {
      offset,
      count,
      categoryId: kategoriaId,
      excludeProductId: excludeProduktId,
    });
  });

  route(app, 'getProduct', async (request) => {
    const org = await request.org();
    return service.getProduct(app.db, org.id, request.params.id);
  });

  route(app, 'getCategories', async (request) => service.listCategories(app.db, (await request.org()).id));

  route(app, 'getCategoryCounts', async (request) =>
    service.categoryCounts(app.db, (await request.org()).id),
  );

  route(app, 'getShipping', async (request) => service.listShipping(app.db, (await request.org()).id));
};
