// `npm run seed`: wipes the shop data and seeds the demo clubs again (prints the new passwords).
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { createMediaStorage } from '../../modules/media/storage-plugin.ts';
import { migrateDb, openDatabase } from '../client.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
try {
  // Under the startup lock and in one transaction: a starting server never sees a half-wiped shop.
  const seeded = await database.withStartupLock(async (db) => {
    await migrateDb(db, database.kind);
    return db.transaction(async (tx) => {
      await tx.execute(sql`TRUNCATE organisations RESTART IDENTITY CASCADE`);
      await rm(config.mediaDir, { recursive: true, force: true });
      return seedDemo(tx, { mediaDir: config.mediaDir, media: createMediaStorage(config) });
    });
  });
  for (const s of seeded) {
    console.log(`[${s.alias}] customer ${s.customer.email} / ${s.customer.password}`);
    console.log(`[${s.alias}] manager  ${s.manager.email} / ${s.manager.password}`);
  }
} finally {
  await database.close();
}
