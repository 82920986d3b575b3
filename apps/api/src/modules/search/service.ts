import type { SearchResult } from '@club/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { findProductsByIds } from '../catalogue/repository.ts';
import { listItemsOf } from '../catalogue/service.ts';
import type { ClubPromotions } from '../catalogue/shown-promotions.ts';
import * as repo from './repository.ts';

export type SearchFilter = { q: string; offset: number; count: number };

/**
 * Ranked id pages of recent queries per club (typing asks for the same beginnings again and
 * again), forgotten when the change bus reports a catalogue change of the club. Rows and photos
 * are read fresh for every answer.
 */
export class SearchCache {
  private readonly pages: LRUCache<string, repo.SearchPage>;
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(
    private readonly usable: () => boolean,
    opts: { maxEntries: number; ttlMs: number },
  ) {
    this.pages = new LRUCache({ max: opts.maxEntries, ttl: opts.ttlMs });
  }

  /** Keys carry the club's generation: a page computed before a change is never stored as after it. */
  private key(orgId: number, f: SearchFilter) {
    return `${this.epoch}:${orgId}:${this.generations.get(orgId) ?? 0}|${f.offset}|${f.count}|${f.q.toLowerCase()}`;
  }

  async get(orgId: number, f: SearchFilter, load: () => Promise<repo.SearchPage>) {
    if (!this.usable()) return load();
    const key = this.key(orgId, f);
    const hit = this.pages.get(key);
    if (hit) return hit;
    const page = await load();
    this.pages.set(key, page);
    return page;
  }

  drop(orgId: number | 'all') {
    if (orgId === 'all') {
      this.epoch++;
      this.generations.clear();
      this.pages.clear();
    } else this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
  }
}

/** A query with no letter or digit matches nothing (the database would get an empty tsquery). */
const searchable = (q: string) => /[\p{L}\p{N}]/u.test(q);

const loadPage = async (db: Db, orgId: number, f: SearchFilter): Promise<repo.SearchPage> => {
  if (!searchable(f.q)) return { ids: [], total: 0 };
  const page = await repo.searchProductIds(db, orgId, f.q, f.offset, f.count);
  // Past the last result the window count has no row to ride on.
  if (page.ids.length === 0 && f.offset > 0)
    return { ids: [], total: await repo.countAfterEnd(db, orgId, f.q) };
  return page;
};

export const searchProducts = async (
  db: Db,
  cache: SearchCache | undefined,
  orgId: number,
  f: SearchFilter,
  promotions: (orgId: number) => Promise<ClubPromotions>,
): Promise<SearchResult> => {
  const page = cache ? await cache.get(orgId, f, () => loadPage(db, orgId, f)) : await loadPage(db, orgId, f);
  const rows = await findProductsByIds(db, orgId, page.ids);
  // The tiles of the lists, without the stock: search results never carried it.
  return { Produkty: await listItemsOf({ db, promotions }, orgId, rows, false), Liczba: page.total };
};
