import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../src/db/schema.ts';
import { enqueueMail } from '../src/modules/mail/queue.ts';
import { MAIL_WORKER_DEFAULTS, retryDelayMs } from '../src/modules/mail/worker.ts';
import { type FakeSmtp, freePort, startSmtp } from './fakes/smtp-server.ts';
import {
  line,
  loadCatalogue,
  loadShipping,
  makeCart,
  orderBody,
  orderOfCart,
  placeOk,
} from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/**
 * Item 13 of issue 8: mail is written to the durable queue with what caused it and sent by the
 * background worker, against a real SMTP server on a local socket: down, hanging, refusing, and
 * shared by two shop processes.
 */

const jobs = (t: TestApp) => t.database.db.select().from(mailJobs).orderBy(mailJobs.id);

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

describe('retry schedule', () => {
  it('doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, MAIL_WORKER_DEFAULTS))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, MAIL_WORKER_DEFAULTS)).toBe(3_600_000);
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
    await until(async () => (await jobs(t)).every((j) => j.attempts === 1 && j.lockedUntil === null));
    const failed = await jobs(t);
    expect(failed).toHaveLength(2);
    for (const j of failed) {
      expect(j.sentAt).toBeNull();
      expect(j.failedAt).toBeNull();
      expect(j.lastError).toBeTruthy();
      const wait = j.runAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(31_000);
    }

    smtp = await startSmtp({ port });
    // The retry is due (30 s pass in a moment).
    await t.database.db.update(mailJobs).set({ runAt: sql`now()` });
    await t.drainMail();
    expect(smtp.received.map((m) => m.to)).toEqual(
      expect.arrayContaining([['<jan.kibic@example.pl>'], ['<sklep@sokol-demo.pl>']]),
    );
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.some((m) => m.data.includes(order.number))).toBe(true);
    expect((await jobs(t)).every((j) => j.sentAt !== null && j.attempts === 2)).toBe(true);
    // Nothing is sent twice.
    await t.database.db.update(mailJobs).set({ runAt: sql`now()` });
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
    await enqueueMail(t.database.db, { to: 'odrzucony@example.pl', subject: 'Test', text: 'x' });
    await t.drainMail();
    let [job] = await jobs(t);
    expect(job!.attempts).toBe(1);
    const first = job!.runAt.getTime() - Date.now();
    expect(first).toBeGreaterThan(25_000);
    expect(first).toBeLessThanOrEqual(30_000);

    await t.database.db.update(mailJobs).set({ runAt: sql`now()` }).where(eq(mailJobs.id, job!.id));
    await t.drainMail();
    [job] = await jobs(t);
    expect(job!.attempts).toBe(2);
    const second = job!.runAt.getTime() - Date.now();
    expect(second).toBeGreaterThan(55_000);
    expect(second).toBeLessThanOrEqual(60_000);

    // The last attempt.
    await t.database.db
      .update(mailJobs)
      .set({ runAt: sql`now()`, attempts: MAIL_WORKER_DEFAULTS.maxAttempts - 1 })
      .where(eq(mailJobs.id, job!.id));
    await t.drainMail();
    [job] = await jobs(t);
    expect(job!.failedAt).toBeInstanceOf(Date);
    expect(job!.sentAt).toBeNull();
    expect(job!.lastError).toContain('550');
    // Given up: never tried again.
    smtp.state.rejectRecipients = false;
    await t.database.db.update(mailJobs).set({ runAt: sql`now()` });
    await t.drainMail();
    expect(smtp.received).toHaveLength(0);
  });

  it("takes a crashed worker's job again once its lease has run out, not before", async () => {
    await t.database.db.delete(mailJobs);
    await t.database.db.insert(mailJobs).values([
      {
        message: { to: 'wygasla@example.pl', subject: 'Wygasła dzierżawa', text: 'x' },
        attempts: 1,
        lockedUntil: sql`now() - interval '1 second'`,
      },
      {
        message: { to: 'trwa@example.pl', subject: 'Trwa dzierżawa', text: 'x' },
        attempts: 1,
        lockedUntil: sql`now() + interval '1 minute'`,
      },
    ]);
    await t.drainMail();
    expect(smtp.received.map((m) => m.to)).toEqual([['<wygasla@example.pl>']]);
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
    expect(Date.now() - started).toBeLessThan(MAIL_WORKER_DEFAULTS.stopTimeoutMs + 1_500);
    const left = await jobs(t);
    expect(left).toHaveLength(2);
    for (const j of left) {
      expect(j.sentAt).toBeNull();
      expect(j.failedAt).toBeNull();
      // Released: the next process takes them at once, not after the lease.
      expect(j.lockedUntil).toBeNull();
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
        await enqueueMail(tx, { to: `klient${i}@example.pl`, subject: `Wiadomość ${i}`, text: `Treść ${i}` });
      }
    });
    // Both workers (background passes and drains) compete for the same jobs.
    await Promise.all([a.drainMail(), b.drainMail(), a.drainMail(), b.drainMail()]);
    const to = smtp.received.map((m) => m.to[0]).sort();
    expect(to).toHaveLength(n);
    expect(new Set(to).size).toBe(n);
    const rows = await jobs(a);
    expect(rows.every((j) => j.sentAt !== null && j.attempts === 1)).toBe(true);
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
    await t.database.db.delete(mailJobs);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const header = (data: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(data)?.[1];
  const due = () => t.database.db.update(mailJobs).set({ runAt: sql`now()`, lockedUntil: null });

  it('sends every attempt of one job with the same Message-ID, which names no count', async () => {
    await enqueueMail(t.database.db, { to: 'ponowka@example.pl', subject: 'Ponowka', text: 'x' });
    await enqueueMail(t.database.db, { to: 'inny@example.pl', subject: 'Inny', text: 'y' });
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

  it('has the mark committed by the time the server holds the whole message, before it answers', async () => {
    await enqueueMail(t.database.db, { to: 'znak@example.pl', subject: 'Znak', text: 'x' });
    const [job] = await jobs(t);
    let seen: Date | null | 'no answer' = 'no answer';
    smtp.state.beforeReply = async () => {
      // FOR UPDATE waits for a transaction still holding the row, so this sees what it commits.
      const read = t.database.db
        .select({ sentAt: mailJobs.sentAt })
        .from(mailJobs)
        .where(eq(mailJobs.id, job!.id))
        .for('update');
      const timedOut = new Promise<undefined>((r) => setTimeout(() => r(undefined), 3_000));
      const row = await Promise.race([read, timedOut]);
      seen = row ? row[0]!.sentAt : 'no answer';
    };
    await t.drainMail();
    expect(smtp.received).toHaveLength(1);
    expect(seen).toBeInstanceOf(Date);
  });

  it('marks a message too big to watch its final step after the answer, holding no transaction meanwhile', async () => {
    await enqueueMail(t.database.db, {
      to: 'duzy@example.pl',
      subject: 'Duży',
      text: 'Zażółć gęślą jaźń. '.repeat(3_000),
    });
    const [job] = await jobs(t);
    let seen: Date | null | 'no answer' = 'no answer';
    smtp.state.beforeReply = async () => {
      const read = t.database.db
        .select({ sentAt: mailJobs.sentAt })
        .from(mailJobs)
        .where(eq(mailJobs.id, job!.id))
        .for('update');
      const timedOut = new Promise<undefined>((r) => setTimeout(() => r(undefined), 3_000));
      const row = await Promise.race([read, timedOut]);
      seen = row ? row[0]!.sentAt : 'no answer';
    };
    await t.drainMail();
    // Nothing held the row (or, on PGlite, the whole database) while the server answered.
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
      await enqueueMail(db, { to: 'bez-znaku@example.pl', subject: 'Bez znaku', text: 'x' });
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
      await enqueueMail(db, { to: 'raz@example.pl', subject: 'Raz', text: 'x' });
      await t.drainMail();
      expect(smtp.received).toHaveLength(1);
      // Its lease over (a crashed worker's would be): still nothing to send again.
      await db.update(mailJobs).set({ lockedUntil: sql`now() - interval '1 second'`, runAt: sql`now()` });
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
