import { type BrandColours, brandPalette } from '@club/contract';

/**
 * The browser tab's icon: a shield in the club's colours (the primary, the accent, the primary
 * again). The colours are the contract's checked `#rrggbb`, so they cannot break the markup.
 */
export const clubFaviconSvg = (c: BrandColours): string => {
  const p = brandPalette(c);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>Herb klubu</title>' +
    `<path d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12z" fill="${p.primary}"/>` +
    `<path d="M32 10 15 16.5V30c0 11 7 19.5 17 23.5 10-4 17-12.5 17-23.5V16.5z" fill="${p.accent}"/>` +
    `<path d="M32 17 22 21v9c0 7 4 12.5 10 15 6-2.5 10-8 10-15v-9z" fill="${p.primary}"/></svg>`
  );
};

/** The web app manifest: the club's name and colours, its shield as the icon. */
export const clubManifest = (shop: { name: string; colours: BrandColours }) => ({
  name: shop.name,
  short_name: shop.name,
  lang: 'pl',
  start_url: '/',
  display: 'browser',
  theme_color: shop.colours.Glowny,
  background_color: '#ffffff',
  icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
});
