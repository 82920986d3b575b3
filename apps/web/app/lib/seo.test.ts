import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  metaDescription,
  pageMeta,
  productJsonLd,
  siteOrigin,
} from './seo.ts';

describe('seo helpers', () => {
  it('builds absolute URLs', () => {
    expect(absoluteUrl('https://sklep.pl', '/produkt/1')).toBe('https://sklep.pl/produkt/1');
    expect(absoluteUrl('https://sklep.pl', 'https://cdn.pl/a.png')).toBe('https://cdn.pl/a.png');
  });
  it("takes the site's origin from the club the server names, not from the request's host", () => {
    const spoofed = new Request('http://evil.example/produkt/1', {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(siteOrigin(spoofed, { site: { alias: 'demo', url: 'https://sklep.klub.pl' } })).toBe(
      'https://sklep.klub.pl',
    );
    // Only a stand-alone dev server has no site in its context.
    expect(siteOrigin(new Request('http://localhost:5173/x'), {})).toBe('http://localhost:5173');
  });
  it('shortens descriptions at a word and drops tags', () => {
    expect(metaDescription('<p>Szalik <b>klubowy</b></p>')).toBe('Szalik klubowy');
    const long = metaDescription('słowo '.repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('słowo…')).toBe(true);
  });
  it('describes a product offer in PLN with two decimals', () => {
    const ld = productJsonLd({
      id: 1,
      name: 'Koszulka',
      description: 'Opis',
      images: ['https://s.pl/a.png'],
      price: 289.99,
      inStock: false,
      url: 'https://s.pl/produkt/1',
    });
    expect(ld).toMatchObject({
      '@type': 'Product',
      sku: '1',
      offers: { price: '289.99', priceCurrency: 'PLN', availability: 'https://schema.org/OutOfStock' },
    });
    const inStock = productJsonLd({
      id: 2,
      name: 'x',
      description: '',
      images: [],
      price: 60,
      inStock: true,
      url: 'u',
    });
    expect(inStock.offers).toMatchObject({ price: '60.00', availability: 'https://schema.org/InStock' });
  });
  it('lists breadcrumbs with absolute links', () => {
    expect(
      breadcrumbJsonLd(
        'https://s.pl',
        [{ label: 'Home', to: '/' }, { label: 'Koszulka' }],
        'https://s.pl/produkt/1',
      ),
    ).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://s.pl/' },
        { position: 2, name: 'Koszulka', item: 'https://s.pl/produkt/1' },
      ],
    });
  });
  it('leaves Open Graph out of noindex pages', () => {
    const meta = pageMeta({ title: 'Koszyk', url: 'https://s.pl/koszyk', noindex: true });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(meta.some((m) => 'property' in m)).toBe(false);
  });
  it("titles every page '{page} | {shop}', home keeps the club's own Title", () => {
    expect(pageMeta({ title: 'Szalik', siteName: 'MKS' })[0]).toEqual({ title: 'Szalik | MKS' });
    expect(pageMeta({ title: 'MKS', siteName: 'MKS' })[0]).toEqual({ title: 'MKS' });
    expect(pageMeta({ title: 'Sklep kibica', siteName: 'MKS', siteTitle: true })[0]).toEqual({
      title: 'Sklep kibica',
    });
    const og = pageMeta({ title: 'Szalik', siteName: 'MKS', url: 'https://s.pl/produkt/1' });
    expect(og).toContainEqual({ property: 'og:title', content: 'Szalik' });
  });
});
