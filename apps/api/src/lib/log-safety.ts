import type { FastifyServerOptions } from 'fastify';

/**
 * Body and object fields that hold secrets (the contract's password fields, tickets, one-time link
 * tokens, stored hashes). Censored wherever they appear, at any of the first three levels.
 */
const SECRET_FIELDS = [
  'Haslo',
  'PowtorzHaslo',
  'Password',
  'ObecneHaslo',
  'NoweHaslo',
  'PowtorzNoweHaslo',
  'Ticket',
  'Guid',
  'password',
  'passwordHash',
  'password_hash',
  'ticket',
  'token',
  'authorization',
  'cookie',
  'set-cookie',
  'x-xsrf-token',
  // panel: payments (T2): PayU secrets as the panel sends them and as the code holds them.
  'ClientSecret',
  'DrugiKlucz',
  'clientSecret',
  'secondKey',
  'client_secret',
];

export const REDACT_PATHS = SECRET_FIELDS.flatMap((f) => {
  const key = /^[A-Za-z_]\w*$/.test(f) ? `.${f}` : `["${f}"]`;
  return [key.startsWith('.') ? f : key, `*${key}`, `*.*${key}`];
});

/** Drizzle appends the query's values to its message ("Failed query: …\nparams: …"). */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '');
/** PostgreSQL quotes the offending value in its messages (`invalid input syntax …: "…"`). */
const withoutQuotedValues = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"');
/** The stack's frames only: its first line repeats the message. */
const framesOnly = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : undefined;

/** Fields of a PostgreSQL error that name the failure without repeating any value. */
const PG_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'dataType', 'schema'];

/**
 * An error as it may be logged: type, message, code, stack frames and cause, never the query's
 * parameters (`params`), PostgreSQL's `detail`/`where` (they quote row values) or values quoted in
 * a database message. A password hash in an INSERT's parameters must not end up in the log.
 */
export const serializeError = (err: unknown, depth = 0): Record<string, unknown> => {
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as Error & Record<string, unknown>;
  const isDatabaseError = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  const message = withoutParams(String(e.message ?? ''));
  const out: Record<string, unknown> = {
    type: e.constructor?.name ?? e.name ?? 'Error',
    message: isDatabaseError ? withoutQuotedValues(message) : message,
  };
  for (const key of isDatabaseError ? PG_FIELDS : ['code', 'statusCode']) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  // Drizzle's SQL text: placeholders ($1, $2…), the values themselves are in `params`.
  if (typeof e.query === 'string') out.query = e.query;
  const stack = framesOnly(e.stack);
  if (stack) out.stack = stack;
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
};

/**
 * One-time link tokens travel in the path (account confirmation, e-mail change, password reset,
 * the demo payment page): until used they are as good as a password, so request URLs are logged
 * without them.
 */
const TOKEN_IN_PATH =
  /\/(confirm-account|changeemailconfirm|logowanie|resetuj-haslo|potwierdz-nowy-adres-email|platnosc-demo)\/[^/?#]+/g;
export const withoutTokens = (url: string) => url.replace(TOKEN_IN_PATH, '/$1/[redacted]');

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};
/** Fastify's own request serializer, with the URL's tokens censored. */
const serializeRequest = (req: LoggedRequest) => ({
  method: req.method,
  url: withoutTokens(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/**
 * The API's logger: secrets in headers and bodies are censored, and errors (the `err` key) are
 * serialized without query parameters. Applied on top of whatever logger options the caller gives.
 */
export const loggerOptions = (
  level: string,
  given: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] => {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? given : { level };
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      ...(base as { serializers?: object }).serializers,
      err: serializeError as (err: unknown) => { type: string; message: string; stack: string },
      req: serializeRequest as never,
    },
  };
};
