import { Fragment, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { ErrorPage } from './components/ErrorPage.tsx';
import { getApi } from './lib/api.server.ts';
import { setTenantAlias } from './lib/browser-api.ts';
import { CartProvider } from './lib/cart.tsx';
import { useNonce } from './lib/nonce.ts';
import { SessionProvider } from './lib/session.tsx';

// The stylesheet as the first link, so the browser asks for it before the page's module preloads:
// a side-effect CSS import would put it after them, and it blocks the first paint.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Preact hydrates <html>'s children into document.documentElement itself, so only the server
// renders the element.
const HtmlElement = import.meta.env.SSR ? 'html' : Fragment;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <HtmlElement lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </HtmlElement>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getApi(request, context).settings();
  return { alias: settings.OrganizacjaAlias };
}

/** Browser state (token, cart) is read after hydration by these providers; the server renders without it. */
export default function App({ loaderData }: Route.ComponentProps) {
  if (typeof window !== 'undefined') setTenantAlias(loaderData.alias);
  return (
    <SessionProvider>
      <CartProvider>
        <Outlet />
      </CartProvider>
    </SessionProvider>
  );
}

/** Last resort, when even the shop layout failed (e.g. the API is down): a page without chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="container-page py-16">
      <ErrorPage error={error} />
    </main>
  );
}
