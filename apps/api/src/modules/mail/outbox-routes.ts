import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../../lib/escape-html.ts';
import { notFound } from '../../lib/http-error.ts';
import type { MailAttachment, OutboxMessage } from './message.ts';

/**
 * Development outbox: the messages the file mailer kept (one JSON file each, see mailer.ts),
 * readable in a browser, so the confirmation and reset links can be followed without a mail
 * server. Registered only when `config.devOutbox` is on.
 */

/** Exactly the names `createMailer` writes, without `.json`; anything else (`..`, `/`) is a 404. */
export const OUTBOX_ID_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}$/;
const LIST_LIMIT = 500;

/** The outbox's messages, newest first, by id (the file name without `.json`). */
const listIds = async (dir: string): Promise<string[]> => {
  try {
    return (await readdir(dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length))
      .filter((id) => OUTBOX_ID_RE.test(id))
      .sort()
      .reverse();
  } catch {
    return [];
  }
};

const readMessage = async (dir: string, id: string): Promise<OutboxMessage | null> => {
  if (!OUTBOX_ID_RE.test(id)) return null;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch {
    return null;
  }
};

/** Escapes the text, then turns web addresses into links. */
const linkify = (text: string) => {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = escapeHtml(m[0]);
    out += `${escapeHtml(text.slice(last, m.index))}<a href="${url}">${url}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
};

const formatDate = (value: string | undefined, fallback: string) => {
  const d = value ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) return fallback;
  return d.toLocaleString('pl-PL', { timeZone: 'Europe/Warsaw' });
};

/** An attachment's size as a developer reads it: `12,3 kB`. */
const formatSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toLocaleString('pl-PL', { maximumFractionDigits: 1 })} kB`;

const attachmentBytes = (a: MailAttachment) => Buffer.from(a.contentBase64, 'base64');

/** Each attachment by name, type and size, linked to its bytes. */
const attachmentsList = (id: string, mail: OutboxMessage) => {
  const list = mail.attachments ?? [];
  if (list.length === 0) return '';
  const items = list
    .map(
      (a, n) =>
        `<li><a href="/dev/outbox/${id}/zalacznik/${n}">${escapeHtml(a.filename)}</a> ` +
        `(${escapeHtml(a.contentType)}, ${formatSize(attachmentBytes(a).length)})</li>`,
    )
    .join('');
  return `<h2>Załączniki</h2><ul>${items}</ul>`;
};

const page = (reply: FastifyReply, title: string, body: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; base-uri 'none'; form-action 'none'",
    )
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>` +
        'body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2933}' +
        'table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e4e7eb}' +
        'pre{white-space:pre-wrap;word-break:break-word;background:#f5f7fa;padding:1rem;border-radius:4px}' +
        'dt{font-weight:bold}dd{margin:0 0 .5rem}a{color:#0b5394}' +
        'iframe{width:100%;height:40rem;border:1px solid #e4e7eb;border-radius:4px}' +
        `</style></head><body>${body}</body></html>`,
    );

/**
 * A message's own HTML, as a mail client would show it: sandboxed (no scripts, a unique origin,
 * no forms) and allowed to load nothing but inline styles and inline images.
 */
const MESSAGE_HTML_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'self'";

const routes = async (app: FastifyInstance) => {
  const dir = app.config.outboxDir;

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows: string[] = [];
    for (const id of (await listIds(dir)).slice(0, LIST_LIMIT)) {
      const mail = await readMessage(dir, id);
      if (!mail) continue;
      rows.push(
        `<tr><td>${escapeHtml(formatDate(mail.date, id))}</td><td>${escapeHtml(mail.to)}</td>` +
          `<td><a href="/dev/outbox/${id}">${escapeHtml(mail.subject || '(bez tematu)')}</a></td></tr>`,
      );
    }
    const content = rows.length
      ? `<table><thead><tr><th>Data</th><th>Do</th><th>Temat</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>Brak wiadomości.</p>';
    return page(
      reply,
      'Wysłane wiadomości',
      `<h1>Wysłane wiadomości</h1><p>Tryb deweloperski: wiadomości e-mail zapisane zamiast wysłania (brak SMTP_URL), najnowsze na górze.</p>${content}`,
    );
  });

  app.get<{ Params: { id: string } }>(
    '/dev/outbox/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const mail = await readMessage(dir, id);
      if (!mail) throw notFound();
      const meta = (
        [
          ['Data', formatDate(mail.date, '')],
          ['Od', mail.from],
          ['Do', mail.to],
          ...(mail.replyTo ? [['Odpowiedź do', mail.replyTo] as const] : []),
          ['Temat', mail.subject],
        ] as const
      )
        .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`)
        .join('');
      return page(
        reply,
        mail.subject || 'Wiadomość',
        `<p><a href="/dev/outbox">← Wszystkie wiadomości</a></p><h1>${escapeHtml(mail.subject || '(bez tematu)')}</h1>` +
          `<dl>${meta}</dl>${attachmentsList(id, mail)}<h2>Tekst</h2><pre>${linkify(mail.text)}</pre>` +
          `<h2>HTML</h2><p><a href="/dev/outbox/${id}/html">Otwórz osobno</a></p>` +
          `<iframe sandbox title="Wersja HTML" src="/dev/outbox/${id}/html"></iframe>`,
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/dev/outbox/:id/html',
    { schema: { hide: true } },
    async (request, reply) => {
      const mail = await readMessage(dir, request.params.id);
      if (!mail) throw notFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', MESSAGE_HTML_CSP)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .send(mail.html);
    },
  );

  /** An attachment's bytes, always as a download: nothing in it runs on this page's origin. */
  app.get<{ Params: { id: string; n: string } }>(
    '/dev/outbox/:id/zalacznik/:n',
    { schema: { hide: true } },
    async (request, reply) => {
      const mail = await readMessage(dir, request.params.id);
      const attachment = /^\d+$/.test(request.params.n)
        ? mail?.attachments?.[Number(request.params.n)]
        : undefined;
      if (!attachment) throw notFound();
      const type = /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType)
        ? attachment.contentType
        : 'application/octet-stream';
      return reply
        .type(type)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
        )
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(attachmentBytes(attachment));
    },
  );
};

export const devOutboxRoutes = fp(routes, {
  name: 'dev-outbox',
  dependencies: [],
  encapsulate: true,
});
