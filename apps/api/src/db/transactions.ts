import type { Db, Tx } from './client.ts';

/** serialization_failure, deadlock_detected: PostgreSQL asks the client to run the transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

const pgError = (err: unknown): { code?: string; constraint?: string } => {
  // Drizzle wraps driver errors (DrizzleQueryError) and keeps the driver's one as `cause`.
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (typeof e?.code === 'string') return e;
  return e?.cause ? pgError(e.cause) : {};
};

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const e = pgError(err);
  return e.code === '23505' && (!constraint || e.constraint === constraint);
};

/**
 * Runs `work` in a transaction, again (a few times, after a short random pause) when PostgreSQL
 * reports a serialisation failure or a deadlock, or when `retryIf` says so. Anything else,
 * including the HttpErrors of business rules, rolls back and propagates at once.
 */
export const transactionWithRetry = async <T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  opts: { attempts?: number; retryIf?: (err: unknown) => boolean } = {},
): Promise<T> => {
  const attempts = opts.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      const retry = RETRYABLE.has(pgError(err).code ?? '') || opts.retryIf?.(err);
      if (!retry || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
};
