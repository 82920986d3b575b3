import { HOME_PRODUCTS_COUNT } from '@club/contract';
import { ProductsBlock } from '../components/ProductsBlock.tsx';
import { getApi } from '../lib/api.server.ts';
import { ui } from '../texts.ts';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = getApi(request, context);
  const [settings, products] = await Promise.all([
    api.settings(),
    api.call('getProducts', { params: { offset: '0', count: String(HOME_PRODUCTS_COUNT) } }),
  ]);
  return {
    title: settings.Title,
    description: settings.Description,
    alias: settings.OrganizacjaAlias,
    products,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'description', content: loaderData.description }] : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, alias, products } = loaderData;
  return (
    <>
      <h1 className="sr-only">{title}</h1>
      <ProductsBlock title={ui.allProducts} products={products} alias={alias} />
    </>
  );
}
