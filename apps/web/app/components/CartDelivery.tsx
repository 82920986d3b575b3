import { formatGrosze } from '@club/contract';
import type { CartDelivery as CartDeliveryState } from '../lib/delivery.ts';
import { shopUi } from '../texts/shop.ts';
import { CheckIcon, TruckIcon } from './CartIcons.tsx';

/**
 * Under the cart's total: what delivery will cost before the buyer goes on —
 * 'Dostawa od' the cheapest paid option, how much is missing to the club's free-shipping
 * threshold (with a bar), or 'Darmowa dostawa' once reached. Polite live region: a quantity
 * change that crosses the threshold is announced.
 */
export function CartDelivery({ state }: { state: CartDeliveryState }) {
  return (
    <div
      className="mt-4 border-t border-gray-300 pt-4 text-sm"
      data-testid="cart-delivery"
      aria-live="polite"
      aria-atomic="true"
    >
      {state.kind === 'free' ? (
        <p className="flex items-start gap-2 font-semibold text-primary">
          <CheckIcon className="mt-0.5 shrink-0" />
          <span className="min-w-0">
            <span className="block">{shopUi.freeShipping}</span>
            {state.threshold !== null && state.threshold > 0 && (
              <span className="block font-normal text-muted">
                {shopUi.freeShippingThreshold(formatGrosze(state.threshold))}
              </span>
            )}
            {state.by && (
              <span className="block font-normal text-muted">{shopUi.freeShippingBy(state.by)}</span>
            )}
          </span>
        </p>
      ) : (
        <>
          {state.from !== null && (
            <p className="flex items-start gap-2 text-ink">
              <TruckIcon className="mt-0.5 shrink-0" />
              <span className="min-w-0">{shopUi.deliveryFrom(formatGrosze(state.from))}</span>
            </p>
          )}
          {state.kind === 'missing' && (
            <>
              <p className="mt-2 font-semibold text-ink">
                {shopUi.freeShippingMissing(formatGrosze(state.missing))}
              </p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-primary"
                  style={{
                    width: `${Math.max(2, Math.min(100, 100 - (state.missing / state.threshold) * 100))}%`,
                  }}
                />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
