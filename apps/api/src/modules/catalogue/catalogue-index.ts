import type { Category, CategoryCounts } from '@club/contract';

/**
 * A club's storefront catalogue in a few arrays: the active product ids in list order (position,
 * id), the same per category with its descendants, the category tree and its counts. A list page,
 * a category page, the counts and the sitemap then cost the same at 40 products and at 100,000:
 * a slice of an array, then the page's rows by primary key. Built by one index-only query.
 */
export type CatalogueIndex = {
  /** Active product ids in list order. */
  all: Int32Array;
  /** Per category: its own and all its descendants' active product ids, in list order. */
  byCategory: Map<number, Int32Array>;
  /** The `pobierzKatalogi` answer. */
  categories: Category[];
  /** The `getiloscwyrobowdlakatalogu` answer: every category with its subtree's count. */
  counts: CategoryCounts;
};

const EMPTY = new Int32Array(0);

export type CategoryRow = { id: number; parentId: number | null; name: string };

/**
 * `products`: active products in list order, each with its category. A product counts in its
 * category and every ancestor, walking up parent links within the club (a `seen` set stops a
 * corrupt parent cycle), exactly as the recursive SQL filter walks down.
 */
export const buildCatalogueIndex = (
  cats: CategoryRow[],
  products: { ids: Int32Array; categoryIds: Int32Array },
): CatalogueIndex => {
  const parentOf = new Map(cats.map((c) => [c.id, c.parentId]));
  const parents = new Set(cats.map((c) => c.parentId));
  // Ancestor chains once per category, not per product.
  const chains = new Map<number, number[]>();
  for (const c of cats) {
    const chain: number[] = [];
    const seen = new Set<number>();
    for (
      let id: number | null = c.id;
      id != null && parentOf.has(id) && !seen.has(id);
      id = parentOf.get(id) ?? null
    ) {
      seen.add(id);
      chain.push(id);
    }
    chains.set(c.id, chain);
  }
  const sizes = new Map<number, number>(cats.map((c) => [c.id, 0]));
  const n = products.ids.length;
  for (let i = 0; i < n; i++) {
    const chain = chains.get(products.categoryIds[i]!);
    if (chain) for (const id of chain) sizes.set(id, sizes.get(id)! + 1);
  }
  const lists = new Map<number, Int32Array>();
  const fill = new Map<number, number>();
  for (const [id, size] of sizes) {
    lists.set(id, size ? new Int32Array(size) : EMPTY);
    fill.set(id, 0);
  }
  for (let i = 0; i < n; i++) {
    const chain = chains.get(products.categoryIds[i]!);
    if (!chain) continue;
    for (const id of chain) {
      const at = fill.get(id)!;
      lists.get(id)![at] = products.ids[i]!;
      fill.set(id, at + 1);
    }
  }
  return {
    all: products.ids,
    byCategory: lists,
    categories: cats.map((r) => ({
      Id: r.id,
      IdParent: r.parentId ?? null,
      Name: r.name,
      HasChild: parents.has(r.id),
    })),
    counts: Object.fromEntries([...sizes].map(([id, size]) => [String(id), size])),
  };
};

/**
 * The ids of one page of `list` without `excludeId`, as `LIMIT count OFFSET offset` over the list
 * with that id left out would give them.
 */
export const pageOfIds = (list: Int32Array, offset: number, count: number, excludeId?: number): number[] => {
  const at = excludeId === undefined ? -1 : list.indexOf(excludeId);
  if (at < 0 || at >= offset + count) return Array.from(list.subarray(offset, offset + count));
  if (at < offset) return Array.from(list.subarray(offset + 1, offset + 1 + count));
  const ids = Array.from(list.subarray(offset, offset + count + 1));
  ids.splice(at - offset, 1);
  return ids;
};

/**
 * The ids of `list` (one filter's products) in the order of `sorted` (the club's active ids in
 * another order): a filter of `sorted`, so a sort over the whole club serves every category.
 * Ids that only one side has (a change between the two reads, on its way to the cache) are left out.
 */
export const inOrderOf = (sorted: Int32Array, list: Int32Array): Int32Array => {
  if (list.length === 0) return EMPTY;
  const members = new Set(list);
  const out = new Int32Array(list.length);
  let n = 0;
  for (let i = 0; i < sorted.length && n < out.length; i++) {
    const id = sorted[i]!;
    if (members.has(id)) out[n++] = id;
  }
  return n === out.length ? out : out.subarray(0, n);
};

/** The list a filter pages over: the whole catalogue or one category's subtree (none: unknown category). */
export const listFor = (index: CatalogueIndex, categoryId?: number): Int32Array =>
  categoryId === undefined ? index.all : (index.byCategory.get(categoryId) ?? EMPTY);

/**
 * Per-club values built on demand and kept until the change bus says the club's catalogue changed.
 * One build per club at a time (concurrent requests share it); a build that a change overtook is
 * used once but not kept. While `usable()` is false (the bus is not listening, so a change could go
 * unheard) nothing is kept, and callers should not ask at all (they fall back to plain queries).
 */
export class ClubCache<T> {
  private readonly entries = new Map<number, { value?: T; pending?: Promise<T>; at: number }>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;

  constructor(
    private readonly load: (orgId: number) => Promise<T>,
    private readonly opts: { usable: () => boolean; ttlMs: number; maxEntries: number },
  ) {}

  usable(): boolean {
    return this.opts.usable();
  }

  private generation(orgId: number) {
    return `${this.epoch}:${this.generations.get(orgId) ?? 0}`;
  }

  get(orgId: number): Promise<T> {
    const entry = this.entries.get(orgId);
    if (entry?.value !== undefined && Date.now() - entry.at < this.opts.ttlMs) {
      // Most recently used last: the first key is the one to evict.
      this.entries.delete(orgId);
      this.entries.set(orgId, entry);
      return Promise.resolve(entry.value);
    }
    if (entry?.pending) return entry.pending;
    const generation = this.generation(orgId);
    const slot: { value?: T; pending?: Promise<T>; at: number } = { at: Date.now() };
    slot.pending = this.load(orgId).then(
      (value) => {
        if (this.entries.get(orgId) === slot) {
          if (this.generation(orgId) === generation && this.opts.usable()) {
            slot.value = value;
            slot.pending = undefined;
            slot.at = Date.now();
          } else this.entries.delete(orgId);
        }
        return value;
      },
      (err: unknown) => {
        if (this.entries.get(orgId) === slot) this.entries.delete(orgId);
        throw err;
      },
    );
    this.entries.delete(orgId);
    this.entries.set(orgId, slot);
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
    return slot.pending;
  }

  /** One club's values are stale (`'all'`: every club's). */
  drop(orgId: number | 'all') {
    if (orgId === 'all') {
      this.epoch++;
      this.entries.clear();
      this.generations.clear();
      return;
    }
    this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
    this.entries.delete(orgId);
  }
}
