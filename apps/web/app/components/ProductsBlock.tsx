import type { ProductListItem } from '@club/contract';
import { useId } from 'react';
import { ui } from '../texts.ts';
import { Link } from './Link.tsx';
import { ProductTile } from './ProductTile.tsx';

type Props = { title: string; products: ProductListItem[]; alias: string };

/** Spec: up to 8 products with 'Sprawdź wszystkie' to /produkty; nothing at all when there are none. */
export function ProductsBlock({ title, products, alias }: Props) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="container-page py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
          {title}
        </h2>
        <Link
          to="/produkty"
          className="whitespace-nowrap font-semibold text-primary underline-offset-4 hover:underline"
        >
          {ui.seeAll}
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.Id}>
            <ProductTile product={p} alias={alias} />
          </li>
        ))}
      </ul>
    </section>
  );
}
