import { existsSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailJobs } from '../src/db/schema.ts';
import { enqueueMail } from '../src/modules/mail/queue.ts';
import { type FakeSmtp, readMessage, startSmtp } from './fakes/smtp-server.ts';
import { retryMailNow } from './fixtures/mail-jobs.ts';
import { createTestApp, type TestApp } from './harness.ts';

const A = '/api/andromeda/kontopanel';

const registration = (email: string, over: Record<string, unknown> = {}) => ({
  Imie: 'Ewa',
  Nazwisko: 'Zielińska',
  Email: email,
  Haslo: 'Dobre1234',
  PowtorzHaslo: 'Dobre1234',
  AkceptacjaRegulaminu: true,
  ...over,
});

describe('sending through SMTP (SMTP_URL set)', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the registration e-mail with the confirmation link to the SMTP server', async () => {
    const res = await t.fetch(`${A}/register`, { method: 'POST', json: registration('smtp@example.pl') });
    expect(res.status).toBe(200);
    // The mail worker sends it from the queue.
    await t.drainMail();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['<smtp@example.pl>']);
    expect(mail.from).toContain('sklep@localhost');
    const { text, fromName, fromAddress, replyTo } = await readMessage(mail);
    // From the club, at the installation's address; answers go to the club's seller address.
    expect(fromName).toBe('MKS Sokół Demo');
    expect(fromAddress).toBe('sklep@localhost');
    expect(replyTo).toBe('sklep@sokol-demo.pl');
    const link = text.match(/https?:\/\/[^\s"<>]+\/logowanie\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    // Nothing is written to the development outbox when SMTP is configured.
    expect(await t.outbox.messages()).toHaveLength(0);

    // The delivered link really confirms the account.
    const confirmed = await t.fetch(`${A}/confirm-account/${link![1]}`);
    expect(confirmed.status).toBe(200);
  });

  it('a failed delivery neither fails nor undoes the registration: the mail is retried until it goes out', async () => {
    smtp.state.rejectRecipients = true;
    const sent = smtp.received.length;
    try {
      const res = await t.fetch(`${A}/register`, {
        method: 'POST',
        json: registration('odrzucony@example.pl'),
      });
      expect(res.status).toBe(200);
      await t.drainMail();
      expect(smtp.received).toHaveLength(sent);
    } finally {
      smtp.state.rejectRecipients = false;
    }
    const [job] = await t.database.db
      .select()
      .from(mailJobs)
      .where(sql`${mailJobs.message}->>'to' = 'odrzucony@example.pl'`);
    expect(job).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(job!.lastError).toContain('550');
    // The retry is due (its backoff has passed): the same link arrives and confirms the account.
    await retryMailNow(t, job!.id);
    await t.drainMail();
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['<odrzucony@example.pl>']);
    const guid = (await readMessage(mail)).text.match(/\/logowanie\/([A-Za-z0-9_-]+)/)![1];
    expect((await t.fetch(`${A}/confirm-account/${guid}`)).status).toBe(200);
  });
});

