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
  // A held order's confirmation link (and a payment's return token) as the contract sends them.
  'Token',
  'authorization',
  'cookie',
  'set-cookie',
  'x-xsrf-token',
  // panel: payments: PayU secrets as the panel sends them and as the code holds them.
  'ClientSecret',
  'DrugiKlucz',
  'clientSecret',
  'secondKey',
  'client_secret',
];

const SECRET_KEYS = new Set(SECRET_FIELDS);
const CENSOR = '[redacted]';
/** How deep fields are looked at: the log object's own, its values' and theirs. */
const SECRET_LEVELS = 3;

/** Plain objects and arrays; instances (a request, a reply, an error) are their serializers' business. */
const isPlain = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every secret field in its first three levels censored (`[redacted]`), copied where
 * something was censored and the same object where nothing was: a log line never changes what the
 * code holds. Pino's own `redact` did this for the same fields, but it parses its 66 paths anew for
 * every line and every child logger (one per request): 50 µs of a request with two log lines (6.7 µs at `warn`),
 * more than the whole health route costs.
 */
export const censorSecrets = <T>(value: T, levels = SECRET_LEVELS): T => {
  if (levels === 0 || !isPlain(value)) return value;
  if (Array.isArray(value)) {
    let items: unknown[] | undefined;
    value.forEach((item, i) => {
      const censored = censorSecrets(item, levels - 1);
      if (censored === item) return;
      items ??= value.slice();
      items[i] = censored;
    });
    return (items ?? value) as T;
  }
  let fields: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = value[key];
    const censored = SECRET_KEYS.has(key) && field !== undefined ? CENSOR : censorSecrets(field, levels - 1);
    if (censored === field) continue;
    fields ??= { ...value };
    fields[key] = censored;
  }
  return (fields ?? value) as T;
};

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
  // A reason passed as text keeps its text (it was logged as `{"type":"string"}`).
  if (typeof err === 'string') return { type: 'string', message: withoutParams(err) };
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as Error & Record<string, unknown>;
  const isDatabaseError = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
  // Node's connect to every address of a name (localhost: ::1 and 127.0.0.1) fails with an
  // AggregateError without a message of its own: its reasons are the attempts'.
  const attempts = Array.isArray(e.errors) && !e.message ? (e.errors as unknown[]) : [];
  const message = withoutParams(
    String(attempts.length ? attempts.map((a) => (a as Error)?.message).join('; ') : (e.message ?? '')),
  );
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
  /\/(confirm-account|changeemailconfirm|logowanie|resetuj-haslo|potwierdz-nowy-adres-email|potwierdz-zamowienie|platnosc-demo)\/[^/?#]+/g;
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

type LogFormatters = { log?(object: Record<string, unknown>): Record<string, unknown> };

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
  const formatters = (base as { formatters?: LogFormatters }).formatters;
  return {
    ...base,
    formatters: {
      ...formatters,
      // Every line; child loggers' bindings (a request id, a module's name) are the code's own.
      log: (object) => censorSecrets(formatters?.log ? formatters.log(object) : object),
    },
    serializers: {
      ...(base as { serializers?: object }).serializers,
      err: serializeError as (err: unknown) => { type: string; message: string; stack: string },
      req: serializeRequest as never,
    },
  };
};
