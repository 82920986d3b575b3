// `npm run seed`: wipes the shop data and seeds the demo clubs again (prints the new passwords).
// `npm run seed -- --products 100000 [--orders 50000]`: the demo club also gets a big catalogue.
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDb, openDatabase } from '../db/client.ts';
import { databaseServer, isStartRefusal } from '../db/embedded-postgres.ts';
import { loadConfig } from '../lib/config.ts';
import { createMediaStorage } from '../modules/media/storage-plugin.ts';
import { seedLargeCatalogue } from '../seed/large.ts';
import { seedDemo } from '../seed/seed.ts';

const { values: args } = parseArgs({ options: { products: { type: 'string' }, orders: { type: 'string' } } });
const count = (name: string, v: string | undefined) => {
  if (v === undefined) return undefined;
  if (!/^\d{1,7}$/.test(v)) throw new Error(`--${name}: a whole number, e.g. --${name} 100000`);
  return Number(v);
};
const largeProducts = count('products', args.products);
const largeOrders = count('orders', args.orders);

const config = loadConfig();
const server = await databaseServer(config, 'join').catch((e: unknown) => {
  if (!isStartRefusal(e)) throw e;
  console.error(e.message);
  process.exit(1);
});
const database = await openDatabase({ url: server.url, poolSize: 2 });
try {
  // Under the startup lock and in one transaction: a starting server never sees a half-wiped shop.
  const seeded = await database.withStartupLock(async (db) => {
    await migrateDb(db);
    return db.transaction(async (tx) => {
      await tx.execute(sql`TRUNCATE organisations RESTART IDENTITY CASCADE`);
      await rm(config.mediaDir, { recursive: true, force: true });
      const result = await seedDemo(tx, {
        mediaDir: config.mediaDir,
        media: await createMediaStorage(config),
      });
      if (largeProducts) {
        const started = Date.now();
        const big = await seedLargeCatalogue(tx, { products: largeProducts, orders: largeOrders });
        console.log(
          `[demo] big catalogue: ${big.categories} categories, ${big.products} products, ${big.orders} orders in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
      return result;
    });
  });
  // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
  if (largeProducts) await database.db.execute(sql`vacuum analyze`);
  for (const s of seeded) {
    console.log(`[${s.alias}] customer ${s.customer.email} / ${s.customer.password}`);
    console.log(`[${s.alias}] manager  ${s.manager.email} / ${s.manager.password}`);
  }
} finally {
  await database.close();
  await server.stop();
}
