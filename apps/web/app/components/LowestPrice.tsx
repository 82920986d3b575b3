import { formatPrice } from '@club/contract';
import { shopUi } from '../texts/shop.ts';

type Props = { price: number | null; className?: string };

/**
 * Omnibus: a product whose price was cut shows the lowest price of the 30 days before the cut
 * (the API's `NajnizszaCena30Dni`); nothing for a price that is not a cut.
 */
export function LowestPrice({ price, className = '' }: Props) {
  if (price == null) return null;
  return (
    <p className={`text-xs text-gray-700 sm:text-sm ${className}`}>
      {shopUi.lowestPrice30d} <span className="whitespace-nowrap">{formatPrice(price)}</span>
    </p>
  );
}
