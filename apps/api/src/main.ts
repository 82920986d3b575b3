import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { isSeeded, seedDemo } from './db/seed/seed.ts';
import { createMailer } from './modules/mail/mailer.ts';

/** Opens the database (migrating it), seeds the demo shop on first start and builds the app. */
export const startShop = async (config: Config, log: (line: string) => void = console.log) => {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  if (config.seedDemo && !(await isSeeded(database.db))) {
    const seeded = await seedDemo(database.db, { mediaDir: config.mediaDir });
    log('Seeded the demo shops. Accounts (shown once):');
    for (const s of seeded) {
      log(`  [${s.alias}] customer ${s.customer.email} / ${s.customer.password}`);
      log(`  [${s.alias}] manager  ${s.manager.email} / ${s.manager.password}`);
    }
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: config.mailFrom,
  });
  const app = await buildApp({ config, db: database.db, mailer, redis });
  app.addHook('onClose', async () => {
    await database.close();
    redis?.disconnect();
  });
  return { app, database };
};
