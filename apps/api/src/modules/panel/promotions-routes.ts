import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../../lib/route.ts';
import { conditionalLimit, limits } from '../../plugins/rate-limit.ts';
import { auditActor } from './audit.ts';
import * as service from './promotions-service.ts';

/**
 * Promotions and discount codes for owners and managers (decision 150): pricing, like product
 * prices and the free-shipping threshold, not where money goes; every change audited, within the club.
 */
const panelPromotionRoutes = async (app: FastifyInstance) => {
  // Drawing a batch writes up to 5,000 rows: batches have a budget of their own.
  const batchLimit = conditionalLimit(app, 'promotion-codes', limits.promotionCodeBatches);

  route(app, 'panelPromotions', async (req) =>
    service.listPromotions(app.db, (await req.panelUser()).org.id),
  );
  route(app, 'panelPromotion', async (req) =>
    service.getPromotion(app.db, (await req.panelUser()).org.id, req.params.id),
  );
  route(app, 'panelPromotionStats', async (req) =>
    service.promotionStats(app.db, (await req.panelUser()).org.id, req.params.id, req.query),
  );
  route(app, 'panelPromotionCreate', async (req, reply) => {
    const actor = auditActor(await req.panelUser());
    if (req.body.Kody) await batchLimit(req as never, reply);
    return service.createPromotion(app.db, actor, req.body);
  });
  route(app, 'panelPromotionUpdate', async (req) =>
    service.updatePromotion(app.db, auditActor(await req.panelUser()), req.params.id, req.body),
  );
  route(app, 'panelPromotionPause', async (req) =>
    service.setPaused(app.db, auditActor(await req.panelUser()), req.params.id, true),
  );
  route(app, 'panelPromotionResume', async (req) =>
    service.setPaused(app.db, auditActor(await req.panelUser()), req.params.id, false),
  );
  route(app, 'panelPromotionEnd', async (req) =>
    service.endPromotion(app.db, auditActor(await req.panelUser()), req.params.id),
  );
  route(app, 'panelPromotionCodesCsv', async (req, reply) => {
    const { org } = await req.panelUser();
    const csv = await service.promotionCodesCsv(app.db, org.id, req.params.id);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="kody-promocji-${req.params.id}.csv"`)
      .header('x-content-type-options', 'nosniff');
    return csv;
  });
};

export const panelPromotionsModule = fp(panelPromotionRoutes, {
  name: 'panel-promotions',
  dependencies: ['panel-auth', 'rate-limit'],
  encapsulate: true,
});
