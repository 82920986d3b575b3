import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailJobs } from '../src/db/schema.ts';
import { RECIPIENT_BUDGETS } from '../src/modules/mail/queue.ts';
import { readableMail } from './fixtures/mail.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/*
 * The shop's mails cannot be used to write to strangers: what one address receives is counted
 * (per hour and per day, across clubs), and registration and the reminder answer the same
 * whether a mail went out or not.
 */

const A = '/api/andromeda/kontopanel';
const PER_HOUR = RECIPIENT_BUDGETS.account.perHour;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const victim = () => `ofiara${Date.now().toString(36)}${++seq}@example.pl`;

const register = (email: string, org = 'demo') =>
  t.fetch(`${A}/register`, {
    method: 'POST',
    org,
    json: {
      Imie: 'Visit https://evil.example!',
      Nazwisko: 'Spam',
      Email: email,
      Haslo: 'Spammer123',
      PowtorzHaslo: 'Spammer123',
      AkceptacjaRegulaminu: true,
    },
  });

const queuedTo = async (email: string) =>
  (await t.database.db.select().from(mailJobs).where(eq(mailJobs.recipient, email))).length;

describe('mails per recipient address', () => {
  it('re-registering an unconfirmed address mails it at most the hourly budget, answering alike', async () => {
    const email = victim();
    for (let i = 0; i < PER_HOUR + 5; i++) {
      const res = await register(email);
      expect(res.status).toBe(200);
    }
    expect(await queuedTo(email)).toBe(PER_HOUR);
    const mails = (await t.outbox.messages()).map(readableMail).filter((m) => m.includes(email));
    expect(mails).toHaveLength(PER_HOUR);
    for (const mail of mails) expect(mail).not.toContain('evil.example');
  });

  it('counts across clubs', async () => {
    const email = victim();
    for (let i = 0; i < PER_HOUR; i++)
      expect((await register(email, i % 2 ? 'rywal' : 'demo')).status).toBe(200);
    expect((await register(email, 'rywal')).status).toBe(200);
    expect(await queuedTo(email)).toBe(PER_HOUR);
  });

  it('holds under a burst of parallel reminders for one address', async () => {
    const before = await queuedTo(DEMO_CUSTOMER.email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .fetch(`${A}/remindpassword`, { method: 'POST', json: { Email: DEMO_CUSTOMER.email } })
          .then((r) => r.status),
      ),
    );
    expect(answers.every((s) => s === 200)).toBe(true);
    expect((await queuedTo(DEMO_CUSTOMER.email)) - before).toBeLessThanOrEqual(PER_HOUR);
    expect(await queuedTo(DEMO_CUSTOMER.email)).toBe(PER_HOUR);
  });

  it('keeps a day’s budget too', async () => {
    const email = victim();
    // Earlier hours' mails, as if sent over the day.
    await t.database.db.insert(mailJobs).values(
      Array.from({ length: RECIPIENT_BUDGETS.account.perDay }, (_, i) => ({
        message: { to: email, subject: 'x', text: 'x' },
        recipient: email,
        budget: 'account',
        createdAt: new Date(Date.now() - (2 + i / 10) * 3600_000),
        sentAt: new Date(),
      })),
    );
    expect((await register(email)).status).toBe(200);
    expect(await queuedTo(email)).toBe(RECIPIENT_BUDGETS.account.perDay);
  });
});
