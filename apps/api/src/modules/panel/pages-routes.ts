import { fillMessage, msg, PAGE_IMAGE_FIELD, PAGE_IMAGE_MAX_WIDTH } from '@club/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { acceptImageUploads, readImageUploads } from '../media/upload.ts';
import { renderWebImage } from '../media/variants.ts';
import { createPage, deletePage, getPage, listPages, storePageImage, updatePage } from './pages-service.ts';

/** Tall images (a poster, a timetable) keep their proportions up to this height. */
const PAGE_IMAGE_MAX_HEIGHT = 4000;

/** The CMS sub-pages (type 20) for owners and managers: sanitised HTML, images through the media storage. */
const routes = async (app: FastifyInstance) => {
  // Only the image upload parses multipart: registered inside this module's own scope.
  await acceptImageUploads(app, 1);

  route(app, 'panelPages', async (req) => listPages(app.db, await req.panelUser(), req.query));
  route(app, 'panelPage', async (req) => getPage(app.db, await req.panelUser(), req.params.id));
  route(app, 'panelPageCreate', async (req) => createPage(app.db, await req.panelUser(), req.body));
  route(app, 'panelPageUpdate', async (req) =>
    updatePage(app.db, await req.panelUser(), req.params.id, req.body),
  );
  route(app, 'panelPageDelete', async (req, reply) => {
    await deletePage(app.db, await req.panelUser(), req.params.id);
    return reply.code(204).send();
  });
  route(
    app,
    'panelPageImageUpload',
    async (req) => {
      const actor = await req.panelUser();
      const [image] = await readImageUploads(req as unknown as FastifyRequest, {
        fields: [PAGE_IMAGE_FIELD],
        maxFiles: 1,
        prepare: (bytes) => renderWebImage(bytes, PAGE_IMAGE_MAX_WIDTH, PAGE_IMAGE_MAX_HEIGHT),
        notMultipart: fillMessage(msg.imageNotMultipart, { pole: PAGE_IMAGE_FIELD }),
      });
      return storePageImage(app.db, app.media, req.log, actor, {
        fileName: image!.fileName,
        bytes: image!.prepared,
      });
    },
    // Rendering is CPU work: a generous limit for a person, not for a script.
    { rateLimit: { max: 30, timeWindow: 60_000 } },
  );
};

export const panelPageRoutes = fp(routes, {
  name: 'panel-pages',
  dependencies: ['panel-auth', 'media-storage'],
  encapsulate: true,
});
