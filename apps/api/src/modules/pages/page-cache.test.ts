import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cspWithNonce,
  decodePage,
  encodePage,
  freshNonce,
  gzipWithNonce,
  PageCache,
  pageCodec,
  toCachedPage,
  withNonce,
} from './page-cache.ts';
import { MemoryPageStore } from './page-store.ts';

const memory = () =>
  new MemoryPageStore(
    { ttlMs: 60_000, maxBytes: 1024 * 1024, clubBytes: 1024 * 1024, clubPages: 100 },
    pageCodec.size,
  );

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}'`;
const page = (body: string, headers: [string, string][] = []) =>
  toCachedPage(
    200,
    [['content-type', 'text/html'], ['content-security-policy', CSP], ...headers],
    Buffer.from(body),
    Date.now() + 60_000,
  );
const big = (n: number) => `<p>${'Koszulka meczowa zółta '.repeat(n)}</p>`;
const html = `<head><link nonce="${NONCE}"></head>${big(2000)}<script nonce="${NONCE}">x</script>${big(10)}`;

describe('toCachedPage / withNonce / gzipWithNonce', () => {
  it('puts a fresh nonce wherever the rendered one was, in the body, the CSP and the gzip body', () => {
    const p = page(html)!;
    for (let i = 0; i < 3; i++) {
      const nonce = freshNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const expected = html.split(NONCE).join(nonce);
      expect(withNonce(p, nonce).toString()).toBe(expected);
      expect(cspWithNonce(p, nonce)).toBe(CSP.replace(NONCE, nonce));
      const zipped = gzipWithNonce(p, nonce)!;
      // gunzip checks the CRC-32 and the length of the trailer too.
      expect(gunzipSync(zipped).toString()).toBe(expected);
      expect(zipped.length).toBeLessThan(Buffer.byteLength(expected) / 5);
    }
  });

  it('makes a valid gzip body with the nonce at the very start and end and many times between', () => {
    const body = `${NONCE}${big(100)}${`<link nonce="${NONCE}">`.repeat(17)}${big(3)}${NONCE}`;
    const p = page(body)!;
    expect(p.parts).toHaveLength(20);
    const nonce = freshNonce();
    expect(gunzipSync(gzipWithNonce(p, nonce)!).toString()).toBe(body.split(NONCE).join(nonce));
  });

  it('compresses a page cut at many nonces about as well as one gzip of the whole page', () => {
    // Each script's text comes again after a nonce: only references across the cuts find it.
    let seed = 7;
    const noise = () => {
      seed = (seed * 48271) % 2147483647;
      return seed.toString(36);
    };
    const scripts = Array.from(
      { length: 18 },
      (_, i) => `<script nonce="${NONCE}">window.__route${i}=[${Array.from({ length: 60 }, noise)}]</script>`,
    );
    const body = `<head>${scripts.join('')}</head><body>${scripts.join('').replaceAll(NONCE, 'x')}</body>`;
    const p = page(body)!;
    expect(p.parts).toHaveLength(19);
    const nonce = freshNonce();
    const expected = body.split(NONCE).join(nonce);
    const zipped = gzipWithNonce(p, nonce)!;
    expect(gunzipSync(zipped).toString()).toBe(expected);
    // Each part still costs its own code tables, the nonce and a flush (~60 bytes here); cut apart
    // without references back it was 2.2x.
    expect(zipped.length).toBeLessThan(gzipSync(expected).length * 1.25);
  });

  it('never lets a part refer to a nonce, even where the stand-in byte is in the page', () => {
    // NUL bytes after each nonce: a reference into the stand-ins would copy the wrong nonce.
    const body = `${big(50)}${`<i nonce="${NONCE}">\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0</i>`.repeat(5)}`;
    const p = page(body)!;
    for (const nonce of [freshNonce(), freshNonce()])
      expect(gunzipSync(gzipWithNonce(p, nonce)!).toString()).toBe(body.split(NONCE).join(nonce));
  });

  it('refuses what must not be shared: not 200, cookies, private, Vary on other headers', () => {
    const at = Date.now() + 1000;
    expect(toCachedPage(404, [], Buffer.from('x'), at)).toBeUndefined();
    expect(toCachedPage(200, [['set-cookie', 'a=1']], Buffer.from('x'), at)).toBeUndefined();
    expect(toCachedPage(200, [['cache-control', 'private']], Buffer.from('x'), at)).toBeUndefined();
    expect(toCachedPage(200, [['vary', 'Cookie']], Buffer.from('x'), at)).toBeUndefined();
    expect(toCachedPage(200, [['vary', 'Accept-Encoding']], Buffer.from('x'), at)).toBeDefined();
    // Per-response headers are not kept.
    expect(page('x', [['date', 'now']])!.headers.map(([k]) => k)).toEqual(['content-type']);
  });

  it('survives the Redis encoding unchanged', () => {
    const p = page(html)!;
    const back = decodePage(encodePage(p))!;
    expect(withNonce(back, NONCE).toString()).toBe(html);
    expect(gunzipSync(gzipWithNonce(back, NONCE)!).toString()).toBe(html);
    // Entries stored without the CRC's parts still make a valid gzip body.
    const { gzipCrc: _, ...older } = back;
    expect(gunzipSync(gzipWithNonce(older, NONCE)!).toString()).toBe(html);
    expect(decodePage(encodePage(p).subarray(0, 50))).toBeUndefined();
  });
});

describe('PageCache', () => {
  it('drops a club on its change, everything on "all", and does not keep a render a change overtook', async () => {
    const cache = new PageCache(memory(), 60_000);
    const p = page('<p>x</p>')!;
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
    const p = { ...page('<p>x</p>')!, expiresAt: Date.now() - 1 };
    await cache.store(1, '/', p, cache.generation(1));
    expect(await cache.lookup(1, '/')).toBeUndefined();
  });
});
