import type { FastifyInstance } from 'fastify';
import { type EndpointHandler, route } from '../../lib/route.ts';
import * as service from './service.ts';

const S = '/api/centauri/sklepyonline';

export const cartModule = async (app: FastifyInstance) => {
  const addToCart: EndpointHandler<'addToCart'> = async (request) => {
    const [org, user] = await Promise.all([request.org(), request.currentUser()]);
    return service.applyLines(
      app.db,
      org.id,
      user?.id ?? null,
      request.params.guid || undefined,
      request.body,
    );
  };
  route(app, 'addToCart', addToCart);
  // The spec's client posts to `koszyk/` (empty guid) when it has no cart yet.
  route(app, 'addToCart', addToCart, { url: `${S}/koszyk` });

  const getCart: EndpointHandler<'getCart'> = async (request) =>
    service.readCart(app.db, (await request.org()).id, request.params.guid ?? '');
  route(app, 'getCart', getCart);
  route(app, 'getCart', getCart, { url: `${S}/koszyk` });

  const getCartCount: EndpointHandler<'getCartCount'> = async (request) =>
    service.countPieces(app.db, (await request.org()).id, request.params.guid ?? '');
  route(app, 'getCartCount', getCartCount);
  route(app, 'getCartCount', getCartCount, { url: `${S}/getkoszykilosc` });

  route(app, 'removeCartLine', async (request) => {
    const org = await request.org();
    return service.removeLine(app.db, org.id, request.params.guid, request.params.positionId);
  });
};
