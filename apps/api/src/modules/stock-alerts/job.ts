import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { organisations, productParameters, products, stockAlerts } from '../../db/schema.ts';
import { enqueueMail } from '../mail/queue.ts';
import { isSoldOutRow } from './sold-out.ts';
import { backInStockMail } from './template.ts';

/** The `stock-alerts` queue (made by migration 0029, pg-boss's cron). */
export const STOCK_ALERTS_QUEUE = 'stock-alerts';
const SCHEDULE = '* * * * *';
const BATCH = 100;

/**
 * Mails the alerts the stock trigger marked due (migration 0029_stock_alerts): each row's mail
 * is queued and the row marked notified in one transaction, so an address is told once. A row
 * whose variant sold out again before this ran goes back to waiting, in its old place.
 */
export const sendDueAlerts = async (db: Db, siteUrl: (orgId: number) => Promise<string>): Promise<number> => {
  let sent = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: stockAlerts.id,
          organisationId: stockAlerts.organisationId,
          email: stockAlerts.email,
          token: stockAlerts.token,
          productId: products.id,
          productName: products.name,
          productStock: products.stock,
          onSale: sql<boolean>`${products.active} AND ${products.archivedAt} IS NULL`,
          variantName: productParameters.name,
          variantStock: productParameters.stock,
          shopName: organisations.name,
        })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .innerJoin(organisations, eq(organisations.id, stockAlerts.organisationId))
        .leftJoin(productParameters, eq(productParameters.id, stockAlerts.parameterId))
        .where(
          and(
            isNotNull(stockAlerts.dueAt),
            isNull(stockAlerts.notifiedAt),
            isNull(stockAlerts.unsubscribedAt),
          ),
        )
        .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id))
        .limit(BATCH)
        .for('update', { of: stockAlerts, skipLocked: true });
      for (const row of rows) {
        const stock = row.variantStock ?? row.productStock;
        if (!row.onSale || isSoldOutRow({ stock })) {
          await tx.update(stockAlerts).set({ dueAt: null }).where(eq(stockAlerts.id, row.id));
          continue;
        }
        const site = await siteUrl(row.organisationId);
        await enqueueMail(
          tx,
          backInStockMail({
            to: row.email,
            shopName: row.shopName,
            productName: row.productName,
            variantName: row.variantName,
            productUrl: `${site}/produkt/${row.productId}`,
            unsubscribeUrl: `${site}/powiadomienie/${row.token}`,
          }),
          row.organisationId,
        );
        await tx.update(stockAlerts).set({ notifiedAt: sql`now()` }).where(eq(stockAlerts.id, row.id));
        sent++;
      }
      return rows.length < BATCH;
    });
    if (done) return sent;
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the back-in-stock mailing (tests call it instead of waiting a minute); how many went. */
    stockAlerts: { runOnce(): Promise<number> };
  }
}

/** Every minute: the alerts made due by returned stock are mailed. */
export const stockAlertsJobPlugin = fp(
  async (app: FastifyInstance) => {
    const runOnce = () => sendDueAlerts(app.db, (id) => app.tenants.siteUrl({ id }));
    app.decorate('stockAlerts', { runOnce });
    app.addHook('onReady', async () => {
      await app.jobs.schedule(STOCK_ALERTS_QUEUE, SCHEDULE);
      await app.jobs.work(STOCK_ALERTS_QUEUE, async () => {
        const sent = await runOnce();
        if (sent) app.log.info({ sent }, 'back-in-stock alerts queued');
      });
    });
  },
  { name: 'stock-alerts-job', dependencies: ['jobs', 'tenancy'] },
);
