// Start-up as production runs it (the compiled server, one process each): migrations and the
// first-start seed are locked and atomic, and the embedded database has one writer.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { demoOrg, rivalOrg } from '../src/db/seed/demo-data.ts';
import { mediaPath, shownLogoFileName } from '../src/modules/media/images.ts';
import { PHOTO_SIZES, variantKeys } from '../src/modules/media/variants.ts';
import { missingBuild, type SpawnedServer, type SpawnOptions, spawnServer } from './fixtures/spawn-server.ts';

const problem = missingBuild();
if (problem) console.warn(`Skipping the start-up tests: ${problem}`);
const onPostgres = process.env.TEST_DB === 'postgres';
const SEEDED = 'Seeded the demo shops';

const servers: SpawnedServer[] = [];
const start = async (options: SpawnOptions) => {
  const server = await spawnServer(options);
  servers.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop(3_000)));
});

const databases: string[] = [];
/** A new, empty PostgreSQL database: a first start. */
const emptyDatabase = async () => {
  const name = `clubshop_b_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};
afterAll(async () => {
  if (!databases.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Opens the shop's database from the test: PostgreSQL by URL, PGlite in DATA_DIR (no server running). */
const withDb = async <T>(env: Record<string, string>, fn: (db: Db) => Promise<T>): Promise<T> => {
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 1 } : { dataDir: join(env.DATA_DIR!, 'pglite') },
  );
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
};

const productCount = demoOrg.products.length + rivalOrg.products.length;
const mediaCount = [demoOrg, rivalOrg]
  // Photos in every size as JPEG and WebP; three banner slides, each image as JPEG and WebP; two
  // logos, each with its copy for pages.
  .map(
    (o) => o.products.reduce((n, p) => n + (p.photos ?? 1), 0) * PHOTO_SIZES.length * 2 + 3 * 2 * 2 + 2 * 2,
  )
  .reduce((a, b) => a + b);

/** Files under `dir`; a file renamed away while listing (a seed writing aside) is skipped. */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? (readdirSync(dir, { recursive: true }) as string[])
        .filter((f) => statSync(join(dir, f), { throwIfNoEntry: false })?.isFile())
        .sort()
    : [];

const counts = (db: Db) =>
  Promise.all([
    db.$count(t.organisations),
    db.$count(t.products),
    db.$count(t.users),
    db.$count(t.organisations, eq(t.organisations.alias, demoOrg.alias)),
  ]).then(([organisations, products, users, demo]) => ({ organisations, products, users, demo }));
const WHOLE_DEMO = { organisations: 2, products: productCount, users: 4, demo: 1 };

/** Every media file the seeded rows name, relative to the media folder. */
const expectedMedia = async (db: Db) => {
  const files: string[] = [];
  const orgs = await db.select().from(t.organisations);
  const alias = new Map(orgs.map((o) => [o.id, o.alias]));
  for (const o of orgs)
    for (const logo of [o.logoMain!, o.logoFooter!])
      files.push(mediaPath.logo(o.alias, logo), mediaPath.logo(o.alias, shownLogoFileName(logo)));
  for (const p of await db.select().from(t.productPhotos)) {
    // Every size as JPEG and WebP.
    for (const v of variantKeys(alias.get(p.organisationId)!, p.productId, p.id, p.fileName))
      files.push(v.key);
  }
  for (const s of await db.select().from(t.bannerSlides)) {
    const a = alias.get(s.organisationId)!;
    for (const f of [s.fileName, s.mobileFileName, s.webpFileName, s.mobileWebpFileName])
      files.push(mediaPath.bannerImage(a, s.bannerId, s.id, f!));
  }
  return files.sort();
};

/** A whole image: JPEG ends with its EOI marker, PNG with its IEND chunk, WebP fills its RIFF size. */
const complete = (file: string) => {
  const b = readFileSync(file);
  if (file.endsWith('.png')) return b.subarray(-8, -4).toString('latin1') === 'IEND';
  if (file.endsWith('.webp'))
    return b.toString('latin1', 0, 4) === 'RIFF' && b.readUInt32LE(4) + 8 === b.length;
  return b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
};

describe.skipIf(problem)('start-up', () => {
  it.runIf(onPostgres)(
    'three processes started together on an empty PostgreSQL database all come up, with one demo',
    async () => {
      const url = await emptyDatabase();
      // One shared DATA_DIR, as N processes behind a load balancer share their media.
      const dataDir = mkdtempSync(join(tmpdir(), 'clubshop-three-'));
      const env = { DATABASE_URL: url, DATA_DIR: dataDir };
      // Generous: on a loaded machine three seeds racing for one lock take a while.
      const three = await Promise.all([1, 2, 3].map(() => start({ env, timeoutMs: 90_000 })));
      for (const s of three) expect(s.healthy, s.output()).toBe(true);
      expect(three.filter((s) => s.output().includes(SEEDED))).toHaveLength(1);

      expect(await withDb(env, counts)).toEqual(WHOLE_DEMO);
      for (const s of three) {
        const res = await fetch(`${s.url}/api/centauri/sklepyonline/getwysylki`, {
          headers: { organizacja: 'demo' },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toHaveLength(demoOrg.shipping.length);
      }
    },
    150_000,
  );

  it('a start killed during the seed leaves nothing; the next start seeds the whole demo', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clubshop-killed-'));
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (onPostgres) env.DATABASE_URL = await emptyDatabase();
    const media = join(dataDir, 'media');

    // The seed writes its images inside its transaction, before the commit, after the first
    // club's rows: the first image on disk means a seed half-way. Kill it right there.
    const first = await start({ env, timeoutMs: 0 });
    let filesAtKill = 0;
    const deadline = Date.now() + 40_000;
    while (!filesAtKill && Date.now() < deadline && first.process.exitCode === null) {
      filesAtKill = filesUnder(media).length;
      if (!filesAtKill) await new Promise((r) => setTimeout(r, 10));
    }
    first.process.kill('SIGKILL');
    await first.exited;
    expect(filesAtKill, first.output()).toBeGreaterThan(0);
    expect(filesAtKill).toBeLessThan(mediaCount);
    expect(first.output()).not.toContain(SEEDED);

    expect(await withDb(env, counts)).toEqual({ organisations: 0, products: 0, users: 0, demo: 0 });

    // The next start (on PGlite also past the killed process's lock) completes the demo, media too.
    const second = await start({ env, timeoutMs: 90_000 });
    expect(second.healthy, second.output()).toBe(true);
    expect(second.output()).toContain(SEEDED);
    await second.stop();
    expect(await withDb(env, counts)).toEqual(WHOLE_DEMO);
    const expected = await withDb(env, expectedMedia);
    expect(expected).toHaveLength(mediaCount);
    // Exactly the files the rows name (the killed attempt's leftovers are gone), each one whole.
    expect(filesUnder(media)).toEqual(expected);
    for (const f of expected) expect(complete(join(media, f)), f).toBe(true);
  }, 180_000);

  it.runIf(!onPostgres)(
    'a second process on one DATA_DIR refuses to start; a dead owner does not block',
    async () => {
      const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'clubshop-lock-')), SEED_DEMO: 'off' };
      const lockFile = join(env.DATA_DIR, 'pglite.lock');
      const first = await start({ env, timeoutMs: 30_000 });
      expect(first.healthy, first.output()).toBe(true);

      const second = await start({ env, timeoutMs: 20_000 });
      expect(second.healthy).toBe(false);
      expect(await second.exited).toBe(1);
      const refusal = second.output();
      expect(refusal).toContain(`DATA_DIR`);
      expect(refusal).toContain(join(env.DATA_DIR, 'pglite'));
      expect(refusal).toContain(`pid ${first.process.pid}`);
      expect(refusal).toMatch(/PostgreSQL \(set DATABASE_URL\)/);
      expect(refusal).not.toMatch(/\n\s+at /); // a message, not a stack trace
      // The first one is unharmed.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      // A crash leaves the lock behind with a dead pid: the next start takes it over.
      first.process.kill('SIGKILL');
      await first.exited;
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(first.process.pid);
      const third = await start({ env, timeoutMs: 30_000 });
      expect(third.healthy, third.output()).toBe(true);
      expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(third.process.pid);

      // A graceful shutdown releases it.
      expect(await third.stop()).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    60_000,
  );
});
