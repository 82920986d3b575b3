import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache.ts';

const clock = () => {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
};

describe('createTtlCache', () => {
  it('loads once within the TTL and again after it', async () => {
    const c = clock();
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 10, now: c.now });
    const load = vi.fn(async () => 1);
    expect(await cache.get('a', load)).toBe(1);
    c.advance(4999);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    c.advance(1);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one in-flight load between concurrent callers', async () => {
    const cache = createTtlCache<string>({ ttlMs: 5000, maxEntries: 10 });
    const load = vi.fn(() => new Promise<string>((r) => setTimeout(() => r('x'), 5)));
    const [a, b] = await Promise.all([cache.get('h', load), cache.get('h', load)]);
    expect([a, b]).toEqual(['x', 'x']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps keys apart', async () => {
    const cache = createTtlCache<string>({ ttlMs: 5000, maxEntries: 10 });
    expect(await cache.get('a.pl', async () => 'A')).toBe('A');
    expect(await cache.get('b.pl', async () => 'B')).toBe('B');
  });

  it('forgets a failed load so the next call retries', async () => {
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('drops the oldest key beyond maxEntries', async () => {
    const cache = createTtlCache<number>({ ttlMs: 5000, maxEntries: 2 });
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    const load = vi.fn(async () => 9);
    expect(await cache.get('a', load)).toBe(9);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves a value keep refuses to its callers but loads again on the next call', async () => {
    const cache = createTtlCache<{ complete: boolean }>({
      ttlMs: 5000,
      maxEntries: 10,
      keep: (v) => v.complete,
    });
    const partial = vi.fn(async () => ({ complete: false }));
    expect(await cache.get('h', partial)).toEqual({ complete: false });
    const full = vi.fn(async () => ({ complete: true }));
    expect(await cache.get('h', full)).toEqual({ complete: true });
    await cache.get('h', full);
    expect(full).toHaveBeenCalledTimes(1);
  });
});
