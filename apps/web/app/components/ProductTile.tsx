import type { ProductListItem } from '@club/contract';
import { productPhotoSources } from '../lib/images.ts';
import { shopUi } from '../texts/shop.ts';
import { ui } from '../texts.ts';
import { Link } from './Link.tsx';
import { ProductPicture } from './ProductPicture.tsx';
import { ShownPrice } from './ShownPrice.tsx';

type Props = { product: ProductListItem; alias: string; priority?: boolean };

/**
 * Spec: links to /produkt/{id}; photo or placeholder, name, gross price, 'Szczegóły'. A sold-out
 * product (stock `MagazynyStany[0].Stan` below 1, when the list sends it) gets a 'Brak' badge on
 * its photo, read out as 'Brak na magazynie' after the price.
 */
export function ProductTile({ product, alias, priority = false }: Props) {
  const href = `/produkt/${product.Id}`;
  const stock = product.MagazynyStany?.[0]?.Stan;
  const soldOut = stock !== undefined && stock < 1;
  return (
    <article className="product-tile">
      {/* The photo repeats the name link for the mouse; keyboard and screen readers use the links below. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block bg-gray-50">
        <ProductPicture
          photo={productPhotoSources(alias, product.Id, product.Zdjecie)}
          sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"
          alt={product.Nazwa}
          loading={priority ? 'eager' : 'lazy'}
          // Not before the page's largest paint (a banner, the first tiles), though on screen.
          fetchPriority={priority ? undefined : 'low'}
          decoding="async"
          className="product-tile-photo"
        />
      </Link>
      <div className="product-tile-body">
        <h3 className="text-sm font-semibold leading-snug sm:text-base">
          <Link to={href} className="hover:text-primary hover:underline">
            {product.Nazwa}
          </Link>
        </h3>
        <ShownPrice
          price={product.CenaBrutto}
          lowest={product.NajnizszaCena30Dni}
          promotion={product.Promocja ?? null}
          offers={product.Oferty}
          size="tile"
        />
        {soldOut && (
          // Placed after the price for screen readers; shown on the photo's corner.
          <p className="absolute left-2 top-2 rounded bg-gray-900 px-2 py-0.5 text-sm font-bold text-white shadow">
            {shopUi.soldOutBadge}
            <span className="sr-only">{shopUi.soldOutBadgeRest}</span>
          </p>
        )}
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
