import { DEFAULT_PRODUCT_SORT, isProductSort, type ProductSort } from '@club/contract';

/**
 * The product list's address: `?sortuj=` (an order of the contract's, the default
 * left out) and `?strona=` (1-based, page 1 left out), in that order. One canonical address per
 * page: anything else naming the same page is redirected to it, anything naming no page is a 404.
 */
export const PAGE_PARAM = 'strona';
export const SORT_PARAM = 'sortuj';
/** More pages than a shop will have (100,000 products are 1,563 pages of 64). */
const MAX_PAGE = 100_000;

export type ListQuery = { page: number; sort: ProductSort };

/**
 * The list's page and order from the URL, or null when they name no page (a page that is not a
 * whole number from 1, an order the shop does not have, a parameter given twice). Other
 * parameters are ignored. An empty `sortuj` is the default order (a form may send it).
 */
export const parseListQuery = (params: URLSearchParams): ListQuery | null => {
  const pages = params.getAll(PAGE_PARAM);
  const sorts = params.getAll(SORT_PARAM);
  if (pages.length > 1 || sorts.length > 1) return null;
  let page = 1;
  if (pages.length) {
    if (!/^[1-9]\d{0,5}$/.test(pages[0]!)) return null;
    page = Number(pages[0]);
    if (page > MAX_PAGE) return null;
  }
  const sort = sorts[0] || DEFAULT_PRODUCT_SORT;
  if (!isProductSort(sort)) return null;
  return { page, sort };
};

/** The canonical query string of a list page ('' for the first page in the default order). */
export const listSearch = ({ page, sort }: ListQuery): string => {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_PRODUCT_SORT) params.set(SORT_PARAM, sort);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
};

/**
 * Whether the URL names its page in another way than the canonical one (`strona=1`,
 * `sortuj=domyslne`, the parameters in another order): such a URL is redirected. Unknown
 * parameters alone (e.g. a campaign's) are no reason to redirect.
 */
export const isCanonicalListSearch = (params: URLSearchParams, query: ListQuery): boolean => {
  const known = [...params].filter(([k]) => k === PAGE_PARAM || k === SORT_PARAM);
  const wanted = [...new URLSearchParams(listSearch(query))];
  return (
    known.length === wanted.length && known.every(([k, v], i) => wanted[i]![0] === k && wanted[i]![1] === v)
  );
};

/** How many pages a list of `total` products has; at least one (an empty list still has its page). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

export type PageItem = { page: number } | { gap: true; key: string };

/**
 * The page links of the pagination: the first and the last page, the current one with `around`
 * neighbours each side, and a gap ('…') for what is left out; a gap of a single page shows that
 * page instead (a '…' standing for one number helps nobody).
 */
export const pageItems = (current: number, count: number, around = 1): PageItem[] => {
  const shown = new Set<number>([1, count]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= count) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push({ page: p - 1 });
    else if (p - previous > 2) items.push({ gap: true, key: `gap-${previous}` });
    items.push({ page: p });
    previous = p;
  }
  return items;
};
