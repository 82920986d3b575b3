import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { withdrawalUrl } from '../../lib/withdrawal-link.ts';
import { correctAddress, correctLines } from './order-corrections.ts';
import { ordersCsv } from './orders-csv.ts';
import { PACKING_SLIP_CSP, packingSlipHtml } from './orders-packing-slip.ts';
import * as repo from './orders-repository.ts';
import {
  addNote,
  changeOrderStatus,
  listOrders,
  markCodPaid,
  orderDetail,
  ordersSummary,
  setShipment,
} from './orders-service.ts';

/** The most rows one CSV export carries; narrow the filters (dates) for more. */
export const CSV_MAX_ROWS = 20_000;

/** The panel's orders: list, CSV export, detail, status changes, packing slip. */
const panelOrdersRoutes = async (app: FastifyInstance) => {
  route(app, 'panelOrderAddress', async (request) =>
    correctAddress(app.db, await request.panelUser(), request.params.id, request.body),
  );
  route(app, 'panelOrderLines', async (request) =>
    correctLines(app.db, await request.panelUser(), request.params.id, request.body),
  );
  route(app, 'panelOrdersSummary', async (request) => {
    const { org } = await request.panelUser();
    return ordersSummary(app.db, org.id);
  });
  route(app, 'panelOrders', async (request) => {
    const { org } = await request.panelUser();
    return listOrders(app.db, org, request.query);
  });

  route(app, 'panelOrdersCsv', async (request, reply) => {
    const { org } = await request.panelUser();
    const rows = await repo.findCsvOrders(app.db, org.id, request.query, CSV_MAX_ROWS);
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: repo.SHOP_TIME_ZONE }).format(new Date());
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="zamowienia-${day}.csv"`)
      .header('x-content-type-options', 'nosniff');
    return ordersCsv(rows);
  });

  route(app, 'panelOrder', async (request) => {
    const { org } = await request.panelUser();
    return orderDetail(app.db, org, request.params.id);
  });

  route(app, 'panelOrderStatus', async (request) => {
    const actor = await request.panelUser();
    return changeOrderStatus(app.db, actor, request.params.id, request.body, async (o) =>
      withdrawalUrl(app.payments.demoSecret(), await app.tenants.siteUrl(actor.org), actor.org, o),
    );
  });

  route(app, 'panelOrderMarkPaid', async (request) => {
    const actor = await request.panelOwner();
    return markCodPaid(app.db, actor, request.params.id);
  });

  route(app, 'panelOrderNote', async (request) => {
    const actor = await request.panelUser();
    return addNote(app.db, actor, request.params.id, request.body);
  });

  route(app, 'panelOrderShipment', async (request) => {
    const actor = await request.panelUser();
    return setShipment(app.db, actor, request.params.id, request.body, async (o) =>
      withdrawalUrl(app.payments.demoSecret(), await app.tenants.siteUrl(actor.org), actor.org, o),
    );
  });

  route(app, 'panelOrderPackingSlip', async (request, reply) => {
    const { org } = await request.panelUser();
    const detail = await orderDetail(app.db, org, request.params.id);
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PACKING_SLIP_CSP)
      .header('x-content-type-options', 'nosniff');
    return packingSlipHtml(org.name, detail);
  });
};

export const panelOrdersModule = fp(panelOrdersRoutes, {
  name: 'panel-orders',
  dependencies: ['panel-auth'],
  encapsulate: true,
});
