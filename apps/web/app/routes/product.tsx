import {
  ApiClientError,
  HOME_PRODUCTS_COUNT,
  MAX_ID,
  NO_IMAGE,
  PREORDER_MARK,
  type Product,
  preorderLabel,
} from '@club/contract';
import { useState } from 'react';
import { data, useSubmit } from 'react-router';
import { type BreadcrumbItem, Breadcrumbs, withHome } from '../components/Breadcrumbs.tsx';
import { notifyFormHtml, subscribeFromForm } from '../components/notify-offer.server.ts';
import { ProductDetails } from '../components/ProductDetails.tsx';
import { ProductGallery } from '../components/ProductGallery.tsx';
import { ProductPurchase } from '../components/ProductPurchase.tsx';
import { ProductSafety } from '../components/ProductSafety.tsx';
import { ProductsBlock } from '../components/ProductsBlock.tsx';
import { ShareLinks } from '../components/ShareLinks.tsx';
import { requestApi } from '../lib/api.server.ts';
import { photosFor, productPhotoSources } from '../lib/images.ts';
import { limitedEditionNote } from '../lib/limited-edition.server.ts';
import { isOutOfStock, stockOf } from '../lib/product-form.ts';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  jsonLd,
  metaDescription,
  pageMeta,
  productJsonLd,
} from '../lib/seo.ts';
import { shopUi } from '../texts/shop.ts';
import type { Route } from './+types/product';

/** Typography of the sanitised description HTML (paragraphs, lists, headings, links). */
const RICH_TEXT =
  'space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-bold ' +
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1 [&_img]:h-auto [&_img]:max-w-full';

const notFound = () => data(null, { status: 404 });

/** `produkt/:id` is read as a number: digits only, a possible database id. */
const parseProductId = (raw: string): number => {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound();
  return id;
};

const loadProduct = async (call: ReturnType<typeof requestApi>['call'], id: number): Promise<Product> => {
  try {
    return await call('getProduct', { params: { id } });
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) throw notFound();
    throw err;
  }
};

const breadcrumbItems = (product: Product): BreadcrumbItem[] => [
  { label: shopUi.productsTitle, to: '/produkty' },
  ...(product.SklepWyrobu
    ? [{ label: product.SklepWyrobu.Nazwa, to: `/produkty/${product.SklepWyrobu.Id}` }]
    : []),
  { label: product.Nazwa },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const api = requestApi({ request, context });
  const [settings, product] = await Promise.all([api.settings(), loadProduct(api.call, id)]);
  const related = product.SklepWyrobu
    ? await api.call('getProducts', {
        params: { offset: 0, count: HOME_PRODUCTS_COUNT },
        query: { kategoriaId: String(product.SklepWyrobu.Id), excludeProduktId: String(product.Id) },
      })
    : [];
  const alias = settings.OrganizacjaAlias;
  const photos =
    product.Zalaczniki.length > 0 ? product.Zalaczniki : product.Zdjecie ? [product.Zdjecie] : [];
  const images =
    photos.length > 0 ? photos.map((p) => productPhotoSources(alias, product.Id, p)) : [{ src: NO_IMAGE }];
  // The option value each photo shows (a colour's own pictures); null: every variant.
  const imageValues = photos.map((p): string | null =>
    'Wartosc' in p && typeof p.Wartosc === 'string' ? p.Wartosc : null,
  );
  const origin = api.origin;
  // A plain list's pre-order size is marked in its select by name, so the page's script does nothing for it.
  if (!product.Opcje?.length)
    for (const p of product.Parametry) if (p.Przedsprzedaz) p.Nazwa = `${p.Nazwa} (${PREORDER_MARK})`;
  return {
    product,
    alias,
    shop: settings.Nazwa,
    images,
    imageValues,
    related,
    origin,
    url: absoluteUrl(origin, `/produkt/${product.Id}`),
    limitNote: limitedEditionNote(product),
    // Labels made here, so the page's script carries no date formatting (decision 144).
    preorders: Object.fromEntries(
      product.Parametry.flatMap((p) =>
        p.Przedsprzedaz ? [[p.Id, preorderLabel(p.Przedsprzedaz.DataWysylki)]] : [],
      ),
    ) as Record<number, string>,
    notifyHtml: notifyFormHtml(product),
  };
}

