import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../src/db/schema.ts';
import { JOBS_STOP_TIMEOUT_MS } from '../src/lib/jobs.ts';
import { enqueueMail } from '../src/modules/mail/queue.ts';
import { MAIL_WORKER_DEFAULTS, mailQueueOptions } from '../src/modules/mail/worker.ts';
import { type FakeSmtp, freePort, readMessage, startSmtp } from './fakes/smtp-server.ts';
import {
  line,
  loadCatalogue,
  loadShipping,
  makeCart,
  orderBody,
  orderOfCart,
  placeOk,
} from './fixtures/checkout.ts';
import { expireMailLeases, queuedMail, retryMailNow } from './fixtures/mail-jobs.ts';
import { ticketFor } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/**
 * Mail is written to the durable queue with what caused it and sent by the
 * background worker, against a real SMTP server on a local socket: down, hanging, refusing, and
 * shared by two shop processes.
 */

const jobs = queuedMail;

/** Places a cash-on-delivery order (its e-mails are queued with it); returns the time it took. */
const timedOrder = async (t: TestApp) => {
  const product = await loadCatalogue(t);
  const ship = await loadShipping(t);
  const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
  const guid = await makeCart(t, [line(product('Brelok metalowy'))], { ticket });
  const started = Date.now();
  await placeOk(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }), { ticket });
  return { ms: Date.now() - started, order: (await orderOfCart(t.database.db, guid))! };
};

const until = async (probe: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the mail queue', () => {
  it('tries ten times, from 30 s doubling, and takes back a job after a 2-minute lease', () => {
    expect(mailQueueOptions(MAIL_WORKER_DEFAULTS)).toEqual({
      retryLimit: 9,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    });
  });
});

describe('SMTP down', () => {
  let t: TestApp;
  let smtp: FakeSmtp | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('does not slow the order; the e-mails go out once the server is back', async () => {
    const { ms, order } = await timedOrder(t);
    expect(ms).toBeLessThan(1_500);
    // The worker tried at once and failed: each job is scheduled for a retry ~30 s later.
    await until(async () => {
      const queued = await jobs(t);
      return queued.length === 2 && queued.every((j) => j.attempts === 1 && j.state === 'retry');
    });
    const failed = await jobs(t);
    expect(failed).toHaveLength(2);
    for (const j of failed) {
      expect(j.sentAt).toBeNull();
      expect(j.failedAt).toBeNull();
      expect(j.lastError).toBeTruthy();
      // 30 s doubled from the first retry, and up to as much again at random (pg-boss's jitter).
      const wait = j.startAfter.getTime() - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(61_000);
    }

    smtp = await startSmtp({ port });
    // The retry is due (30 s pass in a moment).
    await retryMailNow(t);
    await t.drainMail();
    expect(smtp.received.map((m) => m.to)).toEqual(
      expect.arrayContaining([['<jan.kibic@example.pl>'], ['<sklep@sokol-demo.pl>']]),
    );
    expect(smtp.received).toHaveLength(2);
    const delivered = await Promise.all(smtp.received.map(readMessage));
    expect(delivered.some((m) => m.text.includes(order.number))).toBe(true);
    expect((await jobs(t)).every((j) => j.sentAt !== null && j.attempts === 2)).toBe(true);
    // Nothing is sent twice.
    await expireMailLeases(t);
    await t.drainMail();
    expect(smtp.received).toHaveLength(2);
  });
});

