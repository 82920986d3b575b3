import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { auditActor } from './audit.ts';
import { markLinePrinted, markOrderPrinted, printQueue } from './print-queue.ts';
import { getPrinting, getSquad, savePrinting, saveSquad } from './printing-service.ts';

/** Name-and-number printing (decision 143): a product's settings, the club's squad, the print queue. */
const routes = async (app: FastifyInstance) => {
  route(app, 'panelProductPrinting', async (req) =>
    getPrinting(app.db, (await req.panelUser()).org.id, req.params.id),
  );
  route(app, 'panelProductPrintingSave', async (req) =>
    savePrinting(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelSquad', async (req) => getSquad(app.db, (await req.panelUser()).org.id));
  route(app, 'panelSquadSave', async (req) => saveSquad(app.db, auditActor(await req.panelUser()), req.body));
  route(app, 'panelPrintQueue', async (req) =>
    printQueue(app.db, (await req.panelUser()).org.id, req.query.stan),
  );
  route(app, 'panelPrintQueueMarkLine', async (req) =>
    markLinePrinted(app.db, auditActor(await req.panelUser()), req.params.id, req.body.Wydrukowano),
  );
  route(app, 'panelPrintQueueMarkOrder', async (req) =>
    markOrderPrinted(app.db, auditActor(await req.panelUser()), req.params.id, req.body.Wydrukowano),
  );
};

export const panelPrintingRoutes = fp(routes, {
  name: 'panel-printing',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
