import { formatPrice, type ProductListItem } from '@club/contract';
import { Link } from 'react-router';
import { productPhotoSources } from '../lib/images.ts';
import { ui } from '../texts.ts';
import { ProductPicture } from './ProductPicture.tsx';

type Props = { product: ProductListItem; alias: string; priority?: boolean };

/** Spec: links to /produkt/{id}; photo or placeholder, name, gross price, 'Szczegóły'. */
export function ProductTile({ product, alias, priority = false }: Props) {
  const href = `/produkt/${product.Id}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      {/* The photo repeats the name link for the mouse; keyboard and screen readers use the links below. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-gray-50">
        <ProductPicture
          photo={productPhotoSources(alias, product.Id, product.Zdjecie)}
          sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"
          alt={product.Nazwa}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-square h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="text-sm font-semibold leading-snug sm:text-base">
          <Link to={href} className="hover:text-primary hover:underline">
            {product.Nazwa}
          </Link>
        </h3>
        <p className="text-lg font-bold text-primary">{formatPrice(product.CenaBrutto)}</p>
        <Link
          to={href}
          className="btn-primary mt-auto self-start"
          aria-label={`${ui.details}: ${product.Nazwa}`}
        >
          {ui.details}
        </Link>
      </div>
    </article>
  );
}
