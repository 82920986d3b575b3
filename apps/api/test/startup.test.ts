// Start-up as production runs it (the compiled server, one process each): migrations and the
// first-start seed are locked and atomic.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/client.ts';
import { databaseServer } from '../src/db/embedded-postgres.ts';
import * as t from '../src/db/schema.ts';
import { mediaPath, shownLogoFileName } from '../src/modules/media/images.ts';
import { PHOTO_SIZES, variantKeys } from '../src/modules/media/variants.ts';
import { demoOrg, rivalOrg } from '../src/seed/demo-data.ts';
import { missingBuild, type SpawnedServer, type SpawnOptions, spawnServer } from './fixtures/spawn-server.ts';
import { newDatabase } from './harness.ts';

const problem = missingBuild();
if (problem) console.warn(`Skipping the start-up tests: ${problem}`);
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

const drops: (() => Promise<void>)[] = [];
/** A new, empty PostgreSQL database: a first start. */
const emptyDatabase = async () => {
  const { url, drop } = await newDatabase('clubshop_b');
  drops.push(drop);
  return url;
};
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** Opens the shop's database from the test: by URL, or the embedded one in DATA_DIR (started for it). */
const withDb = async <T>(env: Record<string, string>, fn: (db: Db) => Promise<T>): Promise<T> => {
  const server = await databaseServer(
    { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! },
    'join',
    () => {},
  );
  const database = await openDatabase({ url: server.url, poolSize: 1 });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
    await server.stop();
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
  it('three processes started together on an empty PostgreSQL database all come up, with one demo', async () => {
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
      expect(await res.json()).toHaveLength(demoOrg.shipping.filter((o) => !o.electronic).length);
    }
  }, 150_000);

  it('a start killed during the seed leaves nothing; the next start seeds the whole demo', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'clubshop-killed-'));
    // The default: the embedded PostgreSQL in DATA_DIR.
    const env: Record<string, string> = { DATA_DIR: dataDir };
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

    // The next start (past the killed process's lock and server) completes the demo, media too.
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
});
