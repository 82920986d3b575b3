import { pageItems } from '../lib/paging.ts';
import { shopUi } from '../texts/shop.ts';
import { Link } from './Link.tsx';

type Props = {
  page: number;
  pageCount: number;
  /** The address of page `n` (the list's path with its canonical query). */
  hrefOf(n: number): string;
};

const item =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 font-semibold transition-colors';
const link = `${item} border-gray-300 bg-white text-primary hover:border-primary hover:bg-primary-light`;

/**
 * Pages of a long product list: 'Poprzednia', the first and last page and the current one with
 * its neighbours ('…' between), 'Następna'. Plain links, so every page is reachable without
 * script and by crawlers; the current page is marked with aria-current.
 */
export function Pagination({ page, pageCount, hrefOf }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={shopUi.pagination} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className={link}>
              <span aria-hidden="true">‹</span> {shopUi.previousPage}
            </Link>
          </li>
        )}
        {pageItems(page, pageCount).map((it) =>
          'gap' in it ? (
            <li key={it.key} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={it.page}>
              <Link
                to={hrefOf(it.page)}
                aria-current={it.page === page ? 'page' : undefined}
                className={it.page === page ? `${item} border-primary bg-primary text-on-primary` : link}
              >
                <span className="sr-only">{shopUi.pageNumber} </span>
                {it.page}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className={link}>
              {shopUi.nextPage} <span aria-hidden="true">›</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
