import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/client.ts';

/**
 * Background jobs on pg-boss (docs/decisions/123): its tables live in the `pgboss` schema, made
 * by migration 0017 together with the shop's queues, so a job can be queued by any process from
 * its first request on. Every pg-boss query goes through the shop's own pool (or the caller's
 * transaction), so the queue costs no connections of its own.
 */
export const JOB_QUEUES = {
  /** One job per `mail_jobs` row (mail/worker.ts). */
  mail: 'mail',
  /** An order's e-mails, made after its commit (orders/order-mails.ts). */
  orderMails: 'order-mails',
  orderMaintenance: 'order-maintenance',
  cartMaintenance: 'cart-maintenance',
} as const;

/** pg-boss's `$1` text and values as a drizzle query, so it runs on a drizzle database or transaction. */
const toSql = (text: string, values: unknown[] = []): SQL => {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)), sql`${sql.param(values[Number(m[1]) - 1])}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
};

export const jobExecutor = (db: Db | Tx): PgBoss.Db => ({
  executeSql: async (text, values) => (await db.execute(toSql(text, values))) as unknown as { rows: never[] },
});

// Only ever called with an executor of its caller: never started, it holds no connection.
const sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('no database given')) } });

/** The texts of pg-boss's queries that complete and fail jobs, as its own calls write them. */
const settlingQueries = (async () => {
  const texts = new Set<string>();
  const capture: PgBoss.Db = {
    executeSql: async (text) => {
      texts.add(text);
      return { rows: [{ count: '0' }] as never[] };
    },
  };
  const anyId = '00000000-0000-4000-8000-000000000000';
  await sender.complete(JOB_QUEUES.mail, anyId, {}, { db: capture });
  await sender.fail(JOB_QUEUES.mail, anyId, {}, { db: capture });
  return texts;
})();

/**
 * The executor for a started pg-boss. Its work() completes (or fails) a batch once the handler
 * returns without awaiting the query (pg-boss 10.4.2, manager.js): when the database drops it,
 * the rejection has no listener and ends the process. Those queries report the failure to
 * `onLost` instead; their jobs stay active and are taken again when their lease ends. A caller
 * that must know whether a job was settled passes its own executor (`{ db: jobExecutor(db) }`).
 */
export const quietSettling = (executor: PgBoss.Db, onLost: (err: unknown) => void): PgBoss.Db => ({
  executeSql: async (text, values) => {
    if (!(await settlingQueries).has(text)) return executor.executeSql(text, values);
    try {
      return await executor.executeSql(text, values);
    } catch (err) {
      onLost(err);
      return { rows: [{ count: '0' }] as never[] };
    }
  },
});

/**
 * Queues a job with `db`, so inside a transaction it commits or rolls back with the change it
 * belongs to. Throws when the queue does not exist (pg-boss would drop the job silently).
 */
export const sendJob = async (
  db: Db | Tx,
  queue: string,
  data: object,
  options: PgBoss.SendOptions = {},
): Promise<string> => {
  const id = await sender.send(queue, data, { ...options, db: jobExecutor(db) });
  if (!id) throw new Error(`job queue ${queue} is missing`);
  return id;
};

/** Whether `queue` has a job a worker is running, or one due and not taken yet (a drain waits for them). */
export const hasDueJob = async (db: Db, queue: string): Promise<boolean> => {
  const { rows } = (await db.execute(
    sql`SELECT 1 FROM pgboss.job WHERE name = ${queue}
      AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())) LIMIT 1`,
  )) as unknown as { rows: unknown[] };
  return rows.length > 0;
};

/** A shutdown waits this long at most for running jobs. */
export const JOBS_STOP_TIMEOUT_MS = 2_000;

export type JobsOptions = {
  /** How often expired leases are taken back (and old jobs archived): pg-boss's maintenance. */
  maintenanceIntervalSeconds: number;
  /** A shutdown waits this long at most for running jobs; those still running are failed (retried later). */
  stopTimeoutMs: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's pg-boss: workers are added in `onReady` hooks registered after this plugin. */
    jobs: PgBoss;
  }
}

/** Starts pg-boss when the app is ready (before the workers, registered later) and stops it first on close. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: Partial<JobsOptions>) => {
    const { maintenanceIntervalSeconds = 30, stopTimeoutMs = JOBS_STOP_TIMEOUT_MS } = options;
    const log = app.log.child({ module: 'jobs' });
    const boss = new PgBoss({
      db: quietSettling(jobExecutor(app.db), (err) =>
        log.warn({ err }, 'background jobs: settling a batch failed; its jobs come back after their lease'),
      ),
      // The schema is made by the shop's migrations; a newer pg-boss migrates its own tables.
      migrate: true,
      maintenanceIntervalSeconds,
    });
    boss.on('error', (err) => log.error({ err }, 'background jobs: a pass failed'));
    app.decorate('jobs', boss);
    app.addHook('onReady', async () => {
      await boss.start();
    });
    // preClose: before the database is closed by the onClose hooks of whoever opened it.
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs, close: false });
    });
  },
  { name: 'jobs' },
);
