#!/usr/bin/env node
// Used by `npm start`: builds the API, the storefront and/or the manager's panel only when their
// output is missing or older than their sources (a walk over file times: a few milliseconds), so a
// restart is quick.
// `--api` checks the API alone (the database commands need nothing else).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIR = new Set(['node_modules', 'build', 'dist', '.react-router']);
const SKIP_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Newest modification time (ms) among the files under `paths` (files or folders). */
const newest = (paths) => {
  let max = 0;
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(path, { withFileTypes: true })) {
        if (e.isDirectory() ? SKIP_DIR.has(e.name) : SKIP_FILE.test(e.name)) continue;
        visit(join(path, e.name));
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  for (const p of paths) visit(join(root, p));
  return max;
};

const contract = ['packages/contract/src', 'packages/contract/package.json'];
const targets = [
  {
    name: 'API',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/package.json', 'scripts/build-api.mjs', ...contract],
    tool: 'esbuild',
    build: () => spawnSync(process.execPath, [join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' }),
  },
  {
    name: 'storefront',
    output: 'apps/web/build/server/index.js',
    inputs: [
      'apps/web/app',
      'apps/web/server',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      'apps/web/package.json',
      'package-lock.json',
      ...contract,
    ],
    tool: '@react-router/dev',
    build: () =>
      spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { stdio: 'inherit', cwd: root }),
  },
  {
    name: "manager's panel",
    output: 'apps/panel/dist/index.html',
    inputs: [
      'apps/panel/src',
      'apps/panel/index.html',
      'apps/panel/vite.config.ts',
      'apps/panel/package.json',
      'package-lock.json',
      ...contract,
    ],
    tool: 'vite',
    build: () => spawnSync('npm', ['run', 'build:panel', '--silent'], { stdio: 'inherit', cwd: root }),
  },
];

const wanted = process.argv.includes('--api') ? targets.slice(0, 1) : targets;
for (const t of wanted) {
  const out = join(root, t.output);
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  if (built && built >= newest(t.inputs)) continue;
  // After `npm prune --omit=dev` the build tools are gone: run what was built rather than nothing.
  if (!existsSync(join(root, 'node_modules', t.tool))) {
    if (built) {
      console.warn(
        `The ${t.name} build is older than its sources, but ${t.tool} is not installed: starting it as built.`,
      );
      continue;
    }
    console.error(
      `${t.output} is missing and ${t.tool} is not installed: run "npm ci && npm run build" first.`,
    );
    process.exit(1);
  }
  console.log(`Building the ${t.name} (${built ? 'sources changed' : 'no build yet'})...`);
  const r = t.build();
  if (r.status !== 0) process.exit(r.status ?? 1);
}
