#!/usr/bin/env node
// Runs every test suite once: unit, contract and API tests (on TEST_DATABASE_URL's PostgreSQL, or an
// embedded one the API tests start for the run), then the browser tests; ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const out = mkdtempSync(join(tmpdir(), 'clubshop-results-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRun = false;

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedRun = true;
  return r.status === 0;
};

const vitest = (label, file, args, env) => {
  run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) {
    failedRun = true;
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
};

// The compiled API (the run-path tests start it) and the storefront.
if (!run('build the API and the storefront', 'npm', ['run', 'build', '--silent'])) {
  console.error('The build failed.');
}
vitest(
  `unit and API tests (PostgreSQL: ${process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL' : 'embedded, started for the run'})`,
  join(out, 'vitest.json'),
  [],
);
if (existsSync('playwright.config.ts')) {
  const file = join(out, 'e2e.json');
  run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
}
console.log(`\nAll suites: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedRun && totals.failed === 0) console.log('A suite failed to run (see above).');
process.exit(failedRun || totals.failed > 0 ? 1 : 0);
