import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type EndpointHandler, route } from '../../lib/route.ts';
import { conditionalLimit, limits } from '../../plugins/rate-limit.ts';
import { customerGroupsOf } from '../promotions/membership.ts';
import * as service from './service.ts';

const S = '/api/centauri/sklepyonline';

const cartRoutes = async (app: FastifyInstance) => {
  // The member prices of the logged-in buyer (decision 153): only the session's account counts,
  // so a cart's guid shared with a guest shows them the public prices.
  const groupsOf = async (request: FastifyRequest, orgId: number) => {
    const user = await request.currentUser();
    return (await customerGroupsOf(app.db, orgId, user?.id ?? null)).map((g) => g.id);
  };
  // Every new cart is a row kept for 30 days (cart/maintenance.ts): counted per club and address.
  const limitCartCreation = conditionalLimit(app, 'cart-create', limits.cartCreate);
  const addToCart: EndpointHandler<'addToCart'> = async (request, reply) => {
    const [org, user] = await Promise.all([request.org(), request.currentUser()]);
    const guid = request.params.guid || undefined;
    // An unknown or ordered guid gets a fresh cart as well.
    if (!guid || !(await service.isOpenCart(app.db, org.id, guid))) await limitCartCreation(request, reply);
    return service.applyLines(app.db, org, user?.id ?? null, guid, request.body);
  };
  route(app, 'addToCart', addToCart, { rateLimit: limits.cartLines });
  // The spec's client posts to `koszyk/` (empty guid) when it has no cart yet.
  route(app, 'addToCart', addToCart, { url: `${S}/koszyk`, rateLimit: limits.cartLines });

  const getCart: EndpointHandler<'getCart'> = async (request) => {
    const org = await request.org();
    return service.readCart(app.db, org, request.params.guid ?? '', {
      shippingOptionId: request.query.dostawa,
      customerGroupIds: await groupsOf(request, org.id),
    });
  };
  route(app, 'getCart', getCart);
  route(app, 'getCart', getCart, { url: `${S}/koszyk` });

  const getCartCount: EndpointHandler<'getCartCount'> = async (request) =>
    service.countPieces(app.db, (await request.org()).id, request.params.guid ?? '');
  route(app, 'getCartCount', getCartCount);
  route(app, 'getCartCount', getCartCount, { url: `${S}/getkoszykilosc` });

  // Guessing codes costs attempts: counted per club and address, valid or not.
  const limitCodeTries = conditionalLimit(app, 'cart-code', limits.cartCode);
  route(app, 'setCartCode', async (request, reply) => {
    await limitCodeTries(request, reply);
    const org = await request.org();
    return service.setCode(app.db, org, request.params.guid, request.body.Kod, {
      customerGroupIds: await groupsOf(request, org.id),
    });
  });
  route(app, 'removeCartCode', async (request) => {
    const org = await request.org();
    return service.removeCode(app.db, org, request.params.guid, {
      customerGroupIds: await groupsOf(request, org.id),
    });
  });

  // A gift card's code is guessed as a discount code is: the same attempts.
  route(app, 'setCartGiftCard', async (request, reply) => {
    await limitCodeTries(request, reply);
    const org = await request.org();
    return service.setGiftCard(app.db, org, request.params.guid, request.body.Kod, {
      customerGroupIds: await groupsOf(request, org.id),
    });
  });
  route(app, 'removeCartGiftCard', async (request) => {
    const org = await request.org();
    return service.removeGiftCard(app.db, org, request.params.guid, {
      customerGroupIds: await groupsOf(request, org.id),
    });
  });

  route(app, 'removeCartLine', async (request) => {
    const org = await request.org();
    return service.removeLine(app.db, org, request.params.guid, request.params.positionId, {
      customerGroupIds: await groupsOf(request, org.id),
    });
  });
};

export const cartModule = fp(cartRoutes, {
  name: 'cart',
  dependencies: ['tenancy', 'auth', 'rate-limit'],
  encapsulate: true,
});
