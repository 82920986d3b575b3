import type { ProductListItem } from '@club/contract';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkNavigation } from '../components/Link.tsx';
import { type Chrome, PageShell } from '../components/PageShell.tsx';
import { ProductTile } from '../components/ProductTile.tsx';
import { CartProvider } from '../lib/cart.tsx';
import { SessionProvider } from '../lib/session.tsx';
import { menuItem as item } from '../testing/menu-item.ts';

const chrome = (footerTitle = 'Regulamin'): Chrome => ({
  shop: 'Sklep Klubu',
  year: 2026,
  logo: {
    main: { src: '/media/logo.png', shown: '/media/logo-shown.webp' },
    footer: { src: '/media/logo-stopka.png', shown: '/media/logo-stopka-shown.webp' },
  },
  menus: {
    main: [
      item(1, 'Start', '/'),
      item(2, 'Produkty', '/produkty', [
        item(3, 'Koszulki', '/produkty/koszulki'),
        item(4, 'Żółte', '/kategoria/żółte'),
      ]),
      item(5, 'Bilety', '/produkt/7'),
    ],
    side: [item(10, 'Kontakt', '/kontakt'), item(11, 'Sklep partnera', 'https://example.pl')],
    footer: [item(20, footerTitle, '/regulamin'), item(21, 'Konto', '/moje-konto/')],
  },
  social: [],
  footerText: '<p>Adres klubu</p>',
});

const tile = (Id: number, CenaBrutto: number, Stan: number): ProductListItem => ({
  Id,
  Nazwa: `Szalik <${Id}> & czapka`,
  CenaBrutto,
  NajnizszaCena30Dni: CenaBrutto + 10,
  Zdjecie: { Id: Id * 10, Nazwa: `szalik-${Id}.jpg` },
  MagazynyStany: [{ Stan }],
});
const TILES = [tile(1, 49.99, 3), tile(2, 1299, 0), tile(3, 5, 1)];

/**
 * A page in the shop layout as the server renders it: a data router on the request, Preact's
 * renderer; product tiles in it, the first with priority.
 */
const render = async (path: string, content = chrome(), tiles = TILES) => {
  const handler = createStaticHandler([
    {
      path: '*',
      element: (
        <SessionProvider>
          <CartProvider>
            <LinkNavigation>
              <PageShell chrome={content}>
                <h1>Strona</h1>
                {tiles.map((p, i) => (
                  <ProductTile key={p.Id} product={p} alias="klub" priority={i === 0} />
                ))}
              </PageShell>
            </LinkNavigation>
          </CartProvider>
        </SessionProvider>
      ),
    },
  ]);
  const context = await handler.query(new Request(`http://sklep.test${path}`));
  if (context instanceof Response) throw new Error(`unexpected response for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
};

// Each menu link's own page, one below it, one that only shares its first letters, other case, the
// encoded form of a Polish path, and pages no link is for.
const PATHS = [
  '/',
  '/produkty',
  '/produkty/koszulki',
  '/produkty/koszulki/xl',
  '/produktyx',
  '/PRODUKTY',
  '/kategoria/%C5%BC%C3%B3%C5%82te',
  '/kategoria/żółte',
  '/produkt/7',
  '/produkt/70',
  '/produkt/1',
  '/produkt/2',
  '/koszyk',
  '/logowanie',
  '/moje-konto',
  '/moje-konto/zamowienia',
  '/kontakt',
  '/regulamin',
];

describe('header, footer and product tiles from the cache', () => {
  it('are the HTML the components render, on every path, rendered once per set of current links', async () => {
    // Rendered before the cache is installed: the components' own output.
    const expected = new Map<string, string>();
    for (const path of PATHS) expected.set(path, await render(path));
    expect(expected.get('/produkty')).toContain('aria-current="page"');
    expect(expected.get('/produkty')).toContain('Szalik &lt;2> &amp; czapka');

    const { fragmentRenders } = await import('./fragment-cache.server.ts');
    for (const round of [1, 2]) {
      for (const path of round === 1 ? PATHS : [...PATHS].reverse()) {
        expect(await render(path), `${path}, round ${round}`).toBe(expected.get(path));
      }
    }
    // Product pages no menu points at share one header and one footer, and the tiles.
    const before = fragmentRenders();
    for (let id = 100; id < 110; id++) await render(`/produkt/${id}`);
    expect(fragmentRenders()).toBe(before);
  });

  it('are rendered anew when the club changes what they show', async () => {
    const { fragmentRenders } = await import('./fragment-cache.server.ts');
    await render('/produkt/1');
    const before = fragmentRenders();
    const html = await render('/produkt/1', chrome('Regulamin sklepu'));
    expect(html).toContain('Regulamin sklepu');
    // The footer's props changed, the header's did not.
    expect(fragmentRenders()).toBe(before + 1);
  });

  it('render a tile anew when its product changes, and only that tile', async () => {
    const { fragmentRenders } = await import('./fragment-cache.server.ts');
    await render('/produkty');
    const before = fragmentRenders();
    const html = await render('/produkty', chrome(), [tile(1, 39.99, 3), TILES[1]!, TILES[2]!]);
    const prices = [...html.matchAll(/text-primary">([^<]+)<\/p>/g)].map((m) => m[1]);
    expect(prices).toEqual(['39,99\u00a0zł', '1\u00a0299,00\u00a0zł', '5,00\u00a0zł']);
    expect(fragmentRenders()).toBe(before + 1);
    // Sold out now: the badge shows.
    const soldOut = await render('/produkty', chrome(), [tile(1, 39.99, 0)]);
    expect(soldOut.match(/Brak/g)?.length ?? 0).toBeGreaterThan(0);
  });
});
