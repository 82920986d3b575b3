import { brandColoursOrDefault, brandThemeCss, DEFAULT_BRAND_COLOURS } from '@club/contract';
import { Fragment, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage, errorTitle } from './components/ErrorPage.tsx';
import { LinkNavigation } from './components/Link.tsx';
import { requestApi } from './lib/api.server.ts';
import { CartProvider } from './lib/cart.tsx';
import { SessionProvider } from './lib/session.tsx';
import { STYLESHEET_SLOT } from './lib/stylesheet-slot.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

// The stylesheet is inlined in the document (decision 69): as a separate request it shared a
// phone's bandwidth with the scripts and held the first paint back by 0.5-1 s. It stays in <head>
// for client-side navigations; hydration leaves dangerouslySetInnerHTML alone, so the browser's
// bundle does not carry the CSS: it takes the text the server sent, which a layout mounted anew
// (the root's error page after a failed navigation) needs. The server renders a slot that
// `documentBytes` fills with the stylesheet's bytes.
const sentStyle = (n: number): string => document.head.getElementsByTagName('style')[n]?.textContent ?? '';
const INLINE_CSS = import.meta.env.SSR ? STYLESHEET_SLOT : sentStyle(0);

// Preact hydrates <html>'s children into document.documentElement itself, so only the server
// renders the element.
const HtmlElement = import.meta.env.SSR ? 'html' : Fragment;

/** A page without the club's settings: the neutral colours on the server; in the browser, the colours it was sent. */
const FALLBACK_THEME = import.meta.env.SSR ? brandThemeCss(DEFAULT_BRAND_COLOURS) : sentStyle(1);

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <HtmlElement lang="pl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.themeColour ?? DEFAULT_BRAND_COLOURS.Glowny} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet */}
        <style dangerouslySetInnerHTML={{ __html: INLINE_CSS }} />
        {/* The club's colours (decision 141): `#rrggbb` values only, so the text cannot close the element. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: custom properties made from checked hex colours */}
        <style dangerouslySetInnerHTML={{ __html: root?.theme ?? FALLBACK_THEME }} />
        <Meta />
        <Links />
      </head>
      {/* The club, for the browser's API client (lib/browser-api.ts): client loaders run before any route renders. */}
      <body className="min-h-screen bg-white font-sans antialiased" data-club={root?.alias}>
        <LinkNavigation>{children}</LinkNavigation>
        <ScrollRestoration />
        <Scripts />
      </body>
    </HtmlElement>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await requestApi({ request, context }).settings();
  const colours = brandColoursOrDefault(settings.Kolory);
  return { alias: settings.OrganizacjaAlias, theme: brandThemeCss(colours), themeColour: colours.Glowny };
}

/** Browser state (token, cart) is read after hydration by these providers; the server renders without it. */
export default function App() {
  return (
    <SessionProvider>
      <CartProvider>
        <Outlet />
      </CartProvider>
    </SessionProvider>
  );
}

/** Last resort, when even the shop layout failed (e.g. the API is down): a page without chrome. */
export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: errorTitle(error) }] : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="container-page py-16">
      <ErrorPage error={error} />
    </main>
  );
}
