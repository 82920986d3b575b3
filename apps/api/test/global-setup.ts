import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/seed.ts';
import { TEST_HASH_COST, TEST_PASSWORDS } from './passwords.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    mediaDir: string;
  }
}

/** Migrates and seeds one template database; every test file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'clubshop-test-'));
  const mediaDir = join(root, 'media');
  project.provide('mediaDir', mediaDir);
  const usePg = process.env.TEST_DB === 'postgres';
  if (usePg) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const tpl = `clubshop_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.query(`CREATE DATABASE ${tpl}`);
    const u = new URL(url);
    u.pathname = `/${tpl}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 2 });
    await database.migrate();
    await seedDemo(database.db, { mediaDir, passwords: TEST_PASSWORDS, passwordCost: TEST_HASH_COST });
    await database.close();
    project.provide('pgTemplate', tpl);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${tpl}`);
      await admin.end();
    };
  }
  const client = await createPglite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await seedDemo(database.db, { mediaDir, passwords: TEST_PASSWORDS, passwordCost: TEST_HASH_COST });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(root, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}
