import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

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

/**
 * nodemailer is loaded with the first message: a process that only serves pages never sends
 * one, and the library holds ~2 MB of heap and ~10 MB resident.
 */
const lazyTransport = (options: string | object) => {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
};

/** SMTP when `SMTP_URL` is set; otherwise each message becomes an `.eml` file in the outbox folder. */
export const createMailer = (opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer => {
  if (opts.smtpUrl) {
    const transport = lazyTransport(withTimeouts(opts.smtpUrl));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written aside and renamed: a reader listing *.eml never sees a half-written message.
      const path = join(opts.outboxDir, name);
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
    },
  };
};
