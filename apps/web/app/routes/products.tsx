import { LIST_PAGE_SIZE, MAX_ID } from '@club/contract';
import { data } from 'react-router';
import { CategoryTree } from '../components/CategoryTree.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { getApi } from '../lib/api.server.ts';
import { buildCategoryTree } from '../lib/category-tree.ts';
import { absoluteUrl, pageMeta, siteOrigin } from '../lib/seo.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/products';

/** `produkty/:kategoriaId`: digits only, a possible database id; anything else is no page. */
const parseCategoryId = (raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw data(null, { status: 404 });
  return id;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const categoryId = parseCategoryId(params.kategoriaId);
  const api = getApi(request, context);
  const [settings, categories, counts, products] = await Promise.all([
    api.settings(),
    api.call('getCategories'),
    api.call('getCategoryCounts'),
    api.call('getProducts', {
      params: { offset: 0, count: LIST_PAGE_SIZE },
      query: { kategoriaId: categoryId === null ? undefined : String(categoryId) },
    }),
  ]);
  const category = categoryId === null ? null : (categories.find((c) => c.Id === categoryId) ?? null);
  // A category this shop does not have: the list page with 'Brak produktów', answered as 404.
  const unknown = categoryId !== null && !category;
  const origin = siteOrigin(request, context);
  const payload = {
    alias: settings.OrganizacjaAlias,
    shop: settings.Nazwa,
    categoryId,
    categoryName: category?.Name ?? null,
    tree: buildCategoryTree(categories, counts),
    products: unknown ? [] : products,
    unknown,
    url: absoluteUrl(origin, categoryId === null ? '/produkty' : `/produkty/${categoryId}`),
  };
  return unknown ? data(payload, { status: 404 }) : payload;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const title = loaderData.categoryName ?? ui.shop.productsTitle;
  return pageMeta({
    title,
    description: ui.shop.listDescription(loaderData.shop, loaderData.categoryName ?? undefined),
    url: loaderData.url,
    siteName: loaderData.shop,
    noindex: loaderData.unknown,
  });
};

/** Spec 'Product list': '{n} produktów', the category tree on the left, cards or 'Brak produktów'. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { alias, categoryId, categoryName, tree, products } = loaderData;
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{categoryName ?? ui.shop.productsTitle}</h1>
        <p className="text-muted" aria-live="polite">
          {ui.shop.productCount(products.length)}
        </p>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <CategoryTree tree={tree} currentId={categoryId} />
        <section aria-labelledby="products-list-title">
          <h2 id="products-list-title" className="sr-only">
            {ui.shop.productsList}
          </h2>
          {products.length === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-12 text-center text-lg text-muted">
              {ui.shop.noProducts}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3">
              {products.map((p, i) => (
                <li key={p.Id}>
                  <ProductTile product={p} alias={alias} priority={i < 2} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
