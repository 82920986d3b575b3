import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where database trouble is reported (pino-like; the app's logger once it exists). */
export type DbLog = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};
const consoleLog: DbLog = {
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export type Database = {
  db: Db;
  /**
   * For prepared statements written so that one plan fits every value (the panel's product pages):
   * on PostgreSQL a small pool whose sessions keep the generic plan (`plan_cache_mode`), so such a
   * statement is planned once per connection instead of at every execution.
   * Only prepared statements belong here: every query on it gets a plan blind to its values.
   */
  genericPlans: Db;
  /**
   * Runs `fn` while no other process does the same, under an advisory lock held by a dedicated
   * connection (which `fn` gets, without the pool's statement timeout). Migrations and the
   * first-start seed run here.
   */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Applies pending migrations (under the startup lock). */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

/** The advisory lock key of migrations + seed (any fixed bigint; "club" + "shop"). */
const STARTUP_LOCK_KEY = 0x636c7562_73686f70n;

export const migrateDb = (db: Db) => migratePg(db as never, { migrationsFolder });

/**
 * drizzle's transaction() checks a client out and sends BEGIN before its try/finally: when that
 * BEGIN fails because the connection was just lost (a restart, a terminated backend), the client
 * is never released, and after `max` such failures the pool has no connection left for good
 * (every query then waits for one and times out). A client checked out with `pool.connect()`
 * whose connection ends is given back here at once, as broken (the pool drops it); the release
 * its user may still make is then ignored.
 */
const givesBackLostClients = (pool: pg.Pool) => {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<pg.Pool['connect']>[0]) => {
    // pool.query() checks out with a callback and always releases.
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release;
      let released = false;
      const giveBack = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', lost);
        release(err);
      };
      const lost = () => giveBack(new Error('the connection ended while checked out'));
      client.once('end', lost);
      client.release = giveBack;
      return client;
    });
  }) as pg.Pool['connect'];
};

/** A pool on the PostgreSQL at `url` (the embedded server's or an external one). */
export const openDatabase = async (opts: {
  url: string;
  poolSize?: number;
  log?: DbLog;
  /** Server-side limit per statement on pooled connections (ms). */
  statementTimeoutMs?: number;
}): Promise<Database> => {
  const log = opts.log ?? consoleLog;
  const { url } = opts;
  const statementTimeout = opts.statementTimeoutMs ?? 15_000;
  const newPool = (max: number, options?: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      options,
      // Waiting for a connection (database away, or the pool busy) fails fast instead of hanging.
      connectionTimeoutMillis: 10_000,
      statement_timeout: statementTimeout,
      // Client side, for a silent network: the server's statement_timeout normally fires first.
      query_timeout: statementTimeout + 5_000,
      idle_in_transaction_session_timeout: 60_000,
      keepAlive: true,
    });
    // Idle connections: the pool drops the broken one and connects anew on the next query.
    pool.on('error', (err) => log.error({ err }, 'database: an idle connection failed'));
    // Checked-out connections (e.g. inside a transaction) emit 'error' on the client itself: without
    // a listener a terminated backend or a database restart would end the process.
    pool.on('connect', (client) => {
      client.on('error', (err) => log.warn({ err }, 'database: a connection in use failed'));
    });
    givesBackLostClients(pool);
    return pool;
  };
  const poolSize = opts.poolSize ?? 10;
  const pool = newPool(poolSize);
  // A third of the main pool's size: its statements take well under a millisecond.
  const genericPool = newPool(Math.max(2, Math.ceil(poolSize / 3)), '-c plan_cache_mode=force_generic_plan');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const withStartupLock = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('error', (err) => log.warn({ err }, 'database: the startup connection failed'));
    await client.connect();
    try {
      // Session-level: released when this connection ends (below, or when the process dies).
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
      return await fn(drizzlePg(client, { schema }) as unknown as Db);
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    db,
    genericPlans: drizzlePg(genericPool, { schema }) as unknown as Db,
    withStartupLock,
    migrate: () => withStartupLock((lockedDb) => migrateDb(lockedDb)),
    close: async () => {
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
};
