import { type Cart, discountLabel, formatPrice } from '@club/contract';
import { shopUi } from '../texts/shop.ts';

/**
 * The cart's discounts, each its own row of a `<dl>` ("Rabat SOKOL10 (Szaliki −10%)  −14,00 zł"),
 * after the goods' value: the cart, the checkout's summary. Nothing without discounts.
 */
export function CartDiscounts({ cart }: { cart: Pick<Cart, 'Koszt' | 'Rabaty'> }) {
  const discounts = cart.Rabaty ?? [];
  if (!discounts.length) return null;
  return (
    <>
      <div className="flex items-baseline justify-between gap-4">
        <dt>{shopUi.itemsValue}</dt>
        <dd className="whitespace-nowrap">{formatPrice(cart.Koszt)}</dd>
      </div>
      {discounts.map((d) => (
        <div
          key={`${d.Kod ?? ''}|${d.Nazwa}`}
          className="flex items-baseline justify-between gap-4 text-green-800"
        >
          <dt className="min-w-0 break-words">{discountLabel({ name: d.Nazwa, code: d.Kod })}</dt>
          <dd className="whitespace-nowrap font-semibold" data-testid="cart-discount">
            −{formatPrice(d.Kwota)}
          </dd>
        </div>
      ))}
    </>
  );
}
