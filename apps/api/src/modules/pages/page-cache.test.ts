import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  bodyIn,
  decodePage,
  encodePage,
  notModified,
  PageCache,
  pageCodec,
  pickEncoding,
  toCachedPage,
} from './page-cache.ts';
import { MemoryPageStore } from './page-store.ts';

const memory = () =>
  new MemoryPageStore(
    { ttlMs: 60_000, maxBytes: 1024 * 1024, clubBytes: 1024 * 1024, clubPages: 100 },
    pageCodec.size,
  );

const CSP = `default-src 'self'; script-src 'self' 'sha256-abc='`;
const page = (body: string, headers: [string, string][] = []) =>
  toCachedPage(
    200,
    [['content-type', 'text/html'], ['content-security-policy', CSP], ...headers],
    Buffer.from(body),
    Date.now() + 60_000,
  );
const html = `<head><script>x</script></head><p>${'Koszulka meczowa zółta '.repeat(2000)}</p>`;

describe('toCachedPage', () => {
  it('keeps the page as it was rendered, gzip and brotli of it, and its headers with the CSP', async () => {
    const p = (await page(html))!;
    expect(p.body.toString()).toBe(html);
    expect(gunzipSync(p.gzip!).toString()).toBe(html);
    expect(brotliDecompressSync(p.br!).toString()).toBe(html);
    expect(p.br!.length).toBeLessThan(p.gzip!.length);
    expect(p.headers).toContainEqual(['content-security-policy', CSP]);
    expect(p.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // The same page rendered again is the same entity; another page another.
    expect((await page(html))!.etag).toBe(p.etag);
    expect((await page(`${html}.`))!.etag).not.toBe(p.etag);
  });

  it('does not compress a small page', async () => {
    const p = (await page('<p>x</p>'))!;
    expect(p.gzip).toBeUndefined();
    expect(pickEncoding(p, 'br, gzip')).toBe('identity');
  });

  it('refuses what must not be shared: not 200, cookies, private, Vary on other headers', async () => {
    const at = Date.now() + 1000;
    expect(await toCachedPage(404, [], Buffer.from('x'), at)).toBeUndefined();
    expect(await toCachedPage(200, [['set-cookie', 'a=1']], Buffer.from('x'), at)).toBeUndefined();
    expect(await toCachedPage(200, [['cache-control', 'private']], Buffer.from('x'), at)).toBeUndefined();
    expect(await toCachedPage(200, [['vary', 'Cookie']], Buffer.from('x'), at)).toBeUndefined();
    expect(await toCachedPage(200, [['vary', 'Accept-Encoding']], Buffer.from('x'), at)).toBeDefined();
    // Per-response headers are not kept.
    expect((await page('x', [['date', 'now']]))!.headers.map(([k]) => k)).toEqual([
      'content-type',
      'content-security-policy',
    ]);
  });
});

describe('pickEncoding / notModified', () => {
  it('sends brotli, else gzip, else the plain bytes, as Accept-Encoding allows', async () => {
    const p = (await page(html))!;
    const cases: [string | undefined, string][] = [
      [undefined, 'identity'],
      ['', 'identity'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', 'identity'],
      ['deflate', 'identity'],
      ['*', 'br'],
      ['*, br;q=0', 'gzip'],
      ['identity', 'identity'],
      ['GZIP', 'gzip'],
    ];
    for (const [header, expected] of cases) expect(pickEncoding(p, header), String(header)).toBe(expected);
    expect(bodyIn(p, 'br')).toBe(p.br);
    expect(bodyIn(p, 'gzip')).toBe(p.gzip);
    expect(bodyIn(p, 'identity')).toBe(p.body);
  });

  it('answers If-None-Match with the weak ETag, with or without W/, in a list or as *', async () => {
    const p = (await page(html))!;
    const bare = p.etag.slice(2);
    expect(notModified(p, undefined)).toBe(false);
    expect(notModified(p, p.etag)).toBe(true);
    expect(notModified(p, bare)).toBe(true);
    expect(notModified(p, `"other", ${p.etag}`)).toBe(true);
    expect(notModified(p, '*')).toBe(true);
    expect(notModified(p, '"other"')).toBe(false);
  });
});

describe('the Redis encoding', () => {
  it('gives back every encoding byte for byte', async () => {
    for (const p of [(await page(html))!, (await page('<p>x</p>'))!]) {
      const back = decodePage(encodePage(p))!;
      expect(back.headers).toEqual(p.headers);
      expect(back.etag).toBe(p.etag);
      expect(back.expiresAt).toBe(p.expiresAt);
      expect(back.body.equals(p.body)).toBe(true);
      for (const encoding of ['gzip', 'br'] as const) {
        if (p[encoding]) expect(back[encoding]!.equals(p[encoding]!)).toBe(true);
        else expect(back[encoding]).toBeUndefined();
      }
    }
    expect(decodePage(encodePage((await page(html))!).subarray(0, 50))).toBeUndefined();
    expect(decodePage(Buffer.from('garbage'))).toBeUndefined();
  });
});

describe('PageCache', () => {
  it('drops a club on its change, everything on "all", and does not keep a render a change overtook', async () => {
    const cache = new PageCache(memory(), 60_000);
    const p = (await page('<p>x</p>'))!;
    await cache.store(1, '/', p, cache.generation(1));
    await cache.store(2, '/', p, cache.generation(2));
    expect(await cache.lookup(1, '/')).toBe(p);
    await cache.invalidate({ organisationId: 1, topic: 'content' });
    expect(await cache.lookup(1, '/')).toBeUndefined();
    expect(await cache.lookup(2, '/')).toBe(p);

    const before = cache.generation(2);
    await cache.invalidate({ organisationId: 2, topic: 'catalogue' });
    await cache.store(2, '/a', p, before);
    expect(await cache.lookup(2, '/a')).toBeUndefined();

    await cache.store(2, '/', p, cache.generation(2));
    const beforeAll = cache.generation(2);
    await cache.invalidate('all');
    expect(await cache.lookup(2, '/')).toBeUndefined();
    await cache.store(2, '/', p, beforeAll);
    expect(await cache.lookup(2, '/')).toBeUndefined();
  });

  it('does not serve an expired page', async () => {
    const cache = new PageCache(memory(), 60_000);
    const p = { ...(await page('<p>x</p>'))!, expiresAt: Date.now() - 1 };
    await cache.store(1, '/', p, cache.generation(1));
    expect(await cache.lookup(1, '/')).toBeUndefined();
  });
});
