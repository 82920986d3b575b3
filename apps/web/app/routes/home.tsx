import { HOME_PRODUCTS_COUNT } from '@club/contract';
import { BannerCarousel } from '../components/BannerCarousel.tsx';
import { ProductsBlock } from '../components/ProductsBlock.tsx';
import { requestApi } from '../lib/api.server.ts';
import { firstSlidePreloads, homeBanner } from '../lib/banner.ts';
import { homeBannerOf } from '../lib/home-banner.server.ts';
import { HomeSection, homeSectionEnabled } from '../lib/home-sections.ts';
import { siteLogoUrl } from '../lib/logo.ts';
import { absoluteUrl, pageMeta } from '../lib/seo.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const settings = await api.settings();
  const showBanner = homeSectionEnabled(settings.Opcje, HomeSection.banner);
  const showProducts = homeSectionEnabled(settings.Opcje, HomeSection.products);
  const [banner, products] = await Promise.all([
    showBanner ? homeBannerOf(api) : null,
    showProducts
      ? api.call('getProducts', { params: { offset: 0, count: HOME_PRODUCTS_COUNT } })
      : Promise.resolve([]),
  ]);
  const origin = api.origin;
  return {
    title: settings.Title,
    description: settings.Description,
    shop: settings.Nazwa,
    alias: settings.OrganizacjaAlias,
    url: absoluteUrl(origin, '/'),
    image: absoluteUrl(origin, siteLogoUrl('main', settings)),
    banner: homeBanner(banner),
    products,
  };
}

/** Spec 2 'Home page': title and meta description from the site settings, in the server's HTML. */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...pageMeta({
          title: loaderData.title,
          siteTitle: true,
          description: loaderData.description,
          url: loaderData.url,
          image: loaderData.image,
          siteName: loaderData.shop,
        }),
        ...firstSlidePreloads(loaderData.banner, loaderData.alias),
      ]
    : [];

/** Sections by site options 'strona-glowna-{section}': the main banner, then 'Wszystkie produkty'. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, alias, banner, products } = loaderData;
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      {banner && <BannerCarousel banner={banner} alias={alias} />}
      <ProductsBlock title={ui.allProducts} products={products} alias={alias} />
    </>
  );
}
