/**
 * Errors that mean "the database is away for now" (restart, failover, a terminated backend, a
 * network cut, an exhausted or timed-out pool), as opposed to a bug or bad data. Requests that hit
 * one get a 503 and the pool replaces the connection, so the shop recovers on its own.
 */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown (server restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up or shutting down)
  '57014', // query_canceled: statement_timeout hit, the database is overloaded
]);
const LOST_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const LOST_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout|Client was closed and is not queryable|Cannot use a pool after calling end)/;

const isLost = (e: { code?: unknown; message?: unknown }) =>
  (typeof e.code === 'string' &&
    (LOST_SQLSTATES.has(e.code) || e.code.startsWith('08') || LOST_NODE_CODES.has(e.code))) ||
  (typeof e.message === 'string' && LOST_MESSAGES.test(e.message));

/**
 * The connection error itself when `error` is (or wraps, like Drizzle's "Failed query" error) a lost
 * database; undefined otherwise. Log this one, not the wrapper: the wrapper's text holds the query
 * and its parameters.
 */
export const connectionLoss = (error: unknown): { code?: string; message: string } | undefined => {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const candidate = e as { code?: unknown; message?: unknown };
    if (isLost(candidate)) {
      return {
        ...(typeof candidate.code === 'string' && { code: candidate.code }),
        message: String(candidate.message),
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};
