import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/http-error.ts';
import { escapeHtml } from './templates.ts';

/**
 * Development outbox: the `.eml` files the file mailer wrote, readable in a browser, so the
 * confirmation and reset links can be followed without a mail server. Registered only when
 * `config.devOutbox` is on.
 */

/** Exactly the names `createMailer` writes; anything else (`..`, `/`, other files) is a 404. */
export const OUTBOX_FILE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/;
const LIST_LIMIT = 500;

type Headers = Record<string, string>;
export type ParsedMail = { headers: Headers; text: string };

const splitHeaderBody = (raw: string): { head: string; body: string } => {
  const m = /\r?\n\r?\n/.exec(raw);
  return m
    ? { head: raw.slice(0, m.index), body: raw.slice(m.index + m[0].length) }
    : { head: raw, body: '' };
};

const parseHeaders = (head: string): Headers => {
  const headers: Headers = {};
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(i + 1).trim();
  }
  return headers;
};

/** `text/plain; charset=utf-8` → { value: 'text/plain', charset: 'utf-8' }. */
const headerParams = (value = ''): { value: string; params: Record<string, string> } => {
  const [first = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf('=');
    if (i > 0)
      params[p.slice(0, i).trim().toLowerCase()] = p
        .slice(i + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { value: first.trim().toLowerCase(), params };
};

const decodeBytes = (bytes: Uint8Array, charset = 'utf-8'): string => {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
};

/** Quoted-printable: soft line breaks (`=` at line end) join lines; `=XX` is one byte. */
export const decodeQuotedPrintable = (s: string, charset?: string): string => {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return decodeBytes(Uint8Array.from(bytes), charset);
};

/** RFC 2047 encoded words in headers (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
export const decodeEncodedWords = (value: string): string =>
  value
    // Whitespace between two adjacent encoded words is not part of the text.
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? decodeBytes(Buffer.from(data, 'base64'), charset)
        : decodeQuotedPrintable(data.replace(/_/g, ' '), charset),
    );

const decodeBody = (body: string, headers: Headers): string => {
  const charset = headerParams(headers['content-type']).params.charset;
  switch ((headers['content-transfer-encoding'] ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body, charset);
    case 'base64':
      return decodeBytes(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
    default:
      return body;
  }
};

/** The best readable body: a text/plain part, else the HTML part without its tags. */
const readableBody = (
  headers: Headers,
  body: string,
  depth = 0,
): { text: string; kind: 'plain' | 'html' } | null => {
  const type = headerParams(headers['content-type'] || 'text/plain');
  if (type.value.startsWith('multipart/') && type.params.boundary && depth < 5) {
    const delimiter = `--${type.params.boundary}`;
    const parts: string[] = [];
    let current: string[] | null = null;
    for (const line of body.split(/\r?\n/)) {
      if (line === delimiter || line === `${delimiter}--`) {
        if (current) parts.push(current.join('\n'));
        current = line === delimiter ? [] : null;
        continue;
      }
      current?.push(line);
    }
    let html: { text: string; kind: 'plain' | 'html' } | null = null;
    for (const part of parts) {
      const { head, body: partBody } = splitHeaderBody(part);
      const found = readableBody(parseHeaders(head), partBody, depth + 1);
      if (found?.kind === 'plain') return found;
      html ??= found;
    }
    return html;
  }
  if (type.value === 'text/plain') return { text: decodeBody(body, headers), kind: 'plain' };
  if (type.value === 'text/html') {
    const text = decodeBody(body, headers)
      .replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/p>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    return { text, kind: 'html' };
  }
  return null;
};

/** Enough of RFC 5322/MIME to read what nodemailer writes: headers and the text body. */
export const parseEml = (raw: string): ParsedMail => {
  const { head, body } = splitHeaderBody(raw);
  const headers = parseHeaders(head);
  for (const name of ['subject', 'to', 'from'])
    if (headers[name]) headers[name] = decodeEncodedWords(headers[name]);
  return { headers, text: readableBody(headers, body)?.text ?? '' };
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

const page = (reply: FastifyReply, title: string, body: string) =>
  reply
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
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
        `</style></head><body>${body}</body></html>`,
    );

const listFiles = async (dir: string): Promise<string[]> => {
  try {
    return (await readdir(dir))
      .filter((f) => OUTBOX_FILE_RE.test(f))
      .sort()
      .reverse();
  } catch {
    return [];
  }
};

const routes = async (app: FastifyInstance) => {
  const dir = app.config.outboxDir;

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const files = (await listFiles(dir)).slice(0, LIST_LIMIT);
    const rows: string[] = [];
    for (const file of files) {
      let mail: ParsedMail;
      try {
        mail = parseEml(await readFile(join(dir, file), 'utf8'));
      } catch {
        continue;
      }
      const h = mail.headers;
      rows.push(
        `<tr><td>${escapeHtml(formatDate(h.date, file))}</td><td>${escapeHtml(h.to ?? '')}</td>` +
          `<td><a href="/dev/outbox/${file}">${escapeHtml(h.subject || '(bez tematu)')}</a></td></tr>`,
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

  app.get<{ Params: { file: string } }>(
    '/dev/outbox/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      if (!OUTBOX_FILE_RE.test(file)) throw notFound();
      let raw: string;
      try {
        raw = await readFile(join(dir, file), 'utf8');
      } catch {
        throw notFound();
      }
      const { headers: h, text } = parseEml(raw);
      const meta = (
        [
          ['Data', formatDate(h.date, '')],
          ['Od', h.from ?? ''],
          ['Do', h.to ?? ''],
          ['Temat', h.subject ?? ''],
        ] as const
      )
        .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`)
        .join('');
      return page(
        reply,
        h.subject || 'Wiadomość',
        `<p><a href="/dev/outbox">← Wszystkie wiadomości</a></p><h1>${escapeHtml(h.subject || '(bez tematu)')}</h1>` +
          `<dl>${meta}</dl><pre>${linkify(text)}</pre>`,
      );
    },
  );
};

export const devOutboxRoutes = fp(routes, {
  name: 'dev-outbox',
  dependencies: [],
  encapsulate: true,
});
