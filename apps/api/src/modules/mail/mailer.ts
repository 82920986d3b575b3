import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import type { Transporter } from 'nodemailer';
import type { MailMessage, OutboxMessage } from './message.ts';

/** What the mail queue's worker adds to a send. */
export type SendOptions = {
  /** The Message-ID's local part: the same on every attempt of one job, so a repeat is recognisable. */
  messageKey?: string;
  /**
   * Runs right before the step that delivers the message (SMTP: the "." ending DATA; the outbox:
   * the rename into place). When it throws, the message stops short of that step and is not delivered.
   */
  beforeFinalStep?: () => Promise<void>;
  /**
   * Called once that step has been handed to the operating system, before the server's answer:
   * a process that dies now still has it delivered. Neither hook runs for a message too big to be
   * sure of that (its end may wait in the process for the network): the answer is then the only sign.
   */
  afterFinalStep?: () => void;
};

export type Mailer = { send(message: MailMessage, options?: SendOptions): Promise<void> };

/**
 * A mail server that does not answer must fail a send within seconds, not after nodemailer's
 * defaults (2 minutes to connect, 10 minutes of silence). Values in `SMTP_URL`'s query win.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

const withTimeouts = (smtpUrl: string) => {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return url.toString();
};

/** The key under which a message carries its final step's hooks to the stream plugin below. */
const FINAL_STEP = 'clubshopFinalStep';
type FinalStepHooks = Pick<SendOptions, 'beforeFinalStep' | 'afterFinalStep'>;

/**
 * Up to this size a message is in the kernel's socket buffer as soon as it is written, however
 * slow the network: Linux sizes a new connection's send buffer for twice its first 10 segments
 * (tcp_sndbuf_expand), ~29 kB of data at worst; this leaves room for TLS. A bigger message may
 * wait in the process for the network. An order confirmation is ~15-17 kB.
 */
const SURELY_BUFFERED_BYTES = 24 * 1024;

/**
 * Resolves once `stream` has a reader (nodemailer pipes the message into the connection only
 * after the server's 354, while the message is made as soon as the envelope goes out) and the
 * reader has taken every byte of it. Until then the message may sit whole in the stream, so its
 * end says nothing about what went out. Rejects when the stream is destroyed first.
 */
const takenByReader = (stream: Readable): Promise<void> =>
  new Promise((resolve, reject) => {
    const check = () => {
      if (stream.readableFlowing === null || stream.readableLength > 0) return;
      stop();
      resolve();
    };
    // 'resume' comes just before the buffered bytes flow out; 'data' only ever follows a reader
    // (listening to it earlier would start the flow with nobody reading).
    const onResume = () => {
      stream.on('data', check);
      process.nextTick(check);
    };
    const onClose = () => {
      stop();
      reject(new Error('the message was given up before it was sent'));
    };
    const stop = () => {
      stream.off('resume', onResume).off('pause', check).off('data', check).off('close', onClose);
    };
    stream.on('resume', onResume).on('pause', check).on('close', onClose);
    if (stream.readableFlowing !== null) onResume();
    check();
  });

/**
 * The message's bytes as they are, except that its end waits for `beforeFinalStep`: nodemailer
 * writes the "." that ends DATA (and makes the server take the message) only after the stream
 * ends, so nothing is delivered before the hook has run, and nothing at all when it throws. The
 * hook runs only once nodemailer is writing the message to the server and has every byte of it
 * (see takenByReader), so the "." follows it at once. `afterFinalStep` runs once the "." has been
 * written: the stream's end reaches the socket in process.nextTick steps after its 'end', all of
 * them done before setImmediate's turn. A bigger message than SURELY_BUFFERED_BYTES ends as it
 * is, without either hook.
 */
const holdingTheEnd = (input: Readable, hooks: FinalStepHooks): Readable => {
  let bytes = 0;
  const output: Transform = new Transform({
    transform: (chunk: Buffer, _encoding, done) => {
      bytes += chunk.length;
      done(null, chunk);
    },
    flush: (done) => {
      if (bytes > SURELY_BUFFERED_BYTES) return done();
      takenByReader(output)
        .then(() => hooks.beforeFinalStep?.())
        .then(() => {
          const { afterFinalStep } = hooks;
          if (afterFinalStep) output.once('end', () => setImmediate(afterFinalStep));
          done();
        }, done);
    },
  });
  input.once('error', (err) => output.destroy(err));
  return input.pipe(output);
};

/**
 * nodemailer is loaded with the first message: a process that only serves pages never sends
 * one, and the library holds ~2 MB of heap and ~10 MB resident.
 */
const lazyTransport = (options: string) => {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      const created = nodemailer.createTransport(options);
      created.use('stream', (mail, done) => {
        const hooks = (mail.data as { [FINAL_STEP]?: FinalStepHooks })[FINAL_STEP];
        if (hooks) mail.message.processFunc((input) => holdingTheEnd(input, hooks));
        done();
      });
      return created;
    }));
};

/** The domain of the sender's address (`Sklep <sklep@klub.pl>` → `klub.pl`), for Message-IDs. */
export const senderDomain = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

/** The address of MAIL_FROM (`Sklep <sklep@klub.pl>` → `sklep@klub.pl`). */
const senderAddress = (from: string) => /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** A display name on one line, without the characters that would end or quote it in a header. */
const displayName = (name: string) =>
  name
    .replace(/[\r\n"<>\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * SMTP when `SMTP_URL` is set: nodemailer builds the MIME from the message. Otherwise each message
 * becomes one JSON file in the outbox folder, as data (outbox-routes.ts shows them).
 */
export const createMailer = (opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer => {
  const domain = senderDomain(opts.from);
  const address = senderAddress(opts.from);
  /** The club's name with the installation's address, or MAIL_FROM as configured. */
  const sender = (m: MailMessage) => (m.fromName ? { name: displayName(m.fromName), address } : opts.from);
  const messageId = (o: SendOptions) => `<${o.messageKey ?? randomBytes(16).toString('hex')}@${domain}>`;
  if (opts.smtpUrl) {
    const transport = lazyTransport(withTimeouts(opts.smtpUrl));
    return {
      async send(message, o = {}) {
        const { beforeFinalStep, afterFinalStep } = o;
        const { fromName: _, attachments, forgetBodyOnceSent: __, ...rest } = message;
        await (await transport()).sendMail({
          ...rest,
          ...(attachments?.length && {
            attachments: attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.contentBase64,
              encoding: 'base64',
            })),
          }),
          from: sender(message),
          messageId: messageId(o),
          ...((beforeFinalStep || afterFinalStep) && { [FINAL_STEP]: { beforeFinalStep, afterFinalStep } }),
        });
      },
    };
  }
  return {
    async send(message, o = {}) {
      const from = sender(message);
      const entry: OutboxMessage = {
        messageId: messageId(o),
        from: typeof from === 'string' ? from : `"${from.name}" <${from.address}>`,
        date: new Date().toISOString(),
        ...message,
      };
      await mkdir(opts.outboxDir, { recursive: true });
      const name = `${entry.date.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      // Written aside and renamed: a reader listing *.json never sees a half-written message.
      const path = join(opts.outboxDir, name);
      const draft = `${path}.tmp`;
      try {
        await writeFile(draft, `${JSON.stringify(entry, null, 2)}\n`);
        await o.beforeFinalStep?.();
        await rename(draft, path);
        o.afterFinalStep?.();
      } catch (err) {
        // A full disk leaves a short or empty draft: nobody would ever read or remove it.
        await rm(draft, { force: true }).catch(() => {});
        throw err;
      }
    },
  };
};
