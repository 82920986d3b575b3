import { Outlet, type ShouldRevalidateFunction, useRouteLoaderData } from 'react-router';
import { ErrorPage, errorTitle } from '../components/ErrorPage.tsx';
import { type Chrome, PageShell } from '../components/PageShell.tsx';
import { requestApi } from '../lib/api.server.ts';
import { layoutContent } from '../lib/layout-content.server.ts';
import { siteLogo } from '../lib/logo.ts';
import type { Route } from './+types/shop-layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const [settings, content] = await Promise.all([api.settings(), layoutContent(api, api.siteKey)]);
  const alias = settings.OrganizacjaAlias;
  return {
    shop: settings.Nazwa,
    alias,
    year: new Date().getFullYear(),
    logo: { main: siteLogo('main', settings), footer: siteLogo('footer', settings) },
    menus: content.menus,
    social: content.social,
    footerText: content.footerText,
  } satisfies Chrome & { alias: string };
}

/** Menus and footer change rarely: client navigations reuse them; only form submissions reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;

/** Spec: the shell's title is the shop name; pages override it. Error pages set their own. */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error ? [{ title: errorTitle(error, loaderData?.shop) }] : loaderData ? [{ title: loaderData.shop }] : [];

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell chrome={loaderData}>
      <Outlet />
    </PageShell>
  );
}

/** Errors of pages inside the layout (404 included) keep the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('routes/shop-layout');
  if (!data) {
    return (
      <main id="main" className="container-page py-16">
        <ErrorPage error={error} />
      </main>
    );
  }
  return (
    <PageShell chrome={data}>
      <ErrorPage error={error} />
    </PageShell>
  );
}
