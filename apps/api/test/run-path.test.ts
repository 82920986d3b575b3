import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIST_DIR,
  missingBuild,
  REPO_ROOT,
  type SpawnedServer,
  spawnServer,
} from './fixtures/spawn-server.ts';

const problem = missingBuild();
if (problem) console.warn(`Skipping the compiled-server tests: ${problem}`);

const WEB_SERVER_DIR = join(REPO_ROOT, 'apps/web/build/server');
const DEV_ONLY = /^(tsx|vite|vitest|esbuild|typescript|@react-router\/dev|drizzle-kit|@club\/)/;

/** What a built file loads as it is loaded itself: static and side-effect imports, re-exports. */
const startUpSpecs = (code: string): string[] =>
  [
    ...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']/g),
    ...code.matchAll(/(?:^|[\s;])import\s*["']([^"']+)["']/g),
  ].map((m) => m[1]!);

/** Package names a built file imports (static, side-effect, literal dynamic imports and requires). */
const importedPackages = (code: string): string[] => {
  const specs = [
    ...startUpSpecs(code),
    ...[
      ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
      // createRequire(import.meta.url) for CommonJS-only entry points (esbuild may rename it require2).
      ...code.matchAll(/\brequire\d*\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1]!),
  ];
  return [
    ...new Set(
      specs
        .filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:'))
        .filter((s) => !builtinModules.includes(s))
        .map((s) =>
          s
            .split('/')
            .slice(0, s.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    ),
  ].sort();
};

const dependenciesOf = (pkg: string): string[] =>
  Object.keys(JSON.parse(readFileSync(join(REPO_ROOT, pkg, 'package.json'), 'utf8')).dependencies ?? {});

const builtFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, code: readFileSync(join(dir, f), 'utf8') }));

describe.skipIf(!!problem)('the compiled server', () => {
  it('loads sharp, the S3 SDK and nodemailer with their first use, not at start-up (decision 84)', () => {
    const code = readFileSync(join(DIST_DIR, 'server.js'), 'utf8');
    const atStartUp = startUpSpecs(code);
    expect(atStartUp).toContain('fastify');
    for (const pkg of ['sharp', '@aws-sdk/client-s3', 'nodemailer']) {
      expect(atStartUp, pkg).not.toContain(pkg);
      expect(code, pkg).toContain(`import("${pkg}")`);
    }
  });

  it('imports only production dependencies at run time: no tsx, vite or workspace TypeScript', () => {
    const files = builtFiles(DIST_DIR);
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['server.js', 'migrate-cli.js', 'seed-cli.js']),
    );
    const apiDeps = dependenciesOf('apps/api');
    for (const { file, code } of files) {
      const used = importedPackages(code);
      expect(used, file).toContain(file === 'server.js' ? 'fastify' : 'drizzle-orm');
      expect(
        used.filter((p) => DEV_ONLY.test(p)),
        file,
      ).toEqual([]);
      expect(
        used.filter((p) => !apiDeps.includes(p)),
        `${file}: not in apps/api dependencies`,
      ).toEqual([]);
      // The contract is inlined, not loaded as .ts from packages/contract.
      expect(code, file).not.toMatch(/\.ts["']/);
    }
    const webDeps = dependenciesOf('apps/web');
    for (const { file, code } of builtFiles(WEB_SERVER_DIR)) {
      const used = importedPackages(code);
      expect(
        used.filter((p) => DEV_ONLY.test(p)),
        file,
      ).toEqual([]);
      expect(
        used.filter((p) => !webDeps.includes(p)),
        `${file}: not in apps/web dependencies`,
      ).toEqual([]);
    }
  });

  describe('started with the default configuration on an empty DATA_DIR (the embedded PostgreSQL)', () => {
    let server: SpawnedServer;
    beforeAll(async () => {
      server = await spawnServer();
      if (!server.healthy) throw new Error(`the compiled server did not start:\n${server.output()}`);
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
    });

    it('runs plain node on the compiled file', () => {
      const cmdline = readFileSync(`/proc/${server.process.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(cmdline).toEqual([process.execPath, join(DIST_DIR, 'server.js')]);
    });

    it('migrated and seeded the database and serves the API, the static assets and the storefront', async () => {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ ok: true });
      const products = await fetch(`${server.url}/api/centauri/sklepyonline/getProdukty/0/8`, {
        headers: { organizacja: 'demo' },
      });
      expect(products.status).toBe(200);
      expect(((await products.json()) as unknown[]).length).toBeGreaterThan(0);
      // Found through the package folders, not the compiled file's own path.
      const placeholder = await fetch(`${server.url}/assets/images/no-image.png`);
      expect(placeholder.status).toBe(200);
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<html lang="pl"');
      expect(html).toContain('/build-assets/');
      // No error logged and no stack trace printed on the way.
      expect(server.output(), server.output()).not.toMatch(/"level":(50|60)|\n\s+at /);
    });

    it('does not serve /dev/outbox', async () => {
      for (const path of ['/dev/outbox', '/dev/outbox/']) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
      }
    });
  });

  it('loads .env.example as it is, and serves /dev/outbox when DEV_OUTBOX=on', async () => {
    // The environment wins over the file (Node's --env-file), as on a server with a .env.
    const on = await spawnServer({
      nodeArgs: [`--env-file=${join(REPO_ROOT, '.env.example')}`],
      env: { DEV_OUTBOX: 'on', SEED_DEMO: 'off' },
    });
    try {
      expect(on.healthy, on.output()).toBe(true);
      const res = await fetch(`${on.url}/dev/outbox`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Brak wiadomości.');
    } finally {
      await on.stop();
    }
  }, 180_000);
});
