import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { readMessage, startSmtp } from '../../../test/fakes/smtp-server.ts';
import { createMailer, senderDomain } from './mailer.ts';

const run = promisify(execFile);
const MAILER = fileURLToPath(new URL('./mailer.ts', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clubshop-outbox-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the development outbox', () => {
  it('leaves no draft behind when the disk is full (a write that fails with EFBIG)', async () => {
    const dir = tempDir();
    const outbox = join(dir, 'outbox');
    const script = join(dir, 'send.mts');
    writeFileSync(
      script,
      `const { createMailer } = await import(${JSON.stringify(MAILER)});
const mailer = createMailer({ outboxDir: ${JSON.stringify(outbox)}, from: 'Sklep <sklep@localhost>' });
try {
  await mailer.send({ to: 'a@example.pl', subject: 'Duży', text: 'x'.repeat(64 * 1024), html: '' });
  console.log('sent');
} catch (err) {
  console.log(err.code);
}`,
    );
    // A 16 kB file size limit: the write stops part-way, as on a full disk.
    const { stdout } = await run('bash', [
      '-c',
      `ulimit -f 16; exec "$0" --import tsx "$1"`,
      process.execPath,
      script,
    ]);
    expect(stdout.trim()).toBe('EFBIG');
    expect(readdirSync(outbox)).toEqual([]);
  });

  it('leaves no draft behind when the final step is refused, and writes the message when it is not', async () => {
    const outbox = join(tempDir(), 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: 'Sklep <sklep@klub.example.pl>' });
    const refusal = new Error('no');
    await expect(
      mailer.send(
        { to: 'a@example.pl', subject: 'x', text: 'y', html: '<p>y</p>' },
        { beforeFinalStep: () => Promise.reject(refusal) },
      ),
    ).rejects.toBe(refusal);
    expect(readdirSync(outbox)).toEqual([]);

    const steps: string[] = [];
    await mailer.send(
      { to: 'a@example.pl', subject: 'x', text: 'y', html: '<p>y</p>' },
      {
        messageKey: 'abc123',
        beforeFinalStep: async () => {
          steps.push(`before: ${readdirSync(outbox).length} files`);
        },
        afterFinalStep: () =>
          steps.push(`after: ${readdirSync(outbox).filter((f) => f.endsWith('.json')).length}`),
      },
    );
    expect(steps).toEqual(['before: 1 files', 'after: 1']);
    const [file] = readdirSync(outbox);
    expect(file).toMatch(/\.json$/);
    // The message as data, with its envelope: nothing to decode.
    expect(JSON.parse(readFileSync(join(outbox, file!), 'utf8'))).toEqual({
      messageId: '<abc123@klub.example.pl>',
      from: 'Sklep <sklep@klub.example.pl>',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      to: 'a@example.pl',
      subject: 'x',
      text: 'y',
      html: '<p>y</p>',
    });
  });
});

