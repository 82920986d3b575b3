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
