import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { limits } from '../../plugins/rate-limit.ts';
import { contentService } from './service.ts';

/** The storefront's CMS endpoints (`/api/cms/...`): settings, banner, menus, social links, pages, forms. */
const contentRoutes = async (app: FastifyInstance) => {
  const content = contentService({ db: app.db, log: app.log });

  route(app, 'getSiteSettings', async (request) => content.siteSettings(await request.org()));
  route(app, 'getBanner', async (request) => content.banner(await request.org(), request.params.panelId));
  route(app, 'getMenu', async (request) => content.menu(await request.org(), request.params.menuId));
  route(app, 'getSocial', async (request) => content.social(await request.org()));

  // `get/:slug/:type` and `:type/:offset/:count` have the same depth; the router prefers the static `get`.
  route(app, 'getContentPage', async (request) =>
    content.page(await request.org(), request.params.slug, request.params.type),
  );
  route(app, 'getContentList', async (request) => {
    const { type, offset, count } = request.params;
    return content.list(await request.org(), type, offset, count, request.query.kategorie);
  });
  route(app, 'getContentCount', async (request) => content.count(await request.org(), request.params.type));
  route(app, 'getContentCategories', async (request) => content.categories(await request.org()));
  route(app, 'getSubpages', async (request) => content.subpages(await request.org(), request.params.param));

  route(app, 'sendMessage', async (request) => content.sendMessage(await request.org(), request.body), {
    rateLimit: limits.sendMessage,
  });
  route(
    app,
    'sendAccreditation',
    async (request) => content.sendAccreditation(await request.org(), request.body),
    {
      rateLimit: limits.sendAccreditation,
    },
  );
};

export const contentModule = fp(contentRoutes, {
  name: 'content',
  dependencies: ['tenancy', 'rate-limit'],
  encapsulate: true,
});