describe("an SMTP message's final step", () => {
  it('has its hooks run only once the server has asked for the message, however slowly it does', async () => {
    const smtp = await startSmtp();
    try {
      const steps: string[] = [];
      // nodemailer makes the message while MAIL, RCPT and DATA go back and forth, and holds it
      // until the server's 354: a slow 354 must not let the hooks run with the message still held.
      smtp.state.beforeDataReply = async () => {
        await new Promise((r) => setTimeout(r, 300));
        steps.push('server: 354');
      };
      smtp.state.beforeReply = async () => {
        steps.push('server: final "."');
      };
      const mailer = createMailer({
        smtpUrl: smtp.url,
        outboxDir: tempDir(),
        from: 'Sklep <sklep@localhost>',
      });
      await mailer.send(
        { to: 'a@example.pl', subject: 'Wolny serwer', text: 'x', html: '' },
        {
          beforeFinalStep: async () => {
            steps.push('before');
          },
          afterFinalStep: () => steps.push('after'),
        },
      );
      expect(smtp.received).toHaveLength(1);
      expect(steps.slice(0, 2)).toEqual(['server: 354', 'before']);
      expect(steps).toHaveLength(4);
      expect(steps.indexOf('after')).toBeGreaterThan(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('the SMTP sender', () => {
  it('has nodemailer build the MIME from the message: it reads back as the same message', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tempDir(), from: 'Sklep <sklep@klub.pl>' });
      const message = {
        to: 'lucja@example.pl',
        replyTo: 'ala@example.pl',
        subject: 'Zażółć gęślą jaźń: potwierdź konto w sklepie MKS Sokół',
        text: `Zażółć gęślą jaźń.\nhttps://sklep.example.pl/logowanie/${'x'.repeat(120)}\n`,
        html: '<p>Zażółć <a href="https://sklep.example.pl/">gęślą</a> jaźń</p>',
      };
      await mailer.send(message, { messageKey: 'abc123' });
      expect(smtp.received).toHaveLength(1);
      const read = await readMessage(smtp.received[0]!);
      expect(read).toMatchObject({ ...message, messageId: '<abc123@klub.pl>' });
    } finally {
      await smtp.close();
    }
  });
});

describe('attachments', () => {
  // Bytes that are no text: every value of a byte, so nothing is read as a charset on the way.
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
  const message = {
    to: 'kibic@example.pl',
    subject: 'Karta podarunkowa',
    text: 'W załączniku.',
    html: '<p>W załączniku.</p>',
    attachments: [
      {
        filename: 'karta-podarunkowa-PQRS.pdf',
        contentType: 'application/pdf',
        contentBase64: bytes.toString('base64'),
      },
      {
        filename: 'zażółć.txt',
        contentType: 'text/plain',
        contentBase64: Buffer.from('gęślą').toString('base64'),
      },
    ],
  };

  it('go out through SMTP as files of the message, byte for byte', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tempDir(), from: 'Sklep <sklep@klub.pl>' });
      await mailer.send(message);
      const read = await readMessage(smtp.received[0]!);
      expect(read).toMatchObject({ subject: message.subject, text: 'W załączniku.' });
      expect(read.attachments).toEqual(message.attachments);
    } finally {
      await smtp.close();
    }
  });

  it('are kept by the development outbox with the message', async () => {
    const outbox = tempDir();
    await createMailer({ outboxDir: outbox, from: 'Sklep <sklep@klub.pl>' }).send(message);
    const [file] = readdirSync(outbox);
    expect(JSON.parse(readFileSync(join(outbox, file!), 'utf8')).attachments).toEqual(message.attachments);
  });
});

describe('senderDomain', () => {
  it("is the sender address's domain", () => {
    expect(senderDomain('Sklep klubowy <sklep@localhost>')).toBe('localhost');
    expect(senderDomain('sklep@klub.pl')).toBe('klub.pl');
    expect(senderDomain('nie adres')).toBe('localhost');
  });
});

describe('the sender of a message', () => {
  const message = { to: 'kibic@example.pl', subject: 'Temat', text: 'Treść', html: '<p>Treść</p>' };
  const sentFrom = async (fromName?: string) => {
    const outboxDir = tempDir();
    const mailer = createMailer({ outboxDir, from: 'Sklep klubowy <sklep@klub.example>' });
    await mailer.send({ ...message, ...(fromName !== undefined && { fromName }) });
    const [file] = readdirSync(outboxDir);
    return (JSON.parse(readFileSync(join(outboxDir, file!), 'utf8')) as { from: string }).from;
  };

  it("is the club's name at the installation's address, or MAIL_FROM as configured", async () => {
    expect(await sentFrom('MKS Sokół')).toBe('"MKS Sokół" <sklep@klub.example>');
    expect(await sentFrom()).toBe('Sklep klubowy <sklep@klub.example>');
  });

  it('keeps a hostile club name on one line, unable to add a header or another address', async () => {
    expect(await sentFrom('Klub "X"\r\nBcc: obcy@example.pl <a@b>')).toBe(
      '"Klub X Bcc: obcy@example.pl a@b" <sklep@klub.example>',
    );
  });
});
