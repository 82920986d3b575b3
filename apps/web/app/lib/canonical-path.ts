/**
 * The one address of each public page, under which the hosting process caches it whole
 * (apps/api/src/web.ts). React Router matches a route's fixed segments in any case, decodes
 * %-escapes and ignores a trailing slash or an empty segment, and the pages read ids as numbers:
 * `/Produkty`, `/produkty/`, `/produk%74y` and `/produkt/01` are the pages `/produkty` and
 * `/produkt/1`, and cached under their own paths each would be another copy.
 */

/** What a route's parameter is: an id read as a number, a name matched exactly, a one-time token. */
type Param = ':number' | ':text' | ':token';

/**
 * Every page path of routes.ts (a test keeps the two in step), its parameters by kind. A token
 * page (a reset link, a confirmation link) is asked for once per token: never worth keeping.
 */
export const PAGE_PATTERNS: readonly string[] = [
  '',
  'produkty',
  'produkty/:number',
  'produkt/:number',
  'koszyk',
  'logowanie',
  'logowanie/:token',
  'rejestracja',
  'moje-konto',
  'nowy-adres-email',
  'zmien-haslo',
  'potwierdz-nowy-adres-email/:token',
  'przypomnij-haslo',
  'resetuj-haslo/:token',
  'dostawa-i-platnosc',
  'podsumowanie',
  'potwierdz-zamowienie/:token',
  'odstapienie/:token',
  'powiadomienie/:token',
  'moje-konto/odstapienie/:number',
  'szukaj',
  'formularz-odstapienia',
  'karta-podarunkowa',
  ':text',
  'potwierdenie-platnosci',
  'sitemap.xml',
  'sitemap/:text',
  'robots.txt',
  'favicon.svg',
  'manifest.webmanifest',
];

/** Split, fixed routes first: React Router prefers `/sitemap.xml` to `/:slug` as well. */
const PATTERNS = PAGE_PATTERNS.map((p) => (p === '' ? [] : p.split('/'))).sort(
  (a, b) => a.filter((s) => s.startsWith(':')).length - b.filter((s) => s.startsWith(':')).length,
);

/** React Router's data request for a page: `/produkty.data`, `/_root.data` for the home page. */
const DATA_SUFFIX = '.data';
const ROOT_DATA = '/_root';

/**
 * A segment as a browser sends it: the characters a URL path cannot hold as they are (and `%`,
 * `\`, which would change its meaning) escaped, with upper-case hex; everything else as it is.
 */
const ESCAPED = new Set([...'"#%<>?\\`{}']);
const encodeSegment = (segment: string) => {
  let out = '';
  for (const c of segment) {
    const code = c.codePointAt(0)!;
    out += code <= 0x20 || code >= 0x7f || ESCAPED.has(c) ? encodeURIComponent(c) : c;
  }
  return out;
};

const canonicalSegments = (segments: string[]): string[] | undefined => {
  const pattern = PATTERNS.find(
    (p) =>
      p.length === segments.length &&
      p.every((part, i) => part.startsWith(':') || part === segments[i]!.toLowerCase()),
  );
  if (!pattern) return undefined;
  const out: string[] = [];
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i]!;
    const kind = part.startsWith(':') ? (part as Param) : undefined;
    if (kind === ':token') return undefined;
    if (kind === ':number') out.push(/^\d+$/.test(segment) ? segment.replace(/^0+(?=\d)/, '') : segment);
    else if (kind === ':text') out.push(segment);
    // A fixed segment is matched in any case: its one spelling is the route's.
    else out.push(part);
  }
  return out;
};

/**
 * The address under which the page at `pathname` (a URL's pathname, as `new URL` gives it) may be
 * cached; undefined when it is not a page worth caching (a token page) or no page at all. The
 * page at `pathname` is the page at the result: when the two differ, `pathname` is another
 * spelling of it.
 */
export const canonicalPath = (pathname: string): string | undefined => {
  const data = pathname.endsWith(DATA_SUFFIX);
  let path = data ? pathname.slice(0, -DATA_SUFFIX.length) : pathname;
  if (data && path === ROOT_DATA) path = '/';
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // An escaped slash or a dot segment is not another spelling of a page's path.
    if (segment.includes('/') || segment === '.' || segment === '..') return undefined;
    segments.push(segment);
  }
  const canonical = canonicalSegments(segments);
  if (!canonical) return undefined;
  const joined = `/${canonical.map(encodeSegment).join('/')}`;
  if (!data) return joined;
  return `${joined === '/' ? ROOT_DATA : joined}${DATA_SUFFIX}`;
};
