#!/usr/bin/env node
// `npm run build:api`: compiles the API to plain JavaScript in apps/api/dist with esbuild.
// Workspace packages (@club/contract, shipped as TypeScript) are inlined; every other package stays
// an import resolved from node_modules at run time, so it must be in apps/api's `dependencies`.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const api = join(root, 'apps/api');
const outdir = join(api, 'dist');

/** Bare imports are external unless they name a workspace package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@club/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `@scope/name/sub` -> `@scope/name`, `name/sub` -> `name`. */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // One self-contained file per command; all of them sit directly in dist/, so paths computed
  // from `import.meta.url` (the migrations folder, apps/web/build) are the same for each.
  entryPoints: {
    server: 'apps/api/src/server.ts',
    'migrate-cli': 'apps/api/src/cli/migrate-cli.ts',
    'seed-cli': 'apps/api/src/cli/seed-cli.ts',
    'club-cli': 'apps/api/src/cli/club-cli.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
// client.ts finds `migrations` beside the running file.
cpSync(join(api, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });

// A package imported at run time but missing from `dependencies` is gone after `npm ci --omit=dev`.
const deps = Object.keys(JSON.parse(readFileSync(join(api, 'package.json'), 'utf8')).dependencies ?? {});
const builtins = new Set(builtinModules);
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imp of output.imports) {
    if (!imp.external || imp.path.startsWith('node:') || builtins.has(imp.path)) continue;
    const name = packageName(imp.path);
    if (!deps.includes(name)) missing.add(name);
  }
}
if (missing.size) {
  console.error(
    `apps/api/dist imports packages that are not in apps/api's dependencies: ${[...missing].join(', ')}`,
  );
  process.exit(1);
}
console.log(
  `API built: ${Object.keys(result.metafile.outputs)
    .filter((f) => f.endsWith('.js'))
    .join(', ')}`,
);
