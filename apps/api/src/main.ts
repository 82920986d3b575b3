import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.ts';
import { type DbLog, migrateDb, openDatabase } from './db/client.ts';
import { databaseServer } from './db/embedded-postgres.ts';
import type { Config } from './lib/config.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createMediaStorage } from './modules/media/storage-plugin.ts';
import { isSeeded, seedDemo } from './seed/seed.ts';

/**
 * Starts the embedded PostgreSQL unless DATABASE_URL names a server, opens the database, migrates it and seeds the demo shop on first start, then builds the app.
 * Migrate + seed run under the startup lock, so processes started together on one PostgreSQL
 * database take turns: the first one migrates and seeds, the others find it done.
 */
export const startShop = async (config: Config, log: (line: string) => void = console.log) => {
  // Database trouble goes to the app's logger once it exists, to the console before that.
  let appLog: FastifyBaseLogger | undefined;
  const dbLog: DbLog = {
    warn: (obj, m) => (appLog ? appLog.warn(obj, m) : console.warn(m, obj)),
    error: (obj, m) => (appLog ? appLog.error(obj, m) : console.error(m, obj)),
  };
  const server = await databaseServer(config, 'refuse', log);
  const database = await openDatabase({
    url: server.url,
    poolSize: config.databasePoolSize,
    log: dbLog,
  }).catch(async (e: unknown) => {
    await server.stop();
    throw e;
  });
  try {
    const seeded = await database.withStartupLock(async (db) => {
      await migrateDb(db);
      if (!config.seedDemo || (await isSeeded(db))) return undefined;
      return seedDemo(db, { mediaDir: config.mediaDir, media: await createMediaStorage(config) });
    });
    if (seeded) {
      log('Seeded the demo shops. Accounts (shown once):');
      for (const s of seeded) {
        log(`  [${s.alias}] customer ${s.customer.email} / ${s.customer.password}`);
        log(`  [${s.alias}] manager  ${s.manager.email} / ${s.manager.password}`);
      }
    }
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: config.outboxDir,
      from: config.mailFrom,
    });
    const app = await buildApp({ config, db: database.db, genericPlans: database.genericPlans, mailer });
    appLog = app.log;
    app.addHook('onClose', async () => {
      await database.close();
    });
    // After app.close(): onClose hooks run last-registered first, so the plugins' own (the change
    // listener, the mail worker) still need the server when this one has run.
    return { app, database, stopDatabase: () => server.stop() };
  } catch (e) {
    await database.close().catch(() => {});
    await server.stop();
    throw e;
  }
};
