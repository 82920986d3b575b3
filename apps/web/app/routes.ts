import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // Spec: the default layout (header, content, footer) wraps every page but the payment thank-you.
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
    // Product list, product page and cart.
    route('produkty', 'routes/products.tsx', { id: 'products' }),
    route('produkty/:kategoriaId', 'routes/products.tsx', { id: 'products-category' }),
    route('produkt/:id', 'routes/product.tsx'),
    route('koszyk', 'routes/cart.tsx'),
    // Login, registration and the account pages.
    route('logowanie/:guid?', 'routes/login.tsx'),
    route('rejestracja', 'routes/register.tsx'),
    route('moje-konto', 'routes/account.tsx'),
    route('nowy-adres-email', 'routes/change-email.tsx'),
    route('zmien-haslo', 'routes/change-password.tsx'),
    route('potwierdz-nowy-adres-email/:hash', 'routes/confirm-email.tsx'),
    route('przypomnij-haslo', 'routes/remind-password.tsx'),
    route('resetuj-haslo/:hash', 'routes/reset-password.tsx'),
    // Checkout and CMS sub-pages; ':slug' (single segment) stays just before '*'.
    route('dostawa-i-platnosc', 'routes/delivery.tsx'),
    route('podsumowanie', 'routes/summary.tsx'),
    // A held cash-on-delivery order's e-mailed confirmation link.
    route('potwierdz-zamowienie/:token', 'routes/confirm-order.tsx'),
    // Withdrawal from the contract: the guest's signed e-mail link and the customer's account.
    route('odstapienie/:token', 'routes/withdrawal.tsx', { id: 'withdrawal-guest' }),
    route('moje-konto/odstapienie/:id', 'routes/withdrawal.tsx', { id: 'withdrawal-account' }),
    // A back-in-stock alert's page: what waits, and its unsubscribe button (decision 146).
    route('powiadomienie/:token', 'routes/stock-alert.tsx'),
    // Search results; before ':slug', and 'szukaj' is a reserved slug.
    route('szukaj', 'routes/search.tsx'),
    // The model withdrawal form (załącznik nr 2 UPK), addressed from the seller's data.
    route('formularz-odstapienia', 'routes/withdrawal-form.tsx'),
    // A gift card's balance, checked with its code (decision 154).
    route('karta-podarunkowa', 'routes/gift-card-balance.tsx'),
    route(':slug', 'routes/subpage.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // W4: the payment thank-you page (spec: outside the default layout, spelling kept) and SEO files.
  route('potwierdenie-platnosci', 'routes/thank-you.tsx'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('sitemap/:plik', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  // The club's shield and manifest, in its colours.
  route('favicon.svg', 'routes/favicon[.]svg.ts'),
  route('manifest.webmanifest', 'routes/manifest[.]webmanifest.ts'),
] satisfies RouteConfig;
