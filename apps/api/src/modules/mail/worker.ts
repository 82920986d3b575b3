import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { Db, Tx } from '../../db/client.ts';
import { mailJobs } from '../../db/schema.ts';
import { hasDueJob, JOB_QUEUES, jobExecutor } from '../../lib/jobs.ts';
import type { Mailer } from './mailer.ts';
import type { MailMessage } from './message.ts';
import { mailEvents } from './queue.ts';

/**
 * Sends the mail queue: pg-boss's `mail` queue holds one job per `mail_jobs` row and decides when
 * it is tried (a lease, expired for a crashed worker, retries with backoff; decision 123); this
 * worker sends the row's message and records the outcome on the row.
 *
 * Each message is marked sent together with its final SMTP step (see SentMark), and a mark the
 * database could not take is retried by the job until it can: delivered twice is then left to a
 * process dying in the instant between two writes, or to the database losing a commit it
 * acknowledged. A job run again (after a crash) finds its row marked and only completes. Every
 * attempt of a message carries one Message-ID, so a repeat is recognisable.
 */
export type MailWorkerOptions = {
  /** Regular look at the queue (at least 500 ms); an enqueue in this process wakes the worker at once. */
  pollMs: number;
  batchSize: number;
  /** How long a job is its worker's before pg-boss takes it back; longer than any send can take. */
  leaseMs: number;
  /** Attempts before a message is given up (`failed_at` set, logged). */
  maxAttempts: number;
  /** Retry n waits retryBaseMs · 2^(n-1) · (1 to 2) (pg-boss's backoff with jitter; whole seconds). */
  retryBaseMs: number;
  /** Hard limit on one send, above nodemailer's own timeouts. */
  sendTimeoutMs: number;
};

export const MAIL_WORKER_DEFAULTS: MailWorkerOptions = {
  pollMs: 1_000,
  batchSize: 10,
  leaseMs: 2 * 60_000,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  sendTimeoutMs: 30_000,
};

/** The `mail` queue's settings (also written by migration 0017 with the defaults). */
export const mailQueueOptions = (o: MailWorkerOptions) => ({
  retryLimit: o.maxAttempts - 1,
  retryDelay: Math.max(1, Math.round(o.retryBaseMs / 1000)),
  retryBackoff: true,
  expireInSeconds: Math.max(1, Math.ceil(o.leaseMs / 1000)),
});

/** After a wake-up the enqueuing transaction may still be open: one more look this much later. */
const AGAIN_AFTER_WAKE_MS = 100;
/** drain() waits this long at most for jobs taken by other workers. */
const DRAIN_WAITS_FOR_OTHERS_MS = 2_000;
/** How often an outcome the database could not take is tried again. */
const RECORD_RETRY_MS = 250;

type MailJob = PgBoss.JobWithMetadata<{ mailJobId: number }>;

const timeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`send took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

/** Once sent: the row keeps the message's envelope and subject, nothing of its body (see MailMessage). */
const forgetBody = (db: Db, mailJobId: number) =>
  db
    .update(mailJobs)
    .set({ message: sql`(${mailJobs.message} - 'attachments') || '{"text":"","html":""}'::jsonb` })
    .where(and(eq(mailJobs.id, mailJobId), isNotNull(mailJobs.sentAt)));

const markSent = (db: Db | Tx, mailJobId: number, attempts: number) =>
  db
    .update(mailJobs)
    .set({ sentAt: sql`now()`, lastError: null, attempts })
    .where(eq(mailJobs.id, mailJobId));

/**
 * A job's "sent" mark, made with the message's final step. Before the "." that makes the mail
 * server take the message, the mark's UPDATE runs in a transaction; its COMMIT is sent as soon as
 * the "." has been written, before the server answers. Both are then in the kernel's buffers,
 * which deliver them even if this process dies: a crash leaves a delivered message unmarked only
 * in the instant between the two writes. (When the mark followed the server's answer, the window
 * was the server's reply plus a database round trip, ~20 ms a message on a busy machine.) The
 * transaction lives for one UPDATE, never across an SMTP round trip; a database that cannot take
 * the mark stops the message short of its final step, so nothing goes out that cannot be recorded.
 */
class SentMark {
  private transaction?: Promise<void>;
  private release?: (commit: boolean) => void;
  private settled = false;
  private abandoned = false;

  constructor(
    private readonly db: Db,
    private readonly mailJobId: number,
    private readonly attempts: number,
  ) {}

  /** The mailer's `beforeFinalStep`: the mark is written, not yet committed. */
  readonly beforeFinalStep = async (): Promise<void> => {
    let written!: () => void;
    const isWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    let release!: (commit: boolean) => void;
    const released = new Promise<boolean>((resolve) => {
      release = resolve;
    });
    const transaction = this.db.transaction(async (tx) => {
      await markSent(tx, this.mailJobId, this.attempts);
      written();
      // The send failed or gave up before its final step: roll back.
      if (!(await released)) throw new Error('send abandoned');
    });
    // Awaited once sent, or never (failed): its rejection must not go unhandled.
    transaction.catch(() => {});
    await Promise.race([isWritten, transaction]);
    this.transaction = transaction;
    this.release = release;
    if (this.abandoned) {
      this.settle(false);
      throw new Error('send abandoned');
    }
  };

  /** The mailer's `afterFinalStep`: the "." is written, the COMMIT follows it. */
  readonly afterFinalStep = () => this.settle(true);

  private settle(commit: boolean) {
    if (this.settled || !this.release) return;
    this.settled = true;
    this.release(commit);
  }

  /** The server took the message: resolves once the mark is committed, rejects when it was not. */
  async sent(): Promise<void> {
    // No final step to hook (a message too big to watch it): marked after the server's answer.
    if (!this.transaction) return markSent(this.db, this.mailJobId, this.attempts).then(() => {});
    this.settle(true);
    await this.transaction;
  }

  /** The send failed: a mark not committed yet is rolled back (a committed one is undone by the caller). */
  abandon() {
    this.abandoned = true;
    this.settle(false);
  }
}

export class MailWorker {
  readonly options: MailWorkerOptions;
  private workerId?: string;
  /** Batches being sent by this process, background and drain() alike. */
  private readonly running = new Set<Promise<void>>();
  /** The worker's own settling must fail when the database does not take it (see quietSettling). */
  private readonly settling: { db: PgBoss.Db };

  constructor(
    private readonly db: Db,
    private readonly boss: PgBoss,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...MAIL_WORKER_DEFAULTS, ...options };
    this.settling = { db: jobExecutor(db) };
  }

  /** Applies the queue's settings and starts taking jobs (pg-boss must be started). */
  async start() {
    const { batchSize, pollMs } = this.options;
    await this.boss.updateQueue(JOB_QUEUES.mail, {
      name: JOB_QUEUES.mail,
      ...mailQueueOptions(this.options),
    });
    this.workerId = await this.boss.work<{ mailJobId: number }>(
      JOB_QUEUES.mail,
      { batchSize, pollingIntervalSeconds: Math.max(0.5, pollMs / 1000), includeMetadata: true },
      (jobs) => this.track(this.sendBatch(jobs)),
    );
  }

  /** Mail was enqueued in this process: look now rather than at the next poll. */
  wake() {
    const id = this.workerId;
    if (!id) return;
    this.boss.notifyWorker(id);
    setTimeout(() => this.boss.notifyWorker(id), AGAIN_AFTER_WAKE_MS).unref();
  }

  /**
   * Sends every job that is due now and waits until none is left (also those the background
   * worker took meanwhile). Jobs waiting for a retry later are left alone. For tests and tools.
   */
  async drain(): Promise<void> {
    // Jobs held elsewhere are waited for briefly: a crashed worker's wait for their lease.
    const until = Date.now() + DRAIN_WAITS_FOR_OTHERS_MS;
    for (;;) {
      if (this.running.size) {
        await Promise.all(this.running);
        continue;
      }
      const jobs = await this.boss.fetch<{ mailJobId: number }>(JOB_QUEUES.mail, {
        batchSize: this.options.batchSize,
        includeMetadata: true,
      });
      if (jobs.length) {
        // A job it cannot settle is taken again when its lease ends.
        await this.track(Promise.all(jobs.map((job) => this.send(job))).then(() => {}));
        continue;
      }
      // A job the background worker (or another process) is taking or has not settled yet.
      if (this.running.size || (Date.now() < until && (await hasDueJob(this.db, JOB_QUEUES.mail)))) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      return;
    }
  }

  private track(work: Promise<void>): Promise<void> {
    this.running.add(work);
    return work.finally(() => this.running.delete(work));
  }

  private async sendBatch(jobs: MailJob[]) {
    const settled = await Promise.all(jobs.map((job) => this.send(job)));
    // pg-boss completes a batch whose handler resolves: a job left unsettled must make it fail
    // instead (the jobs settled here are not touched again; the others are retried).
    if (!settled.every(Boolean)) throw new Error('an e-mail job could not be settled');
    // A full batch: there may be more waiting, so no pause before the next fetch.
    if (jobs.length === this.options.batchSize && this.workerId) this.boss.notifyWorker(this.workerId);
  }

  /**
   * Sends one job's message and settles the job itself (pg-boss's own completion of the batch
   * then finds nothing to do). False when the job could not be settled (the database was away):
   * it is retried, and its row tells the next run whether the message went out.
   */
  private async send(job: MailJob): Promise<boolean> {
    const deadline = Date.now() + this.options.leaseMs * 0.9;
    const id = job.data.mailJobId;
    try {
      const [row] = await this.db
        .select({
          message: mailJobs.message,
          messageKey: mailJobs.messageKey,
          sentAt: mailJobs.sentAt,
          failedAt: mailJobs.failedAt,
        })
        .from(mailJobs)
        .where(eq(mailJobs.id, id));
      // Gone with its club, or sent by a run that died before completing the job.
      if (!row || row.sentAt || row.failedAt) {
        await this.boss.complete(JOB_QUEUES.mail, job.id, {}, this.settling);
        return true;
      }
      const attempts = job.retryCount + 1;
      const mark = new SentMark(this.db, id, attempts);
      try {
        await timeout(
          this.mailer.send(row.message as MailMessage, {
            messageKey: row.messageKey,
            beforeFinalStep: mark.beforeFinalStep,
            afterFinalStep: mark.afterFinalStep,
          }),
          this.options.sendTimeoutMs,
        );
      } catch (err) {
        mark.abandon();
        // A mark already committed is taken back by the failure's record (sent_at cleared).
        await this.failed(job, attempts, err, deadline);
        return true;
      }
      try {
        await mark.sent();
      } catch (err) {
        // Delivered, but the mark was lost with its connection: record it as soon as the database answers.
        this.log.warn({ err, job: id }, 'e-mail sent but not marked sent yet; retrying the mark');
        await this.untilRecorded(id, () => markSent(this.db, id, attempts), deadline);
      }
      // Only now: a mark committed before the server's answer is undone when it refuses, and the
      // retry needs the body. Should this update fail, the body stays, as every other message's does.
      if ((row.message as MailMessage).forgetBodyOnceSent) {
        await forgetBody(this.db, id).catch((err: unknown) =>
          this.log.warn({ err, job: id }, 'e-mail sent; its body is kept (not forgotten)'),
        );
      }
      await this.boss.complete(JOB_QUEUES.mail, job.id, {}, this.settling);
      return true;
    } catch (err) {
      this.log.error({ err, job: id }, 'e-mail job left unsettled: it is tried again');
      try {
        await this.untilRecorded(
          id,
          () => this.boss.fail(JOB_QUEUES.mail, job.id, { message: 'unsettled' }, this.settling),
          deadline,
        );
        return true;
      } catch {
        return false;
      }
    }
  }

  /** Runs `record` until the database takes it (or the job's lease is nearly over: then throws). */
  private async untilRecorded(id: number, record: () => Promise<unknown>, deadline: number) {
    for (let first = true; ; first = false) {
      try {
        await record();
        if (!first) this.log.info({ job: id }, 'e-mail outcome recorded now that the database is back');
        return;
      } catch (err) {
        if (Date.now() + RECORD_RETRY_MS > deadline) throw err;
        await new Promise((r) => setTimeout(r, RECORD_RETRY_MS));
      }
    }
  }

  private async failed(job: MailJob, attempts: number, err: unknown, deadline: number) {
    const id = job.data.mailJobId;
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const giveUp = job.retryCount >= job.retryLimit;
    // The row's outcome and the job's retry (or its end) commit together.
    const record = () =>
      this.db.transaction(async (tx) => {
        await tx
          .update(mailJobs)
          .set({ sentAt: null, attempts, lastError: error, ...(giveUp && { failedAt: sql`now()` }) })
          .where(eq(mailJobs.id, id));
        await this.boss.fail(JOB_QUEUES.mail, job.id, { message: error }, { db: jobExecutor(tx) });
      });
    // Its mark may be committed already (the server refused the final step): it must not stay "sent".
    await this.untilRecorded(id, record, deadline);
    // The message itself may hold one-time links: only the job id and the error are logged.
    if (giveUp) {
      this.log.error({ job: id, attempts, error }, 'e-mail given up after the last attempt');
    } else {
      this.log.warn({ job: id, attempts, error }, 'sending an e-mail failed; will retry');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue's worker of this process (`drain()` in tests). */
    mailQueue: MailWorker;
  }
}

/** Starts the mail worker once pg-boss runs; pg-boss's stop waits (briefly bounded) for its sends. */
export const mailWorkerPlugin = fp(
  async (app: FastifyInstance, options: Partial<MailWorkerOptions>) => {
    const worker = new MailWorker(
      app.db,
      app.jobs,
      app.mailer,
      app.log.child({ module: 'mail-worker' }),
      options,
    );
    app.decorate('mailQueue', worker);
    const wake = () => worker.wake();
    app.addHook('onReady', async () => {
      await worker.start();
      mailEvents.on('queued', wake);
    });
    app.addHook('preClose', async () => {
      mailEvents.off('queued', wake);
    });
  },
  { name: 'mail-worker', dependencies: ['jobs'] },
);
