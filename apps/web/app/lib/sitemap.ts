import type { MenuItem } from '@club/contract';

/** Paths of the shop's own pages among menu links: '/o-klubie' yes; 'https://…', '//…', '#', 'mailto:' no. */
export const internalMenuPaths = (items: MenuItem[]): string[] => {
  const out: string[] = [];
  const walk = (list: MenuItem[]) => {
    for (const item of list) {
      const url = item.Url.trim();
      if (url.startsWith('/') && !url.startsWith('//')) {
        const path = url.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
        out.push(path);
      }
      walk(item.Podrzedne ?? []);
    }
  };
  walk(items);
  return out;
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A sitemaps.org urlset of absolute URLs built from the origin and site paths, each once, in order. */
export const sitemapXml = (origin: string, paths: string[]): string => {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const p of paths) {
    const loc = new URL(p, `${origin}/`).toString();
    if (seen.has(loc)) continue;
    seen.add(loc);
    urls.push(`  <url><loc>${escapeXml(loc)}</loc></url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
};

/** Paths of the sitemap's files; `/sitemap.xml` is their index. */
export const SITEMAP_PAGES_FILE = '/sitemap/strony.xml';
export const sitemapProductsFile = (n: number) => `/sitemap/produkty-${n}.xml`;
/** `produkty-3.xml` -> 3; anything else -> undefined. */
export const productsFileNumber = (name: string): number | undefined => {
  const m = /^produkty-([1-9]\d{0,4})\.xml$/.exec(name);
  return m ? Number(m[1]) : undefined;
};

/** A sitemaps.org sitemap index naming the site's sitemap files. */
export const sitemapIndexXml = (origin: string, paths: string[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <sitemap><loc>${escapeXml(new URL(p, `${origin}/`).toString())}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');

/**
 * A urlset of product pages by id: up to 50,000 of them, so built by plain concatenation (ids are
 * integers; only the origin needs escaping, once).
 */
export const productSitemapXml = (origin: string, ids: number[]): string => {
  const prefix = `  <url><loc>${escapeXml(new URL('/produkt/', `${origin}/`).toString())}`;
  let body = '';
  for (const id of ids) body += `${prefix}${Math.trunc(id)}</loc></url>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</urlset>\n`;
};

/** Pages that are private to a visitor (account, cart, checkout) or not for crawlers. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/panel',
  '/dev/',
  '/koszyk',
  '/dostawa-i-platnosc',
  '/podsumowanie',
  '/potwierdenie-platnosci',
  '/moje-konto',
  '/logowanie',
  '/rejestracja',
  '/nowy-adres-email',
  '/zmien-haslo',
  '/potwierdz-nowy-adres-email/',
  '/przypomnij-haslo',
  '/resetuj-haslo/',
];

export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
