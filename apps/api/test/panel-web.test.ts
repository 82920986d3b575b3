import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountPanel, PANEL_CSP, PANEL_DIST } from '../src/panel-web.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** A panel build as Vite writes it: index.html and hashed assets (the real one needs `npm run build`). */
const fakeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clubshop-panel-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="pl"><head><script type="module" src="/panel/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  return dir;
};

describe('manager panel served by the API process', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = fakeBuild();
    t = await createTestApp({}, { beforeListen: (app) => mountPanel(app, { distDir }) });
  });
  afterAll(() => t?.close());

  it.each([
    '/panel',
    '/panel/',
    '/panel/logowanie',
    '/panel/produkty',
    '/panel/zamowienia/12?x=1',
  ])('%s answers the app page, never cached, under the strict CSP', async (path) => {
    const res = await fetch(t.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(PANEL_CSP);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await res.text()).toContain('<div id="root"></div>');
  });

  it('the CSP allows scripts and styles from the shop itself only: no inline script, no framing', () => {
    expect(PANEL_CSP).toContain("script-src 'self';");
    expect(PANEL_CSP).not.toContain('unsafe-inline');
    expect(PANEL_CSP).not.toContain('unsafe-eval');
    expect(PANEL_CSP).toContain("frame-ancestors 'none'");
  });

  it('hashed assets are served for a year, immutable; a missing one is a 404, not the app page', async () => {
    const js = await fetch(`${t.url}/panel/assets/index-abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const missing = await fetch(`${t.url}/panel/assets/index-nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).not.toMatch(/html/);
  });

  it('the API under /api/panel is not shadowed by the app page', async () => {
    const res = await fetch(`${t.url}/api/panel/auth/me`);
    expect(res.status).toBe(401);
    expect((await res.json()) as { Message: string }).toHaveProperty('Message');
  });
});

describe('manager panel not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'clubshop-panel-missing-'));
    t = await createTestApp({}, { beforeListen: (app) => mountPanel(app, { distDir }) });
  });
  afterAll(() => t?.close());

  it('says in Polish how to build it, with a 503', async () => {
    const res = await fetch(`${t.url}/panel/logowanie`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Uruchom <code>npm run build</code>');
  });
});

const bothBuilt = existsSync(WEB_SERVER_ENTRY) && existsSync(join(PANEL_DIST, 'index.html'));

describe.skipIf(!bothBuilt)('storefront and panel side by side (the real builds)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { beforeListen: mountWeb });
  });
  afterAll(() => t?.close());

  it("/panel paths get the panel's page, not the storefront's", async () => {
    const res = await fetch(`${t.url}/panel/produkty/nowy`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(PANEL_CSP);
    const html = await res.text();
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/panel\/assets\/index-[\w-]+\.js"><\/script>/,
    );
    // No inline script: every <script> has a src.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    const bundle = html.match(/\/panel\/assets\/index-[\w-]+\.js/)![0];
    const js = await fetch(t.url + bundle, { headers: { 'accept-encoding': 'br' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('br');
  });

  it('the storefront still answers its own pages', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).not.toBe(PANEL_CSP);
  });
});
