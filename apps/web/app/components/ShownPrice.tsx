import { formatPrice, type PromotionPrice } from '@club/contract';
import type { ReactNode } from 'react';
import { shopUi } from '../texts/shop.ts';
import { LowestPrice } from './LowestPrice.tsx';

type Props = {
  /** The regular price (zł). */
  price: number;
  /** The base price's Omnibus figure after a cut of the price itself. */
  lowest: number | null;
  /** An announced reduction by a promotion; null: none. */
  promotion: PromotionPrice | null;
  /** Badges of other deals ("3 w cenie 2"). */
  offers?: readonly string[];
  size: 'tile' | 'page';
  /** Shown right under the price, before the Omnibus line (the page's VAT note). */
  children?: ReactNode;
};

const PRICE = { tile: 'text-lg', page: 'text-3xl' } as const;
const REGULAR = { tile: 'text-sm', page: 'text-xl' } as const;

/**
 * The price as a tile or the product page shows it. With a promotion (decision 151): its name as a
 * badge, the regular price struck through and the promoted price, each named for screen readers
 * (`del` and `ins` are not announced by all of them), and the Omnibus line of the 30 days before
 * the promotion began in place of the base price's.
 */
export function ShownPrice({ price, lowest, promotion, offers = [], size, children }: Props) {
  const badges = promotion ? [promotion.Nazwa, ...offers.filter((o) => o !== promotion.Nazwa)] : offers;
  return (
    <div>
      {badges.length > 0 && (
        <p className="mb-1 flex flex-wrap gap-1">
          <span className="sr-only">{shopUi.promotionBadge} </span>
          {badges.map((b, i) => (
            <span key={b} className="rounded bg-primary px-2 py-0.5 text-xs font-bold text-on-primary">
              {b}
              {i < badges.length - 1 && <span className="sr-only">, </span>}
            </span>
          ))}
        </p>
      )}
      {promotion ? (
        <p className={`${PRICE[size]} font-extrabold text-primary`}>
          <del className={`${REGULAR[size]} mr-2 font-semibold text-muted`}>
            <span className="sr-only">{shopUi.regularPrice} </span>
            <span className="whitespace-nowrap">{formatPrice(price)}</span>
          </del>
          <ins className="no-underline">
            <span className="sr-only">{shopUi.promotionPrice} </span>
            <span className="whitespace-nowrap">{formatPrice(promotion.CenaPromocyjna)}</span>
          </ins>
        </p>
      ) : (
        <p className={`${PRICE[size]} ${size === 'page' ? 'font-extrabold' : 'font-bold'} text-primary`}>
          {size === 'page' && <span className="sr-only">{shopUi.price}: </span>}
          {formatPrice(price)}
        </p>
      )}
      {children}
      <LowestPrice
        price={promotion ? promotion.NajnizszaCenaPrzedPromocja : lowest}
        className={size === 'page' ? 'mt-1' : ''}
      />
    </div>
  );
}
