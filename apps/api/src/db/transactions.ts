import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';
import * as schema from './schema.ts';

/** serialization_failure, deadlock_detected: PostgreSQL asks the client to run the transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** The driver's error under drizzle's wrapper, with PostgreSQL's fields; {} for any other error. */
export const pgError = (
  err: unknown,
): { code?: string; constraint?: string; message?: string; detail?: string } => {
  // Drizzle wraps driver errors (DrizzleQueryError) and keeps the driver's one as `cause`.
  const e = err as { code?: string; constraint?: string; message?: string; detail?: string; cause?: unknown };
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
  opts: RetryOptions = {},
): Promise<T> => withRetry(() => db.transaction(work), opts);

type RetryOptions = { attempts?: number; retryIf?: (err: unknown) => boolean };

const withRetry = async <T>(run: () => Promise<T>, opts: RetryOptions): Promise<T> => {
  const attempts = opts.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const retry = RETRYABLE.has(pgError(err).code ?? '') || opts.retryIf?.(err);
      if (!retry || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
    }
  }
};

/** What a transaction's work leaves for its end: a statement sent in one message with the COMMIT. */
export type Ending<T> = {
  /** The last statement, without parameters (the simple protocol carries none); null: COMMIT alone. */
  last: string | null;
  /** The result, from the last statement's rows (null when there was none), once committed. */
  read: (rows: Record<string, unknown>[] | null) => T;
  /** What the last statement's own refusals (its raised errors) mean to the caller; null: as raised. */
  refusal?: (err: unknown) => Error | null;
};

// A drizzle instance per pooled connection, made once: the pool hands out the same few clients.
const overClient = new WeakMap<pg.PoolClient, Tx>();
const txOver = (client: pg.PoolClient): Tx => {
  let tx = overClient.get(client);
  if (!tx) {
    tx = drizzle(client, { schema }) as unknown as Tx;
    overClient.set(client, tx);
  }
  return tx;
};

/**
 * transactionWithRetry for work whose last statement takes contended row locks: that statement and
 * the COMMIT go to the server in one message, so the locks are held only while the server runs
 * them, never across a round trip to this process (which under load waits for its event loop).
 */
export const transactionEndingWith = async <T>(
  db: Db,
  work: (tx: Tx) => Promise<Ending<T>>,
  opts: RetryOptions = {},
): Promise<T> => {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return withRetry(async () => {
    const client = await pool.connect();
    let lost: Error | undefined;
    let end: Ending<T> | undefined;
    try {
      await client.query('BEGIN');
      end = await work(txOver(client));
      if (end.last === null) {
        await client.query('COMMIT');
        return end.read(null);
      }
      // Two statements in one query: pg answers one result per statement.
      const results = (await client.query(`${end.last}; COMMIT`)) as unknown as pg.QueryResult[];
      return end.read(results[0]!.rows);
    } catch (err) {
      // A connection that cannot even roll back is given back as broken: the pool drops it.
      await client.query('ROLLBACK').catch((e: Error) => {
        lost = e;
      });
      throw end?.refusal?.(err) ?? err;
    } finally {
      client.release(lost);
    }
  }, opts);
};

/** Runs an Ending's last statement at once, for work that must come after it in the transaction. */
export const endNow = async <T>(tx: Tx, end: Ending<T>): Promise<T> => {
  if (end.last === null) return end.read(null);
  try {
    const result = (await tx.execute(sql.raw(end.last))) as unknown as { rows: Record<string, unknown>[] };
    return end.read(result.rows);
  } catch (err) {
    throw end.refusal?.(err) ?? err;
  }
};
