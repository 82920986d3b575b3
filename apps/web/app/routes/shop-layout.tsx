import { Outlet, useRouteLoaderData } from 'react-router';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { PageShell } from '../components/PageShell.tsx';
import { getApi } from '../lib/api.server.ts';
import type { Route } from './+types/shop-layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const settings = await getApi(request, context).settings();
  return { shop: settings.Nazwa, alias: settings.OrganizacjaAlias, year: new Date().getFullYear() };
}

/** Spec: the shell's title is the shop name; pages override it. Error pages set their own. */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error || !loaderData ? [] : [{ title: loaderData.shop }];

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageShell shop={loaderData.shop} year={loaderData.year}>
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
    <PageShell shop={data.shop} year={data.year}>
      <ErrorPage error={error} shop={data.shop} />
    </PageShell>
  );
}
