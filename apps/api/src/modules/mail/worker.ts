import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../db/client.ts';
import { mailJobs } from '../../db/schema.ts';
import { Periodic } from '../../lib/periodic.ts';
import type { Mail, Mailer } from './mailer.ts';
import { mailEvents } from './queue.ts';

/**
 * Sends the durable mail queue (`mail_jobs`). Our own loop rather than pg-boss or graphile-worker:
 * both want a PostgreSQL server (their own schemas, several connections, graphile-worker a `pg`
 * pool and LISTEN/NOTIFY) and do not run on the embedded PGlite, the default database; enqueueing
 * in the caller's transaction is one INSERT here. Several processes share the queue safely: a
 * pass claims due jobs with `FOR UPDATE SKIP LOCKED` and leases them (`locked_until`), so two
 * workers never take one job and a crashed worker's jobs are taken again when the lease ends.
 *
 * Each job is marked sent together with its final SMTP step (see SentMark), and a mark the
 * database could not take is retried by this process until it can: delivered twice is then left
 * to a process dying in the instant between two writes, or to the database losing a commit it
 * acknowledged. Every attempt of a job carries one Message-ID, so a repeat is recognisable.
 */
export type MailWorkerOptions = {
  /** Regular look at the queue; an enqueue in this process wakes the worker at once. */
  pollMs: number;
  batchSize: number;
  /** How long a claimed job is ours; longer than any send can take (see sendTimeoutMs). */
  leaseMs: number;
  /** Attempts before a job is given up (`failed_at` set, logged). */
  maxAttempts: number;
  /** Retry n waits retryBaseMs · 2^(n-1), at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Hard limit on one send, above nodemailer's own timeouts. */
  sendTimeoutMs: number;
  /** A shutdown waits this long at most for sends in flight. */
  stopTimeoutMs: number;
};

export const MAIL_WORKER_DEFAULTS: MailWorkerOptions = {
  pollMs: 2_000,
  batchSize: 10,
  leaseMs: 2 * 60_000,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  sendTimeoutMs: 30_000,
  stopTimeoutMs: 2_000,
};

/** After a wake-up the enqueuing transaction may still be open: look every EAGER_POLL_MS for a moment. */
const EAGER_POLL_MS = 50;
const EAGER_FOR_MS = 1_000;

type Job = { id: number; message: Mail; attempts: number; messageKey: string };

export const retryDelayMs = (attempts: number, o: Pick<MailWorkerOptions, 'retryBaseMs' | 'retryMaxMs'>) =>
  Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));

const timeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`send took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
};

const markSent = (db: Db | Tx, jobId: number) =>
  db
    .update(mailJobs)
    .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(mailJobs.id, jobId), isNull(mailJobs.sentAt)));

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
    private readonly jobId: number,
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
      await markSent(tx, this.jobId);
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
    if (!this.transaction) return markSent(this.db, this.jobId).then(() => {});
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
  private readonly loop: Periodic;
  private readonly inFlight = new Set<number>();
  /**
   * Outcomes the database could not take when they happened (its connection was lost), recorded
   * before anything new is claimed: a message the server took and whose mark failed is marked
   * once the database is back, instead of being sent again when its lease ends.
   */
  private readonly unrecorded = new Map<number, () => Promise<void>>();
  private eagerUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...MAIL_WORKER_DEFAULTS, ...options };
    this.loop = new Periodic('mail worker', () => this.pass(), this.options.pollMs, log);
  }

  start() {
    this.loop.start();
  }

  /** Mail was enqueued in this process: send it now rather than at the next poll. */
  wake() {
    this.eagerUntil = Date.now() + EAGER_FOR_MS;
    this.loop.wake();
  }

  /**
   * Sends every job that is due now and waits until none is left (also those a background pass
   * took meanwhile). Jobs waiting for a retry later are left alone. For tests and tools.
   */
  async drain(): Promise<void> {
    for (;;) {
      const running = this.loop.running;
      if (running) {
        await running;
        continue;
      }
      if ((await this.runOnce()) === 0 && !this.loop.running) return;
    }
  }

  /** Stops polling and waits a short while for sends in flight; the ones still hanging are released. */
  async stop(): Promise<void> {
    const finished = await this.loop.stop(this.options.stopTimeoutMs);
    // Owed outcomes get a last chance: an unrecorded mark would send its e-mail again.
    await this.recordPending().catch(() => false);
    if (finished) return;
    const ids = [...this.inFlight];
    if (!ids.length) return;
    this.log.warn(
      { jobs: ids.length },
      'mail server still busy at shutdown: leaving those e-mails for the next run',
    );
    try {
      // Due again at once for the next process (a send that still completes may then go out twice).
      await this.db
        .update(mailJobs)
        .set({ lockedUntil: null })
        .where(and(inArray(mailJobs.id, ids), isNull(mailJobs.sentAt)));
    } catch (err) {
      this.log.error({ err }, 'could not release mail jobs at shutdown (they are retried after their lease)');
    }
  }

  /** One batch: claim due jobs, send them, record the outcome. Returns how many were claimed. */
  async runOnce(): Promise<number> {
    // The database is still away: nothing new until the outcomes we owe it are recorded.
    if (!(await this.recordPending())) return 0;
    const jobs = await this.claim();
    await Promise.all(jobs.map((job) => this.send(job)));
    return jobs.length;
  }

  private async pass(): Promise<number | undefined> {
    while ((await this.runOnce()) === this.options.batchSize) {
      // A full batch: there may be more waiting.
    }
    return Date.now() < this.eagerUntil ? EAGER_POLL_MS : undefined;
  }

  private async claim(): Promise<Job[]> {
    const { batchSize, leaseMs } = this.options;
    const result = (await this.db.execute(sql`
      UPDATE ${mailJobs}
      SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${mailJobs}
        WHERE sent_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until <= now())
        ORDER BY run_at, id
        LIMIT ${batchSize}::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, message, attempts, message_key
    `)) as unknown as {
      rows: { id: number | string; message: Mail | string; attempts: number | string; message_key: string }[];
    };
    return result.rows.map((r) => ({
      id: Number(r.id),
      message: typeof r.message === 'string' ? (JSON.parse(r.message) as Mail) : r.message,
      attempts: Number(r.attempts),
      messageKey: r.message_key,
    }));
  }

  /** Records the outcomes owed to the database; false while it still cannot take them. */
  private async recordPending(): Promise<boolean> {
    for (const [id, record] of this.unrecorded) {
      try {
        await record();
      } catch {
        return false;
      }
      this.unrecorded.delete(id);
      this.log.info({ job: id }, 'e-mail outcome recorded now that the database is back');
    }
    return true;
  }

  private async send(job: Job) {
    this.inFlight.add(job.id);
    const mark = new SentMark(this.db, job.id);
    try {
      await timeout(
        this.mailer.send(job.message, {
          messageKey: job.messageKey,
          beforeFinalStep: mark.beforeFinalStep,
          afterFinalStep: mark.afterFinalStep,
        }),
        this.options.sendTimeoutMs,
      );
    } catch (err) {
      mark.abandon();
      // A mark already committed is taken back by the failure's record (sent_at cleared).
      await this.failed(job, err);
      return;
    } finally {
      this.inFlight.delete(job.id);
    }
    try {
      await mark.sent();
    } catch (err) {
      // Delivered, but the mark was lost with its connection: record it as soon as the database answers.
      this.log.warn({ err, job: job.id }, 'e-mail sent but not marked sent yet; retrying the mark');
      this.unrecorded.set(job.id, async () => {
        await markSent(this.db, job.id);
      });
      await this.recordPending();
    }
  }

  private async failed(job: Job, err: unknown) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const giveUp = job.attempts >= this.options.maxAttempts;
    const record = async () => {
      await this.db
        .update(mailJobs)
        .set(
          giveUp
            ? { sentAt: null, failedAt: sql`now()`, lockedUntil: null, lastError: error }
            : {
                sentAt: null,
                runAt: sql`now() + ${retryDelayMs(job.attempts, this.options)}::int * interval '1 millisecond'`,
                lockedUntil: null,
                lastError: error,
              },
        )
        .where(eq(mailJobs.id, job.id));
    };
    try {
      await record();
    } catch (dbErr) {
      // Its mark may be committed already (the server refused the final step): it must not stay "sent".
      this.unrecorded.set(job.id, record);
      this.log.error({ err: dbErr, job: job.id }, 'could not record a failed e-mail yet; retrying');
    }
    // The message itself may hold one-time links: only the job id and the error are logged.
    if (giveUp) {
      this.log.error(
        { job: job.id, attempts: job.attempts, error },
        'e-mail given up after the last attempt',
      );
    } else {
      this.log.warn({ job: job.id, attempts: job.attempts, error }, 'sending an e-mail failed; will retry');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue's worker of this process (`drain()` in tests). */
    mailQueue: MailWorker;
  }
}

/** Starts the mail worker when the app is ready and stops it (briefly bounded) when it closes. */
export const mailWorkerPlugin = fp(
  async (app: FastifyInstance, options: Partial<MailWorkerOptions>) => {
    const worker = new MailWorker(app.db, app.mailer, app.log.child({ module: 'mail-worker' }), options);
    app.decorate('mailQueue', worker);
    const wake = () => worker.wake();
    app.addHook('onReady', async () => {
      mailEvents.on('queued', wake);
      worker.start();
    });
    // preClose: before the database is closed by the onClose hooks of whoever opened it.
    app.addHook('preClose', async () => {
      mailEvents.off('queued', wake);
      await worker.stop();
    });
  },
  { name: 'mail-worker' },
);