/** "Powiadom mnie" (NotifyForm) posts here, with or without the page's scripts. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const api = requestApi({ request, context });
  const product = await loadProduct(api.call, parseProductId(params.id));
  return subscribeFromForm(api, product, await request.formData());
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { product, images, origin, url, shop } = loaderData;
  const description = metaDescription(product.Opis || product.OpisDodatkowy);
  const absoluteImages = images.map((photo) => absoluteUrl(origin, photo.src));
  return [
    ...pageMeta({
      title: product.Nazwa,
      description,
      url,
      ogType: 'product',
      image: absoluteImages[0],
      siteName: shop,
    }),
    // The price one pays now: the promotion's while one runs (decision 151).
    {
      property: 'product:price:amount',
      content: (product.Promocja?.CenaPromocyjna ?? product.CenaBrutto).toFixed(2),
    },
    { property: 'product:price:currency', content: 'PLN' },
    jsonLd(
      productJsonLd({
        id: product.Id,
        name: product.Nazwa,
        description,
        images: absoluteImages,
        price: product.Promocja?.CenaPromocyjna ?? product.CenaBrutto,
        inStock: !isOutOfStock(stockOf(product)),
        url,
        category: product.SklepWyrobu?.Nazwa,
        brand: shop,
      }),
    ),
    jsonLd(breadcrumbJsonLd(origin, withHome(breadcrumbItems(product)), url)),
  ];
};

/** Spec 'Product detail page'. */
export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, alias, images, imageValues, related, url, limitNote, preorders } = loaderData;
  const notifyHtml = actionData?.notifyHtml ?? loaderData.notifyHtml;
  const submit = useSubmit();
  // The values the buyer chose (Kolor: Czarny…): a colour's photos replace the other colours' ones.
  const [chosen, setChosen] = useState<(string | null)[]>([]);
  const shown = photosFor(images, imageValues, chosen);
  return (
    <>
      <div className="container-page py-6 sm:py-8">
        <Breadcrumbs items={breadcrumbItems(product)} />
        <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
          <ProductGallery key={`${product.Id}:${shown.key}`} images={shown.images} name={product.Nazwa} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold leading-tight break-words sm:text-3xl">{product.Nazwa}</h1>
            <div className="mt-4">
              <ProductPurchase
                key={product.Id}
                product={product}
                image={shown.images[0]?.src ?? NO_IMAGE}
                onChoose={setChosen}
                preorders={preorders}
              />
            </div>
            {limitNote && <p className="mt-4 text-sm">{limitNote}</p>}
            {notifyHtml && (
              <div
                // Sent by the router once the page runs its scripts: the page stays where it was.
                onSubmit={(e) => {
                  e.preventDefault();
                  submit(e.target as HTMLFormElement, { preventScrollReset: true });
                }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: our own NotifyForm, rendered (escaped) on the server so it ships no script.
                dangerouslySetInnerHTML={{ __html: notifyHtml }}
              />
            )}
            <ShareLinks url={url} title={product.Nazwa} className="mt-6 border-t border-gray-200 pt-5" />
          </div>
        </div>
        <section aria-labelledby="product-description" className="mt-10 max-w-3xl">
          <h2 id="product-description" className="text-xl font-bold">
            {shopUi.description}
          </h2>
          {product.OpisDodatkowy ? (
            <div
              className={`mt-3 ${RICH_TEXT}`}
              // Trusted HTML: the API sanitises OpisDodatkowy before storing and before serving it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML (DESIGN: HTML from the content backend).
              dangerouslySetInnerHTML={{ __html: product.OpisDodatkowy }}
            />
          ) : (
            <p className="mt-3 whitespace-pre-line">{product.Opis}</p>
          )}
          <ProductDetails product={product} className="mt-6" />
        </section>
        <ProductSafety product={product} className="mt-10" />
      </div>
      <ProductsBlock title={shopUi.sameCategory} products={related} alias={alias} />
    </>
  );
}
