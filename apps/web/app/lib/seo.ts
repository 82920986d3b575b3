import type { AppLoadContext, MetaDescriptor } from 'react-router';
import './load-context.ts';

/**
 * Meta helpers for public pages (DESIGN 'SEO beyond the spec'): canonical link, Open Graph and
 * JSON-LD. Route `meta` functions return these descriptors; React Router renders them in <head>
 * on the server (JSON-LD through its `script:ld+json` descriptor, which escapes '<', '>' and '&').
 */

const DESCRIPTION_MAX = 160;

/**
 * The club's site origin (scheme://host) for absolute URLs: canonical links, og:url, JSON-LD,
 * sitemap.xml, robots.txt. The hosting server (apps/api/src/web.ts) passes it in the load
 * context, built from the club's configured domain and PUBLIC_URL, never from the client's Host
 * or X-Forwarded-* headers. Only a stand-alone dev server (`react-router dev`) falls back to the
 * request's own origin.
 */
export const siteOrigin = (request: Request, context: Pick<AppLoadContext, 'site'>): string =>
  new URL(context.site?.url ?? request.url).origin;

/** An absolute URL on this site; paths that are already absolute stay as they are. */
export const absoluteUrl = (origin: string, path: string): string => new URL(path, `${origin}/`).toString();

/** Plain text of a short description: tags dropped, whitespace collapsed, cut at a word. */
export const metaDescription = (text: string | null | undefined, max = DESCRIPTION_MAX): string => {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
};

export const canonicalLink = (href: string): MetaDescriptor => ({ tagName: 'link', rel: 'canonical', href });

/** `<link rel="prev">` and `<link rel="next">` of a page in a paged list (absolute URLs; absent at the ends). */
export const pagingLinks = (links: { prev?: string; next?: string }): MetaDescriptor[] => [
  ...(links.prev ? [{ tagName: 'link', rel: 'prev', href: links.prev }] : []),
  ...(links.next ? [{ tagName: 'link', rel: 'next', href: links.next }] : []),
];

export type OpenGraph = {
  title: string;
  type: 'website' | 'product' | 'article';
  url: string;
  description?: string;
  /** Absolute URL. */
  image?: string;
  siteName?: string;
};

export const openGraph = (og: OpenGraph): MetaDescriptor[] => [
  { property: 'og:title', content: og.title },
  { property: 'og:type', content: og.type },
  { property: 'og:url', content: og.url },
  ...(og.description ? [{ property: 'og:description', content: og.description }] : []),
  ...(og.image ? [{ property: 'og:image', content: og.image }] : []),
  ...(og.siteName ? [{ property: 'og:site_name', content: og.siteName }] : []),
  { property: 'og:locale', content: 'pl_PL' },
];

export const jsonLd = (data: Record<string, unknown>): MetaDescriptor => ({ 'script:ld+json': data });

export type ProductLd = {
  id: number;
  name: string;
  description: string;
  /** Absolute image URLs. */
  images: string[];
  /** Gross price in zł. */
  price: number;
  inStock: boolean;
  url: string;
  category?: string;
  brand?: string;
};

/** schema.org Product with one PLN offer: price as '289.99', availability In/OutOfStock. */
export const productJsonLd = (p: ProductLd): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: p.name,
  image: p.images,
  description: p.description,
  sku: String(p.id),
  productID: String(p.id),
  ...(p.category && { category: p.category }),
  ...(p.brand && { brand: { '@type': 'Brand', name: p.brand } }),
  url: p.url,
  offers: {
    '@type': 'Offer',
    price: p.price.toFixed(2),
    priceCurrency: 'PLN',
    availability: p.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: p.url,
    itemCondition: 'https://schema.org/NewCondition',
  },
});

/** schema.org BreadcrumbList; items without a link are the current page (`url`). */
export const breadcrumbJsonLd = (
  origin: string,
  items: { label: string; to?: string }[],
  currentUrl: string,
): Record<string, unknown> => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map((item, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: item.label,
    item: item.to ? absoluteUrl(origin, item.to) : currentUrl,
  })),
});

/** One title pattern on every page but home: '{page} | {shop}'. */
export const pageTitle = (title: string, shop?: string | null): string =>
  shop && title !== shop ? `${title} | ${shop}` : title;

export type PageMeta = {
  /** The page's own title; `<title>` adds the shop name (pageTitle) unless `siteTitle`. */
  title: string;
  /** Home: the club's own Title setting is the whole title (spec 'Home page'). */
  siteTitle?: boolean;
  description?: string;
  /** Absolute canonical URL; also og:url. */
  url?: string;
  ogType?: OpenGraph['type'];
  image?: string;
  siteName?: string;
  noindex?: boolean;
};

/** Title, description, robots, canonical and Open Graph of a page in one list. */
export const pageMeta = (m: PageMeta): MetaDescriptor[] => [
  { title: m.siteTitle ? m.title : pageTitle(m.title, m.siteName) },
  ...(m.description ? [{ name: 'description', content: m.description }] : []),
  ...(m.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ...(m.url ? [canonicalLink(m.url)] : []),
  ...(m.url && !m.noindex
    ? openGraph({
        title: m.title,
        type: m.ogType ?? 'website',
        url: m.url,
        description: m.description,
        image: m.image,
        siteName: m.siteName,
      })
    : []),
];
