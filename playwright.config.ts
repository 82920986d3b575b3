import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args.ts';

// One fresh shop per run on the compiled server, as it ships (built here first when the build is
// missing or older than the sources; `npm test` has just built it).
const PORT = Number(process.env.E2E_PORT ?? 3300);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'clubshop-e2e-'));
export const E2E_BASE_URL = `http://localhost:${PORT}`;

// The run's PayU: a local server speaking PayU's OAuth/REST protocol (apps/api/test/fakes), on a
// port next to the shop's. Credentials and the shop's SECRETS_KEY are made for the run; set here
// in the runner, the workers inherit them (the specs log in to PayU with the same values).
// Both next to the shop's unless set (a shared machine may give a run a few ports only).
const PAYU_PORT = Number(process.env.E2E_PAYU_PORT ?? PORT + 1000);
process.env.E2E_PAYU_PORT = String(PAYU_PORT);
process.env.E2E_PAYU_POS_ID ??= '300746';
process.env.E2E_PAYU_CLIENT_ID ??= '300746';
process.env.E2E_PAYU_CLIENT_SECRET ??= randomBytes(16).toString('hex');
process.env.E2E_PAYU_SECOND_KEY ??= randomBytes(16).toString('hex');
process.env.E2E_SECRETS_KEY ??= randomBytes(32).toString('base64');
// Debian's Chromium as a headless shell (package chromium-headless-shell, the same Blink and V8
// without the desktop browser around them; Playwright's own default for headless runs) when it is
// installed: it took a third less time than the full browser over the same specs. Else the
// full browser. CHROMIUM_PATH names another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
// The shop asks this port for DNS when a club proves a domain; the domains spec answers there.
const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? PORT + 2000);
process.env.E2E_DNS_PORT = String(DNS_PORT);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers on two cores: most of a test is waiting on the browser or the shop. The specs that
  // time a panel change reaching the shop (5 s) pass so on a quiet machine, not with other work on it.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    // Recording a trace costs every test its screencast and snapshots (a sixth of the run's time):
    // in CI, only a test that failed once is traced, on its retry; on a desktop, every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      // The server's output goes to a file in the run's data folder: the first start seeds the demo
      // clubs and prints their accounts' passwords once, and the panel tests log in with the manager's.
      command: 'node scripts/build-if-needed.mjs && node apps/api/dist/server.js > "$DATA_DIR/server.log"',
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: E2E_BASE_URL,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        // The tests read the outbox and pay on the demo payment page; both are off by default.
        DEV_OUTBOX: 'on',
        DEMO_PAYMENTS: 'on',
        // Clubs' PayU keys are saved encrypted; every PayU call goes to the run's fake PayU.
        SECRETS_KEY: process.env.E2E_SECRETS_KEY,
        PAYU_BASE_URL: `http://127.0.0.1:${PAYU_PORT}`,
        DOMAIN_CHECK_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      },
    },
    {
      command: 'npx tsx tests/e2e/fake-payu.ts',
      port: PAYU_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
