import { ApiClientError, CONTENT_TYPE_SUBPAGE, MenuId } from '@club/contract';
import { Outlet, type ShouldRevalidateFunction, useRouteLoaderData } from 'react-router';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { type Chrome, PageShell } from '../components/PageShell.tsx';
import { getApi } from '../lib/api.server.ts';
import type { Route } from './+types/shop-layout';

/** Spec 2 'Footer': the footer text is the sub-page with this key. */
const FOOTER_TEXT_SLUG = 'tekst-stopka';

/** Header and footer content is optional: a missing or failing part leaves that part empty. */
const optional = <T,>(what: string, p: Promise<T>, fallback: T): Promise<T> =>
  p.catch((e: unknown) => {
    if (!(e instanceof ApiClientError && e.status === 404)) console.warn(`layout: ${what} unavailable`, e);
    return fallback;
  });

const logoUrl = (kind: 'main' | 'footer', alias: string) =>
  `/api/cms/stronyfrontend/logo/${kind}?p=${encodeURIComponent(alias)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = getApi(request, context);
  const menu = (menuId: number) =>
    optional(`menu ${menuId}`, api.call('getMenu', { params: { menuId } }), []);
  const [settings, main, side, footer, social, footerText] = await Promise.all([
    api.settings(),
    menu(MenuId.main),
    menu(MenuId.side),
    menu(MenuId.footer),
    optional('social links', api.call('getSocial'), []),
    optional(
      'footer text',
      api
        .call('getContentPage', { params: { slug: FOOTER_TEXT_SLUG, type: CONTENT_TYPE_SUBPAGE } })
        .then((p) => p.Tresc),
      '',
    ),
  ]);
  const alias = settings.OrganizacjaAlias;
  return {
    shop: settings.Nazwa,
    alias,
    year: new Date().getFullYear(),
    logo: { main: logoUrl('main', alias), footer: logoUrl('footer', alias) },
    menus: { main, side, footer },
    social,
    footerText,
  } satisfies Chrome & { alias: string };
}

/** Menus and footer change rarely: client navigations reuse them; only form submissions reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;

/** Spec: the shell's title is the shop name; pages override it. Error pages set their own. */
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error || !loaderData ? [] : [{ title: loaderData.shop }];

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
      <ErrorPage error={error} shop={data.shop} />
    </PageShell>
  );
}
