import { asc, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { carts } from '../../db/schema.ts';
import { JOB_QUEUES } from '../../lib/jobs.ts';

/**
 * Carts nobody changed for this long are deleted, open or ordered: their lines go with them
 * (cart_lines cascade), and an order keeps its own copy of everything (order_items, and the
 * cart's guid as plain text in orders.cart_guid, no foreign key).
 */
export const CART_RETENTION_DAYS = 30;
const BATCH = 500;
/** At most this many batches per pass; when the pass was full, the next one follows soon. */
const BATCHES_PER_PASS = 20;
/** Every hour, on one of the shop's processes (the `cart-maintenance` queue, pg-boss's cron). */
const SCHEDULE = '0 * * * *';
const AGAIN_SOON_S = 5;

/**
 * Deletes up to `batches` × BATCH stale carts, oldest first; returns how many. A cart being
 * changed or ordered right now is locked and skipped; once that commits, its `updated_at` is new.
 */
export const deleteStaleCarts = async (db: Db, batches = BATCHES_PER_PASS): Promise<number> => {
  let deleted = 0;
  for (let i = 0; i < batches; i++) {
    const stale = db
      .select({ id: carts.id })
      .from(carts)
      .where(lt(carts.updatedAt, sql`now() - ${CART_RETENTION_DAYS}::int * interval '1 day'`))
      .orderBy(asc(carts.updatedAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db.delete(carts).where(inArray(carts.id, stale)).returning({ id: carts.id });
    deleted += rows.length;
    if (rows.length < BATCH) break;
  }
  return deleted;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** One pass of the cart clean-up (tests call it instead of waiting); how many carts went. */
    cartMaintenance: { runOnce(): Promise<number> };
  }
}

/** Every hour (sooner while there is a backlog): carts untouched for 30 days are deleted. */
export const cartMaintenancePlugin = fp(
  async (app: FastifyInstance) => {
    const runOnce = async () => {
      const deleted = await deleteStaleCarts(app.db);
      if (deleted) app.log.info({ deleted }, 'stale carts deleted');
      return deleted;
    };
    app.decorate('cartMaintenance', { runOnce });
    app.addHook('onReady', async () => {
      await app.jobs.schedule(JOB_QUEUES.cartMaintenance, SCHEDULE);
      await app.jobs.work(JOB_QUEUES.cartMaintenance, async () => {
        // A full pass: the rest follows soon instead of in an hour.
        if ((await runOnce()) >= BATCH * BATCHES_PER_PASS) {
          await app.jobs.sendAfter(JOB_QUEUES.cartMaintenance, {}, {}, AGAIN_SOON_S);
        }
      });
    });
  },
  { name: 'cart-maintenance', dependencies: ['jobs'] },
);
