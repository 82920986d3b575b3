import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { SearchCache, searchProducts } from './service.ts';

/** Suggestions come while typing (one request per pause): generous, but a script cannot hammer it. */
export const SEARCH_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

const searchRoutes = async (app: FastifyInstance) => {
  // Trusted only while the change bus listens (otherwise a change would go unheard).
  const cache = new SearchCache(() => app.changes.listening(), { maxEntries: 2000, ttlMs: 10 * 60_000 });
  app.changes.subscribe('catalogue', (event) => cache.drop(event === 'all' ? 'all' : event.organisationId));

  route(
    app,
    'searchProducts',
    async (request) => {
      const org = await request.org();
      const { q, offset, count } = request.query;
      return searchProducts(app.db, cache, org.id, { q, offset, count }, (id) => app.shownPromotions.get(id));
    },
    { rateLimit: SEARCH_RATE_LIMIT },
  );
};

export const searchModule = fp(searchRoutes, {
  name: 'search',
  dependencies: ['tenancy', 'changes', 'rate-limit', 'shown-promotions'],
  encapsulate: true,
});
