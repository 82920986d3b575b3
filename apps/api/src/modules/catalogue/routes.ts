import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { cartOfGiftCardsOnly } from '../gift-cards/repository.ts';
import { type CatalogueIndex, ClubCache } from './catalogue-index.ts';
import * as service from './service.ts';

/** The sitemaps.org limit of URLs in one sitemap file. */
export const SITEMAP_URLS_PER_FILE = 50_000;

const catalogueRoutes = async (app: FastifyInstance) => {
  // Each club's catalogue index (ids in list order, category tree, counts), kept until the change
  // bus reports a catalogue change of the club (the 0009 triggers announce every write). The expiry
  // is only a backstop.
  const indexes = new ClubCache((orgId) => service.loadCatalogueIndex(app.db, orgId), {
    usable: () => app.changes.listening(),
    ttlMs: 15 * 60_000,
    maxEntries: 1000,
  });
  app.changes.subscribe('catalogue', (event) => indexes.drop(event === 'all' ? 'all' : event.organisationId));
  const src: service.CatalogueSource = {
    db: app.db,
    index: (orgId) => (indexes.usable() ? indexes.get(orgId) : undefined),
    promotions: (orgId) => app.shownPromotions.get(orgId),
  };
  const perFile = app.config.sitemapUrlsPerFile ?? SITEMAP_URLS_PER_FILE;
  // The tree and the counts grow with the categories (hundreds in a big club), not the products:
  // serialised once per index instead of validated and serialised on every request.
  const serialised = new WeakMap<object, string>();
  const sendCached = (
    reply: FastifyReply,
    value: CatalogueIndex['categories'] | CatalogueIndex['counts'],
  ) => {
    let body = serialised.get(value);
    if (body === undefined) {
      body = JSON.stringify(value);
      serialised.set(value, body);
    }
    return reply.type('application/json; charset=utf-8').serializer(String).send(body);
  };

  route(app, 'getProducts', async (request) => {
    const org = await request.org();
    const { offset, count } = request.params;
    const { kategoriaId, excludeProduktId, sort } = request.query;
    return service.listProducts(src, org.id, {
      offset,
      count,
      categoryId: kategoriaId,
      excludeProductId: excludeProduktId,
      sort,
    });
  });

  route(app, 'getProductCount', async (request) =>
    service.productCount(src, (await request.org()).id, request.query.kategoriaId),
  );

  route(app, 'getProduct', async (request) => {
    const org = await request.org();
    return service.getProduct(src, org, request.params.id);
  });

  route(app, 'getCategories', async (request, reply) => {
    const orgId = (await request.org()).id;
    const pending = src.index(orgId);
    return pending ? sendCached(reply, (await pending).categories) : service.listCategories(src, orgId);
  });

  route(app, 'getCategoryCounts', async (request, reply) => {
    const orgId = (await request.org()).id;
    const pending = src.index(orgId);
    return pending ? sendCached(reply, (await pending).counts) : service.categoryCounts(src, orgId);
  });

  route(app, 'getShipping', async (request) => {
    const org = await request.org();
    const guid = request.query.koszyk;
    const onlyGiftCards = guid ? await cartOfGiftCardsOnly(app.db, org.id, guid) : false;
    return service.listShipping(app.db, org, { onlyGiftCards });
  });

  route(app, 'getSitemapIndex', async (request) => ({
    PlikiProduktow: await service.sitemapFileCount(src, (await request.org()).id, perFile),
  }));

  route(app, 'getSitemapProducts', async (request) =>
    service.sitemapProductIds(src, (await request.org()).id, request.params.plik, perFile),
  );
};

export const catalogueModule = fp(catalogueRoutes, {
  name: 'catalogue',
  dependencies: ['tenancy', 'changes', 'shown-promotions'],
  encapsulate: true,
});