describe('SMTP refusing', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('backs off exponentially and gives up after the last attempt, marking failed_at', async () => {
    smtp.state.rejectRecipients = true;
    await enqueueMail(t.database.db, { to: 'odrzucony@example.pl', subject: 'Test', text: 'x', html: '' });
    await t.drainMail();
    let [job] = await jobs(t);
    expect(job!.attempts).toBe(1);
    const first = job!.startAfter.getTime() - Date.now();
    expect(first).toBeGreaterThan(25_000);
    expect(first).toBeLessThanOrEqual(60_000);

    await retryMailNow(t, job!.id);
    await t.drainMail();
    [job] = await jobs(t);
    expect(job!.attempts).toBe(2);
    const second = job!.startAfter.getTime() - Date.now();
    expect(second).toBeGreaterThan(55_000);
    expect(second).toBeLessThanOrEqual(120_000);

    // The last attempt.
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET retry_count = ${MAIL_WORKER_DEFAULTS.maxAttempts - 2} WHERE name = 'mail'`,
    );
    await retryMailNow(t, job!.id);
    await t.drainMail();
    [job] = await jobs(t);
    expect(job!.failedAt).toBeInstanceOf(Date);
    expect(job!.sentAt).toBeNull();
    expect(job!.lastError).toContain('550');
    expect(job!).toMatchObject({ attempts: MAIL_WORKER_DEFAULTS.maxAttempts, state: 'failed' });
    // Given up: never tried again.
    smtp.state.rejectRecipients = false;
    await retryMailNow(t);
    await t.drainMail();
    expect(smtp.received).toHaveLength(0);
  });

  it("takes a crashed worker's job again once its lease has run out, not before", async () => {
    await t.database.db.delete(mailJobs);
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'mail'`);
    // The "crashed worker" below takes the jobs, not this process's own.
    await t.app.jobs.offWork('mail');
    await new Promise((r) => setTimeout(r, 100));
    await enqueueMail(t.database.db, {
      to: 'wygasla@example.pl',
      subject: 'Wygasła dzierżawa',
      text: 'x',
      html: '',
    });
    await enqueueMail(t.database.db, {
      to: 'trwa@example.pl',
      subject: 'Trwa dzierżawa',
      text: 'x',
      html: '',
    });
    // Both taken by a worker that dies; one lease has run out, the other runs for another minute.
    const taken = await t.app.jobs.fetch('mail', { batchSize: 2 });
    expect(taken).toHaveLength(2);
    await t.database.db.execute(sql`
      UPDATE pgboss.job SET started_on = now() - interval '121 seconds'
      WHERE name = 'mail' AND data->>'mailJobId' = (SELECT id::text FROM mail_jobs WHERE message->>'to' = 'wygasla@example.pl')`);
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET started_on = now() - interval '60 seconds' WHERE name = 'mail' AND state = 'active' AND started_on > now() - interval '100 seconds'`,
    );
    await t.app.jobs.expire();
    // The retry after an expired lease waits its backoff like any other; here it is due now.
    await retryMailNow(t);
    await t.drainMail();
    expect(smtp.received.map((m) => m.to)).toEqual([['<wygasla@example.pl>']]);
    await t.database.db.execute(
      sql`UPDATE pgboss.job SET state = 'completed' WHERE name = 'mail' AND state = 'active'`,
    );
  });
});

describe('SMTP hanging', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    smtp.state.hang = true;
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('slows neither the order nor the shutdown; the unsent mail stays queued for the next run', async () => {
    const { ms } = await timedOrder(t);
    expect(ms).toBeLessThan(1_500);
    // The worker is stuck talking to the server.
    await until(async () => smtp.state.connections > 0);
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(JOBS_STOP_TIMEOUT_MS + 1_500);
    const left = await jobs(t);
    expect(left).toHaveLength(2);
    for (const j of left) {
      expect(j.sentAt).toBeNull();
      expect(j.failedAt).toBeNull();
      // Given back: the next process takes them after the retry's backoff, not after the lease.
      expect(j.state).toBe('retry');
    }
  });
});

describe('two shop processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    a = await createTestApp({ smtpUrl: smtp.url });
    b = await createTestApp({ smtpUrl: smtp.url }, { sameDatabaseAs: a });
  });
  afterEach(() => {
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it('deliver each queued e-mail exactly once', async () => {
    const n = 60;
    await a.database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await enqueueMail(tx, {
          to: `klient${i}@example.pl`,
          subject: `Wiadomość ${i}`,
          text: `Treść ${i}`,
          html: '',
        });
      }
    });
    // Both workers (background passes and drains) compete for the same jobs.
    await Promise.all([a.drainMail(), b.drainMail(), a.drainMail(), b.drainMail()]);
    const to = smtp.received.map((m) => m.to[0]).sort();
    expect(to).toHaveLength(n);
    expect(new Set(to).size).toBe(n);
    const rows = await jobs(a);
    expect(rows.every((j) => j.sentAt !== null && j.attempts === 1 && j.state === 'completed')).toBe(true);
  });
});

describe('a job is marked sent with its final SMTP step, under one Message-ID', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterEach(async () => {
    smtp.received.length = 0;
    smtp.rejected.length = 0;
    smtp.state.rejectData = false;
    smtp.state.beforeReply = undefined;
    smtp.state.beforeDataReply = undefined;
    await t.database.db.delete(mailJobs);
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'mail'`);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const header = (data: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(data)?.[1];
  const due = () => retryMailNow(t);

  it('sends every attempt of one job with the same Message-ID, which names no count', async () => {
    await enqueueMail(t.database.db, { to: 'ponowka@example.pl', subject: 'Ponowka', text: 'x', html: '' });
    await enqueueMail(t.database.db, { to: 'inny@example.pl', subject: 'Inny', text: 'y', html: '' });
    // The server takes the whole message and refuses it at its final step: a retry later.
    smtp.state.rejectData = true;
    await t.drainMail();
    expect(smtp.rejected).toHaveLength(2);
    const jobsAfterRefusal = await jobs(t);
    for (const j of jobsAfterRefusal) {
      expect(j.sentAt).toBeNull();
      expect(j.lastError).toContain('451');
    }
    smtp.state.rejectData = false;
    await due();
    await t.drainMail();
    expect(smtp.received).toHaveLength(2);
    const idOf = (list: typeof smtp.received, to: string) =>
      header(list.find((m) => m.to[0] === `<${to}>`)!.data, 'Message-ID');
    const first = idOf(smtp.rejected, 'ponowka@example.pl');
    expect(first).toMatch(/^<[0-9a-f]{32}@localhost>$/);
    expect(idOf(smtp.received, 'ponowka@example.pl')).toBe(first);
    expect(idOf(smtp.received, 'inny@example.pl')).not.toBe(first);
    const ids = (await jobs(t)).map((j) => String(j.id));
    for (const id of ids) expect(first).not.toContain(`<${id}.`);
  });

  it('keeps a secret message whole until the server takes it, then only its envelope and subject', async () => {
    const file = Buffer.alloc(40_000, 7).toString('base64');
    await enqueueMail(t.database.db, {
      to: 'karta@example.pl',
      subject: 'Karta podarunkowa – zamówienie 1',
      text: 'Kod: ABCD-EFGH-JKMN-PQRS',
      html: '<p>Kod: ABCD-EFGH-JKMN-PQRS</p>',
      attachments: [
        { filename: 'karta-podarunkowa-PQRS.pdf', contentType: 'application/pdf', contentBase64: file },
      ],
      forgetBodyOnceSent: true,
    });
    await enqueueMail(t.database.db, {
      to: 'zwykly@example.pl',
      subject: 'Zwykły',
      text: 'zostaje',
      html: '',
    });
    const stored = async (to: string) => {
      const [row] = await t.database.db
        .select({ message: mailJobs.message })
        .from(mailJobs)
        .where(sql`${mailJobs.message}->>'to' = ${to}`);
      return row!.message as Record<string, unknown>;
    };
    // Refused at its final step, after its mark was written: the retry still has the whole message.
    smtp.state.rejectData = true;
    await t.drainMail();
    expect(smtp.rejected).toHaveLength(2);
    expect(await stored('karta@example.pl')).toMatchObject({ text: 'Kod: ABCD-EFGH-JKMN-PQRS' });
    smtp.state.rejectData = false;
    await due();
    await t.drainMail();
    const sent = await readMessage(smtp.received.find((m) => m.to[0] === '<karta@example.pl>')!);
    expect(sent.text).toContain('ABCD-EFGH-JKMN-PQRS');
    expect(sent.attachments![0]!.contentBase64).toBe(file);

    const kept = await stored('karta@example.pl');
    expect(kept).toMatchObject({
      to: 'karta@example.pl',
      subject: 'Karta podarunkowa – zamówienie 1',
      text: '',
      html: '',
    });
    expect(JSON.stringify(kept)).not.toContain('PQRS');
    expect(kept.attachments).toBeUndefined();
    expect(await stored('zwykly@example.pl')).toMatchObject({ text: 'zostaje' });
    expect((await jobs(t)).every((j) => j.sentAt !== null)).toBe(true);
  });

  it('has the mark committed by the time the server holds the whole message, before it answers', async () => {
    let seen: Date | null | 'no answer' = 'no answer';
    smtp.state.beforeReply = async () => {
      // FOR UPDATE waits for a transaction still holding the row, so this sees what it commits.
      const read = t.database.db
        .select({ sentAt: mailJobs.sentAt })
        .from(mailJobs)
        .where(sql`${mailJobs.message}->>'to' = 'znak@example.pl'`)
        .for('update');
      const timedOut = new Promise<undefined>((r) => setTimeout(() => r(undefined), 3_000));
      const row = await Promise.race([read, timedOut]);
      seen = row ? row[0]!.sentAt : 'no answer';
    };
    // The worker may take it at once: the server's hook is in place before.
    await enqueueMail(t.database.db, { to: 'znak@example.pl', subject: 'Znak', text: 'x', html: '' });
    await t.drainMail();
    expect(smtp.received).toHaveLength(1);
    expect(seen).toBeInstanceOf(Date);
  });

  it('has no mark committed while a slow server has not yet asked for the message', async () => {
    let seen: Date | null | 'no answer' = 'no answer';
    smtp.state.beforeDataReply = async () => {
      // The message is made meanwhile: a mark committed with its end would be seen here, and
      // would stay if the worker died before the "." went out.
      await new Promise((r) => setTimeout(r, 300));
      const [row] = await t.database.db
        .select({ sentAt: mailJobs.sentAt })
        .from(mailJobs)
        .where(sql`${mailJobs.message}->>'to' = 'wolny@example.pl'`);
      seen = row ? row.sentAt : 'no answer';
    };
    await enqueueMail(t.database.db, { to: 'wolny@example.pl', subject: 'Wolny', text: 'x', html: '' });
    await t.drainMail();
    expect(seen).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect((await jobs(t))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('marks a message too big to watch its final step after the answer, holding no transaction meanwhile', async () => {
    let seen: Date | null | 'no answer' = 'no answer';
    smtp.state.beforeReply = async () => {
      const read = t.database.db
        .select({ sentAt: mailJobs.sentAt })
        .from(mailJobs)
        .where(sql`${mailJobs.message}->>'to' = 'duzy@example.pl'`)
        .for('update');
      const timedOut = new Promise<undefined>((r) => setTimeout(() => r(undefined), 3_000));
      const row = await Promise.race([read, timedOut]);
      seen = row ? row[0]!.sentAt : 'no answer';
    };
    await enqueueMail(t.database.db, {
      to: 'duzy@example.pl',
      subject: 'Duży',
      text: 'Zażółć gęślą jaźń. '.repeat(3_000),
      html: '',
    });
    await t.drainMail();
    // Nothing held the row while the server answered.
    expect(seen).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect((await jobs(t))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('sends nothing the database cannot mark: the message stops short of its final step', async () => {
    const db = t.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.sent_at IS NOT NULL THEN RAISE EXCEPTION 'the database refuses the mark'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER refuse_mark BEFORE UPDATE ON mail_jobs FOR EACH ROW EXECUTE FUNCTION refuse_mark()`,
    );
    try {
      await enqueueMail(db, { to: 'bez-znaku@example.pl', subject: 'Bez znaku', text: 'x', html: '' });
      await t.drainMail();
      expect(smtp.received).toHaveLength(0);
      const [job] = await jobs(t);
      expect(job).toMatchObject({ sentAt: null, attempts: 1 });
      expect(job!.lastError).toBeTruthy();
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_mark ON mail_jobs`);
      await db.execute(sql`DROP FUNCTION refuse_mark()`);
    }
    await due();
    await t.drainMail();
    expect(smtp.received).toHaveLength(1);
    expect((await jobs(t))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('retries a mark whose commit failed, and does not send the e-mail again', async () => {
    const db = t.database.db;
    // The first mark's COMMIT fails (a deferred check), as when its connection is lost at that moment.
    await db.execute(sql`CREATE SEQUENCE mark_commits`);
    await db.execute(sql`
      CREATE FUNCTION lose_first_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.sent_at IS NOT NULL THEN
          IF nextval('mark_commits') = 1 THEN RAISE EXCEPTION 'the commit of the mark is lost'; END IF;
        END IF;
        RETURN NULL;
      END $$`);
    await db.execute(sql`
      CREATE CONSTRAINT TRIGGER lose_first_mark AFTER UPDATE ON mail_jobs
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lose_first_mark()`);
    try {
      await enqueueMail(db, { to: 'raz@example.pl', subject: 'Raz', text: 'x', html: '' });
      await t.drainMail();
      expect(smtp.received).toHaveLength(1);
      // Run again (as after a crash before the job was completed): still nothing to send again.
      await db.execute(sql`UPDATE pgboss.job SET state = 'retry', start_after = now() WHERE name = 'mail'`);
      await t.drainMail();
      expect(smtp.received).toHaveLength(1);
      expect((await jobs(t))[0]!.sentAt).toBeInstanceOf(Date);
    } finally {
      await db.execute(sql`DROP TRIGGER lose_first_mark ON mail_jobs`);
      await db.execute(sql`DROP FUNCTION lose_first_mark()`);
      await db.execute(sql`DROP SEQUENCE mark_commits`);
    }
  });
});
