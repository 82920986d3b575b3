import { DEFAULT_PRODUCT_SORT, LIST_PAGE_SIZE, MAX_ID } from '@club/contract';
import { data, redirect } from 'react-router';
import { CategoryTree } from '../components/CategoryTree.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { SortSelect } from '../components/SortSelect.tsx';
import { requestApi } from '../lib/api.server.ts';
import { buildCategoryTree, pruneCategoryTree } from '../lib/category-tree.ts';
import { isCanonicalListSearch, listSearch, pageCount, parseListQuery } from '../lib/paging.ts';
import { absoluteUrl, pageMeta, pagingLinks } from '../lib/seo.ts';
import { shopUi } from '../texts/shop.ts';
import type { Route } from './+types/products';

/** `produkty/:kategoriaId`: digits only, a possible database id; anything else is no page. */
const parseCategoryId = (raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw data(null, { status: 404 });
  return id;
};

/**
 * Pages of 64 (`?strona=N`, page 1 without it) in an order (`?sortuj=`). A page or order that
 * does not exist, or a page past the last, is a 404; another spelling of an existing page
 * (`strona=1`, `sortuj=domyslne`, what the no-script sort form sends) redirects to its one address.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const categoryId = parseCategoryId(params.kategoriaId);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  if (!query) throw data(null, { status: 404 });
  const path = categoryId === null ? '/produkty' : `/produkty/${categoryId}`;
  if (!isCanonicalListSearch(url.searchParams, query)) throw redirect(path + listSearch(query), 301);
  const api = requestApi({ request, context });
  const kategoriaId = categoryId === null ? undefined : String(categoryId);
  const [settings, categories, counts, products, total] = await Promise.all([
    api.settings(),
    api.call('getCategories'),
    api.call('getCategoryCounts'),
    api.call('getProducts', {
      params: { offset: (query.page - 1) * LIST_PAGE_SIZE, count: LIST_PAGE_SIZE },
      query: { kategoriaId, sort: query.sort === DEFAULT_PRODUCT_SORT ? undefined : query.sort },
    }),
    api.call('getProductCount', { query: { kategoriaId } }),
  ]);
  const category = categoryId === null ? null : (categories.find((c) => c.Id === categoryId) ?? null);
  // A category this shop does not have: the list page with 'Brak produktów', answered as 404.
  const unknown = categoryId !== null && !category;
  const pages = pageCount(unknown ? 0 : total, LIST_PAGE_SIZE);
  if (query.page > pages) throw data(null, { status: 404 });
  const origin = api.origin;
  const at = (page: number) => absoluteUrl(origin, path + listSearch({ page, sort: query.sort }));
  const payload = {
    alias: settings.OrganizacjaAlias,
    shop: settings.Nazwa,
    categoryId,
    categoryName: category?.Name ?? null,
    tree: pruneCategoryTree(buildCategoryTree(categories, counts), categoryId),
    products: unknown ? [] : products,
    total: unknown ? 0 : total,
    unknown,
    path,
    page: query.page,
    pageCount: pages,
    sort: query.sort,
    // The canonical address leaves the order out: every order of a page lists the same products.
    url: absoluteUrl(origin, path + listSearch({ page: query.page, sort: DEFAULT_PRODUCT_SORT })),
    prev: query.page > 1 ? at(query.page - 1) : undefined,
    next: query.page < pages ? at(query.page + 1) : undefined,
  };
  return unknown ? data(payload, { status: 404 }) : payload;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const title = loaderData.categoryName ?? shopUi.productsTitle;
  return [
    ...pageMeta({
      title,
      description: shopUi.listDescription(loaderData.shop, loaderData.categoryName ?? undefined),
      url: loaderData.url,
      siteName: loaderData.shop,
      noindex: loaderData.unknown,
    }),
    ...pagingLinks({ prev: loaderData.prev, next: loaderData.next }),
  ];
};

/** Spec 'Product list': '{n} produktów', the category tree on the left, cards or 'Brak produktów'. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { alias, categoryId, categoryName, tree, products, total, path, page, pageCount, sort } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{categoryName ?? shopUi.productsTitle}</h1>
        <p className="text-muted" aria-live="polite">
          {shopUi.productCount(total)}
          {pageCount > 1 && ` · ${shopUi.pageOf(page, pageCount)}`}
        </p>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <CategoryTree tree={tree} currentId={categoryId} />
        <div>
          <section aria-labelledby="products-list-title">
            <h2 id="products-list-title" className="sr-only">
              {shopUi.productsList}
            </h2>
            {products.length === 0 ? (
              <p className="rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-12 text-center text-lg text-muted">
                {shopUi.noProducts}
              </p>
            ) : (
              <>
                {total > 1 && (
                  <div className="mb-4 flex sm:justify-end">
                    <SortSelect sort={sort} action={path} />
                  </div>
                )}
                <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3">
                  {products.map((p, i) => (
                    <li key={p.Id}>
                      <ProductTile product={p} alias={alias} priority={i < 2} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefOf={(n) => path + listSearch({ page: n, sort })}
          />
        </div>
      </div>
    </div>
  );
}