describe('development outbox pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Opt-in: it shows every club's mail, password-reset links included.
    t = await createTestApp({ devOutbox: true });
  });
  afterAll(() => t.close());

  it('shows an empty outbox', async () => {
    const res = await t.fetch('/dev/outbox');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Brak wiadomości.');
  });

  it('lists the messages newest first and shows one with clickable links, escaped', async () => {
    for (const [email, name] of [
      ['pierwszy@example.pl', 'Pierwszy'],
      ['drugi@example.pl', '<script>alert(1)</script>'],
    ] as const) {
      const res = await t.fetch(`${A}/register`, {
        method: 'POST',
        json: registration(email, { Imie: name }),
      });
      expect(res.status).toBe(200);
      // Sent from the queue one after the other: distinct file-name timestamps, in this order.
      await t.drainMail();
      await new Promise((r) => setTimeout(r, 5));
    }
    const list = await t.fetch('/dev/outbox');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await list.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Potwierdź założenie konta w sklepie MKS Sokół Demo');
    expect(html.indexOf('drugi@example.pl')).toBeGreaterThan(-1);
    expect(html.indexOf('drugi@example.pl')).toBeLessThan(html.indexOf('pierwszy@example.pl'));
    const files = [...html.matchAll(/href="\/dev\/outbox\/([0-9TZ-]+-[0-9a-f]{8})"/g)].map((m) => m[1]!);
    expect(files).toHaveLength(2);

    const one = await t.fetch(`/dev/outbox/${files[0]}`);
    expect(one.status).toBe(200);
    const page = await one.text();
    expect(page).toContain('drugi@example.pl');
    expect(page).toMatch(/<a href="http:\/\/localhost:\d+\/logowanie\/[A-Za-z0-9_-]{20,}">/);
    // The decoded body, Polish letters intact; the name typed into the form is not in the mail.
    expect(page).toContain('Ten adres e-mail podano podczas rejestracji konta w sklepie MKS Sokół Demo.');
    expect(page).not.toContain('alert(1)');
    expect(page).not.toContain('<script>');

    // The message's own HTML, framed and served in a sandbox that runs and loads nothing.
    expect(one.headers.get('content-security-policy')).toContain("frame-src 'self'");
    expect(page).toContain(`<iframe sandbox title="Wersja HTML" src="/dev/outbox/${files[0]}/html">`);
    const view = await t.fetch(`/dev/outbox/${files[0]}/html`);
    expect(view.status).toBe(200);
    const csp = view.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const mailHtml = await view.text();
    expect(mailHtml).toContain('<html lang="pl">');
    expect(mailHtml).toMatch(/href="http:\/\/localhost:\d+\/logowanie\/[A-Za-z0-9_-]{20,}"/);

    // The link in the page is the one that works.
    const guid = page.match(/\/logowanie\/([A-Za-z0-9_-]+)/)![1];
    expect((await t.fetch(`${A}/confirm-account/${guid}`)).status).toBe(200);
  });

  it("lists a message's attachments by name and size and gives each as a download", async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.3\n'), Buffer.alloc(2000, 0xa5)]);
    await enqueueMail(t.database.db, {
      to: 'zalacznik@example.pl',
      subject: 'Karta podarunkowa – zamówienie 7/2026',
      text: 'Karta w załączniku.',
      html: '<p>Karta w załączniku.</p>',
      attachments: [
        {
          filename: 'karta-podarunkowa-PQRS.pdf',
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
        {
          filename: '<b>.html',
          contentType: 'text/html',
          contentBase64: Buffer.from('<script>alert(1)</script>').toString('base64'),
        },
      ],
    });
    await t.drainMail();
    const list = await (await t.fetch('/dev/outbox')).text();
    const id = list.match(/href="\/dev\/outbox\/([0-9TZ-]+-[0-9a-f]{8})">Karta podarunkowa/)![1]!;
    const page = await (await t.fetch(`/dev/outbox/${id}`)).text();
    expect(page).toContain('<h2>Załączniki</h2>');
    expect(page).toContain(
      `<a href="/dev/outbox/${id}/zalacznik/0">karta-podarunkowa-PQRS.pdf</a> (application/pdf, 2 kB)`,
    );
    expect(page).toContain('&lt;b&gt;.html');
    expect(page).not.toContain('<b>.html');

    const file = await t.fetch(`/dev/outbox/${id}/zalacznik/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''karta-podarunkowa-PQRS.pdf",
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // HTML someone attached is a download in a sandbox, never a page of this origin.
    const html = await t.fetch(`/dev/outbox/${id}/zalacznik/1`);
    expect(html.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    for (const n of ['2', '-1', 'x', '1e0']) {
      expect((await t.fetch(`/dev/outbox/${id}/zalacznik/${n}`)).status, n).toBe(404);
    }
  });

  it('answers 404 for unknown files and path traversal attempts', async () => {
    for (const path of [
      '/dev/outbox/2026-01-01T00-00-00-000Z-00000000',
      '/dev/outbox/2026-01-01T00-00-00-000Z-00000000/html',
      '/dev/outbox/..%2F..%2F..%2Fetc%2Fpasswd',
      '/dev/outbox/%2E%2E%2Fpackage.json',
      '/dev/outbox/..%5C..%5Cwindows',
      '/dev/outbox/plik.txt',
    ]) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('root:');
    }
  });

  it('is not served by a default configuration, in any environment', async () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const plain = await createTestApp({}, { env: { NODE_ENV, DEMO_PAYMENTS: 'on' } });
      try {
        expect(plain.config.devOutbox).toBe(false);
        // A real message in the outbox folder, which must stay unreachable.
        const reg = await plain.fetch(`${A}/register`, {
          method: 'POST',
          json: registration('ukryty@example.pl'),
        });
        expect(reg.status).toBe(200);
        // Mail may be sent by a background worker: wait for the file.
        const files = await vi.waitFor(
          () => {
            const names = existsSync(plain.config.outboxDir) ? readdirSync(plain.config.outboxDir) : [];
            expect(names).toHaveLength(1);
            return names;
          },
          { timeout: 10_000, interval: 50 },
        );
        const id = files[0]!.replace(/\.json$/, '');
        for (const path of ['/dev/outbox', '/dev/outbox/', `/dev/outbox/${id}`, `/dev/outbox/${id}/html`]) {
          const res = await plain.fetch(path);
          expect(res.status, `${NODE_ENV} ${path}`).toBe(404);
          expect(await res.text()).not.toContain('ukryty@example.pl');
        }
      } finally {
        await plain.close();
      }
    }
  });

  it('is served when DEV_OUTBOX=on', async () => {
    const on = await createTestApp({}, { env: { DEV_OUTBOX: 'on' } });
    try {
      expect(on.config.devOutbox).toBe(true);
      const res = await on.fetch('/dev/outbox');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
    } finally {
      await on.close();
    }
  });
});
