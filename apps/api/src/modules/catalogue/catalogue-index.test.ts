import { describe, expect, it } from 'vitest';
import { buildCatalogueIndex, ClubCache, listFor, pageOfIds } from './catalogue-index.ts';

describe('pageOfIds', () => {
  it('is LIMIT/OFFSET over the list with the excluded id left out, wherever that id sits', () => {
    const list = Int32Array.from([5, 3, 9, 1, 7, 2, 8]);
    for (const ex of [undefined, 5, 1, 8, 42])
      for (let offset = 0; offset <= 8; offset++)
        for (const count of [1, 2, 3, 10]) {
          const expected = [...list].filter((id) => id !== ex).slice(offset, offset + count);
          expect(pageOfIds(list, offset, count, ex), `${ex} ${offset} ${count}`).toEqual(expected);
        }
  });
});

describe('buildCatalogueIndex', () => {
  it('lists each category with its descendants in list order, counts them, survives a parent cycle', () => {
    const cats = [
      { id: 1, parentId: null, name: 'A' },
      { id: 2, parentId: 1, name: 'A1' },
      { id: 3, parentId: 2, name: 'A1a' },
      { id: 4, parentId: null, name: 'B' },
      { id: 5, parentId: 6, name: 'C' },
      { id: 6, parentId: 5, name: 'D' },
    ];
    const index = buildCatalogueIndex(cats, {
      ids: Int32Array.from([10, 11, 12, 13, 14, 15]),
      // 0: no category; 99: not the club's.
      categoryIds: Int32Array.from([3, 0, 2, 1, 99, 5]),
    });
    expect([...listFor(index, 1)]).toEqual([10, 12, 13]);
    expect([...listFor(index, 2)]).toEqual([10, 12]);
    expect([...listFor(index, 3)]).toEqual([10]);
    expect([...listFor(index, 4)]).toEqual([]);
    expect([...listFor(index, 6)]).toEqual([15]);
    expect([...listFor(index, 777)]).toEqual([]);
    expect([...listFor(index)]).toEqual([10, 11, 12, 13, 14, 15]);
    expect(index.counts).toEqual({ '1': 3, '2': 2, '3': 1, '4': 0, '5': 1, '6': 1 });
    expect(index.categories.map((c) => [c.Id, c.HasChild])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
      [5, true],
      [6, true],
    ]);
  });
});

describe('ClubCache', () => {
  const deferred = () => {
    let resolve!: (v: number) => void;
    const promise = new Promise<number>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('builds once for concurrent readers, keeps the value, builds again after a drop', async () => {
    let builds = 0;
    const cache = new ClubCache(async (org) => org * 100 + ++builds, {
      usable: () => true,
      ttlMs: 60_000,
      maxEntries: 10,
    });
    expect(await Promise.all([cache.get(1), cache.get(1)])).toEqual([101, 101]);
    expect(await cache.get(1)).toBe(101);
    cache.drop(2);
    expect(await cache.get(1)).toBe(101);
    cache.drop(1);
    expect(await cache.get(1)).toBe(102);
    cache.drop('all');
    expect(await cache.get(1)).toBe(103);
  });

  it('does not keep a build that a change overtook, nor anything while the bus is not listening', async () => {
    const pending = [deferred(), deferred(), deferred()];
    let calls = 0;
    let listening = true;
    const cache = new ClubCache(() => pending[calls++]!.promise, {
      usable: () => listening,
      ttlMs: 60_000,
      maxEntries: 10,
    });
    const first = cache.get(1);
    cache.drop(1);
    pending[0]!.resolve(1);
    expect(await first).toBe(1);
    const second = cache.get(1);
    expect(calls).toBe(2);
    listening = false;
    pending[1]!.resolve(2);
    expect(await second).toBe(2);
    listening = true;
    const third = cache.get(1);
    expect(calls).toBe(3);
    pending[2]!.resolve(3);
    expect(await third).toBe(3);
    expect(await cache.get(1)).toBe(3);
    expect(calls).toBe(3);
  });
});
