import { msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_MAX, UNKNOWN_MAX_CHARS } from '../src/plugins/tenancy.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { createTestApp, type TestApp } from './harness.ts';

const SHIPPING = '/api/centauri/sklepyonline/getwysylki';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Runs `n` requests, `width` at a time. */
const flood = async (n: number, width: number, send: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await send(next++);
    }),
  );
};

describe('tenant lookups under junk headers', () => {
  it('keep their caches at the bound, however many distinct organizacja and Host values arrive', async () => {
    const n = UNKNOWN_MAX + 100;
    await flood(n, 8, async (i) => {
      const res = await rawRequest(t.url, SHIPPING, {
        headers: { organizacja: `smiec-${i}-${Math.random()}` },
      });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ Message: msg.organisationNotFound });
    });
    await flood(n, 8, async (i) => {
      const res = await rawRequest(t.url, SHIPPING, { headers: { host: `smiec-${i}.example:${i % 65535}` } });
      // An unknown host is the default club.
      expect(res.status).toBe(200);
    });
    // Long values: bounded by characters too (and over-long hosts are not even looked up).
    await flood(40, 8, async (i) => {
      const long = `${i}-${'x'.repeat(4000)}`;
      expect((await rawRequest(t.url, SHIPPING, { headers: { organizacja: long } })).status).toBe(404);
      expect((await rawRequest(t.url, SHIPPING, { headers: { host: `${long}.example` } })).status).toBe(200);
    });
    const sizes = t.app.tenants.cacheSizes();
    expect(sizes.unknown).toBeGreaterThan(0);
    expect(sizes.unknown).toBeLessThanOrEqual(UNKNOWN_MAX);
    expect(sizes.unknownChars).toBeLessThanOrEqual(UNKNOWN_MAX_CHARS);
    // Only real clubs are kept as clubs: the default one (by alias) and nothing for the junk.
    expect(sizes.known).toBeLessThanOrEqual(3);
  });

  it('still tells the clubs apart afterwards', async () => {
    const demo = JSON.parse((await rawRequest(t.url, SHIPPING, { headers: { organizacja: 'demo' } })).body);
    const rival = JSON.parse((await rawRequest(t.url, SHIPPING, { headers: { organizacja: 'rywal' } })).body);
    const rivalByHost = JSON.parse(
      (await rawRequest(t.url, SHIPPING, { headers: { host: 'rywal.localhost' } })).body,
    );
    expect(rival).toEqual(rivalByHost);
    expect(rival).not.toEqual(demo);
  });
});
