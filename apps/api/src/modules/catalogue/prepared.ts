import type { Db } from '../../db/client.ts';

/**
 * A query of a hot read, built once per database and run as a named prepared statement: Drizzle
 * does not rebuild its SQL and PostgreSQL does not re-parse it per request. Holds query text only,
 * never data, so there is nothing to invalidate across processes. `build` must call `.prepare(name)`
 * with a name unique in the whole app.
 */
export const prepared = <T>(build: (db: Db) => T) => {
  const byDb = new WeakMap<Db, T>();
  return (db: Db): T => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
};
