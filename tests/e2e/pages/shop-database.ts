import pg from 'pg';
import { startEmbeddedPostgres } from '../../../apps/api/src/db/embedded-postgres.ts';

/**
 * The run's database, joined as the CLI commands join a running shop: for what no page can make
 * (a gift card is issued only once an order is paid), a spec writes the row as the shop would.
 */
export const withShopDatabase = async <T>(work: (db: pg.Client) => Promise<T>): Promise<T> => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const server = await startEmbeddedPostgres({ dataDir, whenRunning: 'join', log: () => {} });
  if (server.owned) {
    await server.stop();
    throw new Error('the shop is not running: no database to join');
  }
  const db = new pg.Client({ connectionString: server.url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
};
