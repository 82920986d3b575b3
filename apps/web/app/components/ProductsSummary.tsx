import { type Cart, formatPrice } from '@club/contract';
import { useId } from 'react';
import {
  lineTotalZl,
  orderTotalZl,
  orderValueZl,
  shippingCostZl,
  toPayAfterCardZl,
} from '../lib/delivery.ts';
import { checkoutUi } from '../texts/checkout.ts';
import { giftCardUi } from '../texts/gift-card.ts';
import { shopUi } from '../texts/shop.ts';
import { CartDiscounts } from './CartDiscounts.tsx';
import { GiftCardRow } from './CartGiftCard.tsx';
import { Labelled, LinePhoto } from './LinePhoto.tsx';
import { PreorderLabel, PreorderShippingNote } from './PreorderNote.tsx';

type Props = {
  cart: Cart;
  alias: string;
  /** The chosen shipping option (price in grosze as Meta); none chosen yet shows a hint. */
  shipping: { Id?: number; Meta?: number } | null | undefined;
  /** The club's free-shipping threshold (grosze; null: none): from it on, shipping shows 0. */
  freeShippingFrom?: number | null;
  /** With a gift card, its own 'Do zapłaty' row (the summary page shows that figure on its own). */
  toPayRow?: boolean;
  className?: string;
};

/**
 * Spec 'Products summary widget': per line image, name, quantity with 'szt', gross price times
 * quantity; a 'Wysyłka' line with Meta/100 (0 from the club's free-shipping threshold on);
 * 'Razem' = cart cost plus shipping.
 */
export function ProductsSummary({
  cart,
  alias,
  shipping,
  freeShippingFrom = null,
  toPayRow = true,
  className = '',
}: Props) {
  const headingId = useId();
  const card = cart.KartaPodarunkowa;
  // With a card, 'Razem' is the order's value and the server says what is left after the card.
  const total = card
    ? orderValueZl(cart, shipping, freeShippingFrom)
    : orderTotalZl(cart, shipping, freeShippingFrom);
  const toPay = toPayAfterCardZl(cart, shipping);
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-5 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-bold">
        {checkoutUi.yourOrder}
      </h2>
      <ul className="mt-3 divide-y divide-gray-200">
        {cart.Pozycje.map((line) => (
          <li key={line.Id} className="flex items-center gap-3 py-3">
            <LinePhoto alias={alias} product={line.Wyrob} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="font-medium leading-snug break-words">{line.Produkt}</p>
              <PreorderLabel preorder={line.Przedsprzedaz} />
              {line.KartaPodarunkowa && <p className="text-sm text-muted">{shopUi.byEmail}</p>}
              <p className="text-sm text-muted">
                <Labelled label={checkoutUi.quantity}>{checkoutUi.pieces(line.Ilosc)}</Labelled>
              </p>
            </div>
            <p className="shrink-0 whitespace-nowrap font-semibold">{formatPrice(lineTotalZl(line))}</p>
          </li>
        ))}
      </ul>
      <PreorderShippingNote lines={cart.Pozycje} className="my-2" />
      <dl className="mt-2 space-y-2 border-t border-gray-300 pt-3">
        <CartDiscounts cart={cart} />
        <div className="flex items-baseline justify-between gap-4">
          <dt>{checkoutUi.shipping}</dt>
          <dd className="whitespace-nowrap font-semibold" data-testid="summary-shipping">
            {shipping
              ? formatPrice(shippingCostZl(shipping, cart, freeShippingFrom))
              : checkoutUi.shippingNotChosen}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 text-lg">
          <dt className="font-bold">{checkoutUi.total}</dt>
          <dd className="whitespace-nowrap font-bold text-primary" data-testid="summary-total">
            {formatPrice(total)}
          </dd>
        </div>
        <GiftCardRow card={card} />
        {toPayRow && toPay !== null && (
          <div className="flex items-baseline justify-between gap-4 text-lg">
            <dt className="font-bold">{giftCardUi.toPay}</dt>
            <dd className="whitespace-nowrap font-bold text-primary" data-testid="summary-gift-card-to-pay">
              {formatPrice(toPay)}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
