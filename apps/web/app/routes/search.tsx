import {
  ApiClientError,
  msg,
  type ProductListItem,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
} from '@club/contract';
import { data } from 'react-router';
import { Link } from '../components/Link.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { requestApi } from '../lib/api.server.ts';
import { absoluteUrl, pageMeta } from '../lib/seo.ts';
import { searchUi } from '../texts/search.ts';
import type { Route } from './+types/search';

/** `?strona=N` (from 1); anything else is the first page. */
const pageOf = (raw: string | null): number => {
  const n = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, n);
};

const searchHref = (q: string, page: number) =>
  `/szukaj?${new URLSearchParams(page > 1 ? { q, strona: String(page) } : { q }).toString()}`;

/**: `/szukaj?q=`, server-rendered results of the header's search, never indexed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim();
  const page = pageOf(url.searchParams.get('strona'));
  const api = requestApi({ request, context });
  const settings = await api.settings();
  let products: ProductListItem[] = [];
  let total = 0;
  let error: string | null = null;
  let status = 200;
  if (q.length >= SEARCH_MIN_LENGTH) {
    try {
      const r = await api.call('searchProducts', {
        query: { q, offset: String((page - 1) * SEARCH_PAGE_SIZE), count: String(SEARCH_PAGE_SIZE) },
      });
      products = r.Produkty;
      total = r.Liczba;
    } catch (e) {
      if (!(e instanceof ApiClientError) || (e.status !== 400 && e.status !== 429)) throw e;
      // Past the search's rate limit: this page with a Polish 429, not an error page.
      if (e.status === 429) [error, status] = [msg.searchTooManyRequests, 429];
      // A query the API refuses (too long, odd characters, a page too deep): its Polish message.
      else error = e.body.Fields?.q ?? e.body.Fields?.offset ?? e.body.Message;
    }
  }
  const payload = {
    alias: settings.OrganizacjaAlias,
    shop: settings.Nazwa,
    q,
    page,
    pages: Math.ceil(total / SEARCH_PAGE_SIZE),
    total,
    products,
    error,
    url: absoluteUrl(api.origin, '/szukaj'),
  };
  return status === 200 ? payload : data(payload, { status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return pageMeta({
    title: loaderData.q ? searchUi.resultsFor(loaderData.q) : searchUi.title,
    description: searchUi.description(loaderData.shop),
    url: loaderData.url,
    siteName: loaderData.shop,
    noindex: true,
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { alias, q, page, pages, total, products, error } = loaderData;
  const searched = q.length >= SEARCH_MIN_LENGTH && !error;
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">
          {q ? searchUi.resultsFor(q) : searchUi.title}
        </h1>
        {searched && total > 0 && (
          <p className="text-muted" aria-live="polite">
            {searchUi.found(total)}
          </p>
        )}
      </div>
      {!searched ? (
        <p className="mt-6 text-lg text-muted">{error ?? searchUi.enterQuery}</p>
      ) : products.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-12 text-center text-lg text-muted">
          <p className="font-semibold text-gray-900">{searchUi.nothingFound}</p>
          <p className="mt-2">
            {searchUi.nothingFoundHint}{' '}
            <Link to="/produkty" className="font-semibold text-primary underline">
              {searchUi.allProductsLink}
            </Link>
            .
          </p>
        </div>
      ) : (
        <section aria-labelledby="search-results-title" className="mt-6">
          <h2 id="search-results-title" className="sr-only">
            {searchUi.results}
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
            {products.map((p, i) => (
              <li key={p.Id}>
                <ProductTile product={p} alias={alias} priority={i < 2} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {searched && pages > 1 && (
        <nav aria-label={searchUi.pages} className="mt-8 flex items-center justify-center gap-4">
          {page > 1 && (
            <Link
              rel="prev"
              to={searchHref(q, page - 1)}
              className="rounded-md border px-4 py-2 font-semibold"
            >
              {searchUi.previous}
            </Link>
          )}
          <span className="text-muted">{searchUi.pageOf(page, pages)}</span>
          {page < pages && (
            <Link
              rel="next"
              to={searchHref(q, page + 1)}
              className="rounded-md border px-4 py-2 font-semibold"
            >
              {searchUi.next}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
