import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargedBytes,
  MemoryPageStore,
  type PageCodec,
  type PageLimits,
  RedisPageStore,
} from './page-store.ts';

/** Pages as plain strings of a chosen size: the budgets do not care what a page is. */
const codec: PageCodec<string> = {
  size: (p) => p.length,
  encode: (p) => Buffer.from(p),
  decode: (b) => b.toString(),
};
const page = (n: number, fill = 'x') => fill.repeat(n);
const limits = (l: Partial<PageLimits> = {}): PageLimits => ({
  ttlMs: 60_000,
  maxBytes: 1_000_000,
  clubBytes: 1_000_000,
  clubPages: 1_000,
  ...l,
});
const charged = (l: PageLimits, key: string, n: number) => chargedBytes(l, key, n)!;

describe('MemoryPageStore', () => {
  it("keeps a club within its pages, dropping its least recently used, and never another club's", () => {
    const store = new MemoryPageStore(limits({ clubPages: 3 }), codec.size);
    store.set(2, '/', page(100));
    for (let i = 1; i <= 10; i++) store.set(1, `/produkt/${i}`, page(100));
    expect(store.size(1)).toBe(3);
    expect(store.get(1, '/produkt/8')).toBeDefined();
    // /produkt/8 was used: /produkt/9 is now the oldest.
    store.set(1, '/produkt/11', page(100));
    expect(store.get(1, '/produkt/9')).toBeUndefined();
    expect(store.get(1, '/produkt/8')).toBeDefined();
    expect(store.get(2, '/')).toBe(page(100));
  });

  it('keeps a club within its bytes and refuses a page too big for it', () => {
    const l = limits({ clubBytes: 10_000 });
    const store = new MemoryPageStore(l, codec.size);
    for (let i = 0; i < 20; i++) store.set(1, `/${i}`, page(2_000));
    expect(store.size(1)).toBe(Math.floor(10_000 / charged(l, '/10', 2_000)));
    store.set(1, '/big', page(3_000));
    expect(store.get(1, '/big')).toBeUndefined();
  });

  it('at the total, takes from the largest club first', () => {
    const l = limits({ maxBytes: 40_000, clubBytes: 30_000 });
    const store = new MemoryPageStore(l, codec.size);
    store.set(2, '/', page(5_000));
    store.set(3, '/', page(5_000));
    for (let i = 0; i < 50; i++) store.set(1, `/${i}`, page(5_000));
    expect(store.get(2, '/')).toBeDefined();
    expect(store.get(3, '/')).toBeDefined();
    expect(store.size(1)).toBeGreaterThan(0);
    expect(store.size(1) * charged(l, '/10', 5_000)).toBeLessThanOrEqual(30_000);
  });

  it('forgets expired pages and drops a club or everything', async () => {
    const store = new MemoryPageStore(limits({ ttlMs: 30 }), codec.size);
    store.set(1, '/', page(10));
    store.set(2, '/', page(10));
    store.dropClub(1);
    expect(store.get(1, '/')).toBeUndefined();
    expect(store.get(2, '/')).toBe(page(10));
    await new Promise((r) => setTimeout(r, 40));
    expect(store.get(2, '/')).toBeUndefined();
    store.set(2, '/a', page(10));
    store.dropAll();
    expect(store.size()).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await (async () => {
  const c = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500 });
  c.on('error', () => {});
  try {
    await c.connect();
    return (await c.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    c.disconnect();
  }
})();

describe.skipIf(!reachable)('RedisPageStore (a key prefix of its own on the local Redis)', () => {
  const prefix = `test-pages-${randomBytes(6).toString('hex')}:`;
  const log = { info: () => {}, warn: () => {} };
  let admin: Redis;
  const stores: RedisPageStore<string>[] = [];
  const open = async (l: PageLimits) => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false });
    const store = new RedisPageStore(redis, l, codec, log, prefix);
    stores.push(store);
    await new Promise<void>((ok) => (redis.status === 'ready' ? ok() : redis.once('ready', () => ok())));
    return store;
  };
  const keys = () => admin.keys(`${prefix}*`);
  const total = async () => Number((await admin.get(`${prefix}bytes`)) ?? 0);
  const stored = async () => {
    let n = 0;
    for (const k of await keys())
      if (k.startsWith(`${prefix}page:`)) n += Number(await admin.memory('USAGE', k));
    return n;
  };

  beforeAll(() => {
    admin = new Redis(redisUrl);
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    const left = await keys();
    if (left.length) await admin.del(...left);
    admin.disconnect();
  });

  it("holds each club to its pages and bytes, every key expiring, without touching another club's", async () => {
    const l = limits({ clubPages: 5, clubBytes: 40_000, maxBytes: 1_000_000, ttlMs: 10_000 });
    const store = await open(l);
    await store.set(2, '/', page(3_000, 'r'));
    for (let i = 0; i < 30; i++) await store.set(1, `/produkt/${i}`, page(3_000));
    expect(await admin.hlen(`${prefix}page:1`)).toBe(5);
    expect(await store.get(1, '/produkt/29')).toBe(page(3_000));
    expect(await store.get(1, '/produkt/0')).toBeUndefined();
    expect(await store.get(2, '/')).toBe(page(3_000, 'r'));
    for (let i = 0; i < 30; i++) await store.set(1, `/duzy/${i}`, page(9_000));
    expect(await admin.hlen(`${prefix}page:1`)).toBe(Math.floor(40_000 / charged(l, '/duzy/10', 9_000)));
    expect(await total()).toBe(4 * charged(l, '/duzy/10', 9_000) + charged(l, '/', 3_000));
    for (const k of await keys()) {
      const ttl = await admin.pttl(k);
      expect(ttl, k).toBeGreaterThan(0);
      expect(ttl, k).toBeLessThanOrEqual(20_000);
    }
    await store.dropClub(1);
    expect(await admin.exists(`${prefix}page:1`)).toBe(0);
    expect(await total()).toBe(charged(l, '/', 3_000));
    await store.dropAll();
    expect(await keys()).toEqual([]);
  });

  it('at the total, takes from the largest club first; Redis memory stays near the budget', async () => {
    // One club may take the whole: only the others' pages hold it back.
    const l = limits({ clubPages: 1_000, clubBytes: 800_000, maxBytes: 800_000 });
    const store = await open(l);
    for (const club of [2, 3]) await store.set(club, '/', page(20_000, 'r'));
    for (let i = 0; i < 300; i++) await store.set(1, `/produkt/${i}`, page(20_000 + (i % 7)));
    expect(await store.get(2, '/')).toBe(page(20_000, 'r'));
    expect(await store.get(3, '/')).toBe(page(20_000, 'r'));
    expect(await total()).toBeLessThanOrEqual(800_000);
    // Redis's own accounting of the hashes, not only the store's.
    expect(await stored()).toBeLessThan(800_000 * 1.25);
    await store.dropAll();
  });

  it("forgets the bytes of a club whose keys expired, so they do not hold the club's budget", async () => {
    const l = limits({ clubPages: 100, clubBytes: 50_000, maxBytes: 60_000, ttlMs: 60_000 });
    const store = await open(l);
    for (let i = 0; i < 4; i++) await store.set(1, `/${i}`, page(10_000));
    // The club's keys go as if expired; its count in the club list and the total stays behind.
    await admin.del(`${prefix}page:1`, `${prefix}order:1`, `${prefix}size:1`);
    for (let i = 0; i < 4; i++) await store.set(1, `/nowa/${i}`, page(10_000));
    expect(await admin.hlen(`${prefix}page:1`)).toBe(4);
    expect(await total()).toBe(4 * charged(l, '/nowa/1', 10_000));
    await store.dropAll();
  });
});
