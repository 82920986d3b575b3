import { createServer, type Server, type Socket } from 'node:net';
import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Captured = { from: string; to: string[]; data: string };

/** Just enough SMTP to accept mail from nodemailer (no STARTTLS, no AUTH advertised). */
const startSmtp = async () => {
  const received: Captured[] = [];
  const state = { rejectRecipients: false };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Captured = { from: '', to: [], data: '' };
    let dataLines: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            current.data = dataLines.join('\r\n');
            received.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 OK: queued');
          } else {
            // Undo dot-stuffing.
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 localhost');
        else if (cmd === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          reply('250 OK');
        } else if (cmd === 'RCPT') {
          if (state.rejectRecipients) reply('550 No such user');
          else {
            current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
            reply('250 OK');
          }
        } else if (cmd === 'DATA') {
          inData = true;
          dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (cmd === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 OK');
        } else if (cmd === 'NOOP') reply('250 OK');
        else if (cmd === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
};

describe('sending through SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
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
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['<smtp@example.pl>']);
    expect(mail.from).toContain('sklep@localhost');
    const data = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = data.match(/https?:\/\/[^\s"<>]+\/logowanie\/([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    // Nothing is written to the development outbox when SMTP is configured.
    expect(t.outbox.messages()).toHaveLength(0);

    // The delivered link really confirms the account.
    const confirmed = await t.fetch(`${A}/confirm-account/${link![1]}`);
    expect(confirmed.status).toBe(200);
  });

  it('reports a failed delivery and does not keep an account nobody can confirm', async () => {
    smtp.state.rejectRecipients = true;
    try {
      const res = await t.fetch(`${A}/register`, {
        method: 'POST',
        json: registration('odrzucony@example.pl'),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ Message: msg.mailSendFailed });
    } finally {
      smtp.state.rejectRecipients = false;
    }
    const retry = await t.fetch(`${A}/register`, {
      method: 'POST',
      json: registration('odrzucony@example.pl'),
    });
    expect(retry.status).toBe(200);
    expect(smtp.received.at(-1)!.to).toEqual(['<odrzucony@example.pl>']);
  });
});

describe('development outbox pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
      // Distinct file-name timestamps.
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
    const files = [...html.matchAll(/href="\/dev\/outbox\/([^"]+\.eml)"/g)].map((m) => m[1]!);
    expect(files).toHaveLength(2);

    const one = await t.fetch(`/dev/outbox/${files[0]}`);
    expect(one.status).toBe(200);
    const page = await one.text();
    expect(page).toContain('drugi@example.pl');
    expect(page).toMatch(/<a href="http:\/\/localhost:\d+\/logowanie\/[A-Za-z0-9_-]{20,}">/);
    // The decoded body, Polish letters intact, the hostile name shown as text.
    expect(page).toContain('Dziękujemy za rejestrację w sklepie MKS Sokół Demo.');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');

    // The link in the page is the one that works.
    const guid = page.match(/\/logowanie\/([A-Za-z0-9_-]+)/)![1];
    expect((await t.fetch(`${A}/confirm-account/${guid}`)).status).toBe(200);
  });

  it('answers 404 for unknown files and path traversal attempts', async () => {
    for (const path of [
      '/dev/outbox/2026-01-01T00-00-00-000Z-00000000.eml',
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

  it('is not served when the development outbox is off', async () => {
    const prod = await createTestApp({ devOutbox: false });
    try {
      expect((await prod.fetch('/dev/outbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
