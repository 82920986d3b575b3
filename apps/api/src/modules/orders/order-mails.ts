import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../db/client.ts';
import { orders, organisations } from '../../db/schema.ts';
import { hasDueJob, JOB_QUEUES, sendJob } from '../../lib/jobs.ts';
import { withdrawalUrl } from '../../lib/withdrawal-link.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import type { OrderMail } from '../mail/order-templates.ts';
import { buyerOf } from './buyer-columns.ts';
import { linesOfOrder, type OrderPromotionView, promotionsOfOrder } from './order-lines.ts';
import { enqueueOrderMails } from './place-mail.ts';

/**
 * An order's confirmation and the shop's notice are made after the order commits, not inside
 * its transaction: rendering them and counting the buyer's mail budget took about ten round
 * trips while the product's and the order counter's rows were locked, and on a launch every
 * other buyer waited for them (docs/benchmarks.md, Launch day). The placing transaction queues
 * this job, so an order whose process dies before its mails are made still gets them.
 */
export type OrderMailsJob = {
  organisationId: number;
  orderId: number;
  /** A held order's confirmation link: its token exists nowhere else (only its hash is stored). */
  confirmUrl: string | null;
};

/** In the placing transaction: commits with the order, or not at all. */
export const queueOrderMails = (tx: Tx, job: OrderMailsJob) => sendJob(tx, JOB_QUEUES.orderMails, job);

/** The order as its e-mails show it, from its row and its lines. */
const orderMailOf = (
  org: Organisation,
  o: typeof orders.$inferSelect,
  lines: OrderMail['lines'],
  promotions: OrderPromotionView[],
): OrderMail => ({
  shopName: org.name,
  number: o.number,
  lines,
  promotions,
  shippingName: o.shippingName,
  shippingCost: o.shippingCost,
  deliveryInfo: o.deliveryInfo,
  paymentMethod: o.paymentMethod,
  total: o.total,
  giftCardPaid: o.giftCardPaid,
  address: buyerOf(o),
});

/** The order as its e-mails show it, read back from its rows. */
export const orderMailOfRow = async (db: Db | Tx, org: Organisation, id: number): Promise<OrderMail> => {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.organisationId, org.id)));
  const [lines, promotions] = await Promise.all([
    linesOfOrder(db, org.id, id),
    promotionsOfOrder(db, org.id, id),
  ]);
  return orderMailOf(org, o!, lines, promotions);
};

export type OrderMailLinks = {
  secret: Buffer;
  siteUrl: (org: Organisation) => Promise<string>;
};

/**
 * Queues the order's e-mails in `tx` unless they were queued already: the claim on
 * `mails_queued_at` commits with them, so of the placing request, the job and its retries
 * exactly one sends them. False when they had been queued before (or there is no such order).
 */
export const enqueueOrderMailsOnce = async (
  tx: Tx,
  links: OrderMailLinks,
  job: OrderMailsJob,
  org?: Organisation,
): Promise<boolean> => {
  const [claimed] = await tx
    .update(orders)
    .set({ mailsQueuedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, job.orderId),
        eq(orders.organisationId, job.organisationId),
        isNull(orders.mailsQueuedAt),
      ),
    )
    .returning();
  if (!claimed) return false;
  const club =
    org ?? (await tx.select().from(organisations).where(eq(organisations.id, job.organisationId)))[0]!;
  // The claim returned the order's row: only its lines are read.
  const mail = orderMailOf(
    club,
    claimed,
    await linesOfOrder(tx, club.id, job.orderId),
    await promotionsOfOrder(tx, club.id, job.orderId),
  );
  const withdrawUrl = withdrawalUrl(links.secret, await links.siteUrl(club), club, {
    id: job.orderId,
    email: claimed.email,
  });
  const held = claimed.confirmBy && job.confirmUrl ? { url: job.confirmUrl, by: claimed.confirmBy } : null;
  await enqueueOrderMails(tx, club, { ...mail, withdrawUrl }, held);
  return true;
};

/** Orders' e-mails per pass of the worker. */
const BATCH = 20;
const DRAIN_WAITS_FOR_OTHERS_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    orderMails: {
      /** An order was committed in this process: its e-mails now rather than at the worker's next poll. */
      wake(): void;
      /** Makes one order's e-mails (once) in a transaction of its own, as the worker does. */
      send(job: OrderMailsJob): Promise<boolean>;
      /** Makes every queued order's e-mails now, also waiting for those the worker is making. For tests and tools. */
      drain(): Promise<void>;
    };
  }
}

/**
 * The `order-mails` queue's worker. The placing request only wakes it: making the e-mails in the
 * request held a second connection per order, which a launch's buyers were waiting for.
 */
export const orderMailsPlugin = fp(
  async (app: FastifyInstance) => {
    const links: OrderMailLinks = {
      secret: app.payments.demoSecret(),
      siteUrl: (org) => app.tenants.siteUrl(org),
    };
    const send = (job: OrderMailsJob) => app.db.transaction((tx) => enqueueOrderMailsOnce(tx, links, job));
    let workerId: string | null = null;
    const wake = () => {
      if (workerId) app.jobs.notifyWorker(workerId);
    };
    const drain = async () => {
      // A job held by a process that died is left to its lease.
      const until = Date.now() + DRAIN_WAITS_FOR_OTHERS_MS;
      for (;;) {
        const jobs = await app.jobs.fetch<OrderMailsJob>(JOB_QUEUES.orderMails, { batchSize: BATCH });
        if (jobs?.length) {
          for (const job of jobs) await send(job.data);
          await app.jobs.complete(
            JOB_QUEUES.orderMails,
            jobs.map((j) => j.id),
          );
          continue;
        }
        if (Date.now() > until || !(await hasDueJob(app.db, JOB_QUEUES.orderMails))) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    app.decorate('orderMails', { wake, send, drain });
    app.addHook('onReady', async () => {
      workerId = await app.jobs.work<OrderMailsJob>(
        JOB_QUEUES.orderMails,
        { batchSize: BATCH },
        async (jobs) => {
          for (const job of jobs) await send(job.data);
          if (jobs.length === BATCH) wake();
        },
      );
    });
  },
  { name: 'order-mails', dependencies: ['jobs', 'tenancy', 'payments'] },
);
