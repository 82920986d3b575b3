import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres, withDatabase } from '../src/db/embedded-postgres.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { TEST_HASH_COST, TEST_PASSWORDS } from './passwords.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's URL on the run's PostgreSQL (TEST_DATABASE_URL's, or the embedded one's). */
    adminUrl: string;
    /** The migrated and seeded database every test file copies (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string;
    mediaDir: string;
  }
}

/**
 * The run's PostgreSQL: TEST_DATABASE_URL's server, or an embedded one started for the run (as the
 * shop's default, with durability off: a test run's data need not survive a crash). Migrates and
 * seeds one template database; every test file then starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'clubshop-test-'));
  const mediaDir = join(root, 'media');
  project.provide('mediaDir', mediaDir);
  const embedded = process.env.TEST_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: join(root, 'data'),
        whenRunning: 'refuse',
        settings: {
          fsync: 'off',
          synchronous_commit: 'off',
          full_page_writes: 'off',
          max_connections: '300',
        },
        log: () => {},
      });
  const adminUrl = process.env.TEST_DATABASE_URL ?? withDatabase(embedded!.url, 'postgres');
  project.provide('adminUrl', adminUrl);
  const tpl = `clubshop_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
  await admin.query(`CREATE DATABASE ${tpl}`);
  const database = await openDatabase({ url: withDatabase(adminUrl, tpl), poolSize: 2 });
  await database.migrate();
  await seedDemo(database.db, { mediaDir, passwords: TEST_PASSWORDS, passwordCost: TEST_HASH_COST });
  await database.close();
  project.provide('pgTemplate', tpl);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
