import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { formatPrice } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWeb, PAGE_CACHE_HEADER, WEB_SERVER_ENTRY } from '../src/web.ts';
import { holdPoint } from './fixtures/hold.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

const built = existsSync(WEB_SERVER_ENTRY);
if (!built)
  console.warn(`web.test.ts skipped: no web build at ${WEB_SERVER_ENTRY}; run "npm run build" first.`);

type Product = { Id: number; Nazwa: string; CenaBrutto: number };

/** How React writes text into HTML. */
const esc = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** A GET with a chosen Host header (fetch does not let us set it). */
const getWithHost = (url: string, host: string) => {
  const u = new URL(url);
  return rawRequest(u.origin, `${u.pathname}${u.search}`, { headers: { host } });
};

describe.skipIf(!built)('storefront served by the API process', () => {
  let t: TestApp;
  let home: { status: number; headers: Headers; html: string };
  beforeAll(async () => {
    t = await createTestApp({}, { beforeListen: mountWeb });
    const res = await fetch(`${t.url}/`);
    home = { status: res.status, headers: res.headers, html: await res.text() };
  });
  afterAll(() => t?.close());

  it('renders the home page on the server with title and description from the site settings', () => {
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.html).toMatch(/^<!DOCTYPE html><html lang="pl">/);
    expect(home.html).toContain('<title>Sklep kibica MKS Sokół</title>');
    expect(home.html).toContain(
      '<meta name="description" content="Oficjalny sklep kibica MKS Sokół: koszulki meczowe, szaliki, gadżety i bilety."/>',
    );
    expect(home.html).toContain('MKS Sokół Demo');
    expect(home.html).toContain(`© ${new Date().getFullYear()} MKS Sokół Demo`);
  });

  it('lists the first 8 products as tiles with names, zł prices and links', async () => {
    const res = await t.fetch('/api/centauri/sklepyonline/getProdukty/0/8');
    const products = (await res.json()) as Product[];
    expect(products).toHaveLength(8);
    expect(home.html).toContain('Wszystkie produkty');
    expect(home.html).toContain('href="/produkty"');
    for (const p of products) {
      expect(home.html).toContain(esc(p.Nazwa));
      expect(home.html).toContain(`href="/produkt/${p.Id}"`);
      expect(home.html).toContain(formatPrice(p.CenaBrutto));
    }
    expect(home.html.match(/>Szczegóły</g)).toHaveLength(8);
    expect(home.html).toMatch(
      /src="(\/static\/demo\/wyrobzdjecie\/\d+\/\d+\/600_600_[^"]+|\/assets\/images\/no-image\.png)"/,
    );
    expect(home.html).toContain('loading="lazy"');
  });

  it('prints prices the Polish way', () => {
    expect(formatPrice(289.99)).toBe('289,99\u00a0zł');
    expect(home.html).toMatch(/\d,\d{2}\u00a0zł/);
  });

  it("sends a Content-Security-Policy naming each of the page's inline scripts by hash, and no nonce", () => {
    const csp = home.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').slice(0, 2)).toEqual(['script-src', "'self'"]);
    const allowed = [...scriptSrc.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const inline = [...home.html.matchAll(/<script(?: type="module" async)?>([\s\S]*?)<\/script>/g)].map(
      (m) => createHash('sha256').update(m[1]!).digest('base64'),
    );
    expect(inline.length).toBeGreaterThan(2);
    expect(new Set(allowed)).toEqual(new Set(inline));
    expect(home.html).not.toContain('nonce');
  });

  it('is one document: nothing after </html>, the scripts preloaded as React Router writes them', () => {
    expect(home.html.trimEnd().endsWith('</body></html>')).toBe(true);
    expect(home.html.match(/<\/html>/g)).toHaveLength(1);
    const preloads = [...home.html.matchAll(/<link[^>]*\bhref="\/build-assets\/[^"]+\.js"[^>]*>/g)].map(
      (m) => m[0],
    );
    expect(preloads.length).toBeGreaterThan(2);
    for (const link of preloads) expect(link).toMatch(/^<link rel="modulepreload" href="[^"]+"\/>$/);
  });

  it('answers unknown pages with HTTP 404 and the Polish 404 page inside the layout', async () => {
    const res = await fetch(`${t.url}/nie-ma-takiej-strony`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Nie znaleziono strony');
    expect(html).toContain('<title>Nie znaleziono strony | MKS Sokół Demo</title>');
    expect(html).toContain('MKS Sokół Demo');
  });

  it('keeps the JSON 404 of the API for unknown /api paths', async () => {
    for (const path of ['/api/nie-ma', '/api/nie-ma/dalej?x=1', '/api']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ Message: 'Nie znaleziono.' });
    }
  });

  it('serves hashed bundles under /build-assets/ with an immutable cache header', async () => {
    const assets = [...home.html.matchAll(/(?:href|src)="(\/build-assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    // The stylesheet is inlined (decision 69): the first paint waits for the document alone.
    expect(assets.some((a) => a.endsWith('.css'))).toBe(false);
    expect(home.html).toMatch(
      /<head>.*<style>@layer properties.*--color-primary:var\(--brand\).*<\/style>.*<\/head>/s,
    );
    // The club's colours follow it, in a <style> of their own (decision 141).
    expect(home.html).toMatch(/<head>.*<style>:root\{--brand:#0b5d3b;.*<\/style>.*<\/head>/s);
    for (const asset of new Set(assets)) {
      const res = await fetch(`${t.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
    const missing = await fetch(`${t.url}/build-assets/nie-ma.js`);
    expect(missing.status).toBe(404);
  });

  it('loads no zod on browsing pages (its eval probe breaks the CSP; forms load it themselves)', async () => {
    for (const path of ['/', '/produkty', '/produkt/1']) {
      const html = await (await fetch(`${t.url}${path}`)).text();
      const scripts = new Set([...html.matchAll(/"(\/build-assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
      expect(scripts.size, path).toBeGreaterThan(3);
      for (const script of scripts) {
        const js = await (await fetch(`${t.url}${script}`)).text();
        expect(js, `${path}: ${script}`).not.toMatch(/\$Zod[A-Z]/);
      }
    }
  });

  it('compresses pages and bundles for browsers that accept it', async () => {
    const page = await fetch(`${t.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toContain('</html>');
    const js = [...home.html.matchAll(/(?:href|src)="(\/build-assets\/[^"]+\.js)"/g)][0]?.[1];
    const bundle = await fetch(`${t.url}${js}`, { headers: { 'accept-encoding': 'br' } });
    expect(bundle.headers.get('content-encoding')).toBe('br');
    await bundle.arrayBuffer();
  });

  it('serves the favicon (the club’s shield in its colours) with a short cache', async () => {
    const res = await fetch(`${t.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${t.url}/`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
  });

  it("answers the HEAD of a page not cached yet with the GET's length, and the GET comes from the cache", async () => {
    const identity = { 'accept-encoding': 'identity' };
    const head = await fetch(`${t.url}/regulamin`, { method: 'HEAD', headers: identity });
    expect(head.status).toBe(200);
    expect(head.headers.get(PAGE_CACHE_HEADER)).toBe('MISS');
    expect(await head.text()).toBe('');
    const get = await fetch(`${t.url}/regulamin`, { headers: identity });
    expect(get.headers.get(PAGE_CACHE_HEADER)).toBe('HIT');
    const html = await get.text();
    expect(html).toContain('Regulamin');
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });

  it('passes form posts through to the pages (no action here: 405, not a body-parser error)', async () => {
    const res = await fetch(`${t.url}/nie-ma-takiej-strony`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.url },
      body: 'a=1',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('picks the tenant from the Host header: the rival club sees only its own shop', async () => {
    const rival = await getWithHost(`${t.url}/`, 'rywal.localhost');
    expect(rival.status).toBe(200);
    expect(rival.body).toContain('<title>Sklep FC Rywal</title>');
    expect(rival.body).toContain('Szalik FC Rywal');
    expect(rival.body).not.toContain('MKS Sokół');
    expect(rival.body).not.toContain('Koszulka meczowa domowa');
  });
});

/** Every absolute address a page, sitemap or robots.txt names. */
const addresses = (text: string) => [...text.matchAll(/https?:\/\/[^"'<>\s]+/g)].map((m) => m[0]);
const SPOOF = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'javascript',
  'x-forwarded-for': '203.0.113.66',
  forwarded: 'for=203.0.113.66;host=evil.example;proto=https',
};

describe.skipIf(!built)("canonical addresses: the club's configured domain, never the request's", () => {
  let t: TestApp;
  let site: string;
  beforeAll(async () => {
    t = await createTestApp({}, { beforeListen: mountWeb });
    // The demo club has the domain 'localhost', PUBLIC_URL's host: PUBLIC_URL is its address.
    site = t.config.publicUrl;
    expect(new URL(site).hostname).toBe('localhost');
  });
  afterAll(() => t?.close());

  it('canonical link, og:url and JSON-LD ignore Host, X-Forwarded-Host and -Proto', async () => {
    for (const headers of [{ host: 'evil.example', ...SPOOF }, SPOOF, { host: '127.0.0.1' }]) {
      const res = await rawRequest(t.url, '/produkt/1', { headers });
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="${site}/produkt/1"/>`);
      expect(res.body).toContain(`<meta property="og:url" content="${site}/produkt/1"/>`);
      expect(res.body).toContain(`"url":"${site}/produkt/1"`);
      expect(res.body).not.toContain('evil.example');
      // Nothing names the address the request came in on (product texts may link elsewhere).
      for (const a of addresses(res.body))
        expect(a, a).not.toMatch(/^https?:\/\/(evil\.example|127\.0\.0\.1)/);
    }
  });

  it('sitemap.xml and robots.txt too', async () => {
    // The index and every file it names.
    const sitemap = await rawRequest(t.url, '/sitemap.xml', { headers: { host: 'evil.example', ...SPOOF } });
    expect(sitemap.status).toBe(200);
    const files = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThanOrEqual(2);
    const locs = [...files];
    for (const file of files) {
      const res = await rawRequest(t.url, new URL(file).pathname, {
        headers: { host: 'evil.example', ...SPOOF },
      });
      expect(res.status, file).toBe(200);
      locs.push(...[...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    expect(locs.length).toBeGreaterThan(files.length + 3);
    for (const loc of locs) expect(loc.startsWith(`${site}/`), loc).toBe(true);
    const robots = await rawRequest(t.url, '/robots.txt', { headers: { host: 'evil.example', ...SPOOF } });
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots.body).not.toContain('evil');
  });

  it("another club's pages name that club's domain, with PUBLIC_URL's scheme and port", async () => {
    const rival = new URL(site);
    rival.hostname = 'rywal.localhost';
    const origin = rival.origin;
    const home = await rawRequest(t.url, '/', { headers: { host: 'rywal.localhost', ...SPOOF } });
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Sklep FC Rywal</title>');
    expect(home.body).toContain(`<link rel="canonical" href="${origin}/"/>`);
    const robots = await rawRequest(t.url, '/robots.txt', { headers: { host: 'rywal.localhost:8080' } });
    expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it("a path that looks like another host stays a path on the club's site", async () => {
    const res = await rawRequest(t.url, '//evil.example/produkty', { headers: { host: 'localhost' } });
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain('href="http://evil.example');
  });
});

describe.skipIf(!built)('pages behind a trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 }, { beforeListen: mountWeb });
  });
  afterAll(() => t?.close());

  it("the proxy's X-Forwarded-Host picks the club; the addresses still come from its domain", async () => {
    const res = await rawRequest(t.url, '/', {
      headers: { host: 'internal:3000', 'x-forwarded-host': 'rywal.localhost', 'x-forwarded-proto': 'https' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Sklep FC Rywal</title>');
    const rival = new URL(t.config.publicUrl);
    rival.hostname = 'rywal.localhost';
    expect(res.body).toContain(`<link rel="canonical" href="${rival.origin}/"/>`);
  });

  it('garbage X-Forwarded-Proto or -Host never gives a 5xx', async () => {
    const garbage = [
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-proto': 'http://x' },
      { 'x-forwarded-proto': '%%%' },
      { 'x-forwarded-proto': ' ' },
      { 'x-forwarded-proto': 'https, ftp, :' },
      { 'x-forwarded-host': '[::' },
      { 'x-forwarded-host': 'a b/c?d' },
      { 'x-forwarded-host': 'x'.repeat(3000) },
      { 'x-forwarded-for': 'nie-adres, :::' },
    ];
    for (const headers of garbage) {
      for (const path of ['/', '/produkt/1', '/sitemap.xml', '/robots.txt', '/api/cms/stronyfrontend/get']) {
        const res = await rawRequest(t.url, path, { headers });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }
    }
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      { beforeListen: (app) => mountWeb(app, { serverEntry: '/nie/ma/build/index.js' }) },
    );
  });
  afterAll(() => t?.close());

  it('says in Polish how to build the pages, and the API still works', async () => {
    const res = await fetch(`${t.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('npm run build');
    const api = await fetch(`${t.url}/api/nie-ma`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ Message: 'Nie znaleziono.' });
    const settings = await t.fetch('/api/cms/stronyfrontend/get');
    expect(settings.status).toBe(200);
  });
});

describe.skipIf(!built)('a page being rendered when the shutdown begins', () => {
  it('is finished: its calls into the API are not refused as new requests are', async () => {
    const hold = holdPoint();
    const t = await createTestApp(
      {},
      {
        beforeListen: async (app) => {
          await mountWeb(app);
          // Holds the page (a query string: never from the page cache) after the closing check.
          app.addHook('onRequest', async (request) => {
            if (request.url !== '/?wstrzymaj=1') return;
            await hold.here();
          });
        },
      },
    );
    try {
      const page = fetch(`${t.url}/?wstrzymaj=1`).then(async (r) => ({
        status: r.status,
        html: await r.text(),
      }));
      await hold.reached;
      const closed = t.app.close();
      await new Promise((r) => setTimeout(r, 50));
      hold.release();
      const { status, html } = await page;
      await closed;
      expect(status).toBe(200);
      // The products come from an API call made after the shutdown began.
      expect(html).toContain('product-tile');
    } finally {
      hold.release();
      await t.close();
    }
  });
});
