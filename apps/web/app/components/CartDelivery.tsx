import { formatGrosze } from '@club/contract';
import type { CartDelivery as CartDeliveryState } from '../lib/delivery.ts';
import { ui } from '../texts.ts';

function TruckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 shrink-0"
    >
      <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 shrink-0"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </svg>
  );
}

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
          <CheckIcon />
          <span className="min-w-0">
            <span className="block">{ui.shop.freeShipping}</span>
            {state.threshold !== null && state.threshold > 0 && (
              <span className="block font-normal text-muted">
                {ui.shop.freeShippingThreshold(formatGrosze(state.threshold))}
              </span>
            )}
          </span>
        </p>
      ) : (
        <>
          {state.from !== null && (
            <p className="flex items-start gap-2 text-ink">
              <TruckIcon />
              <span className="min-w-0">{ui.shop.deliveryFrom(formatGrosze(state.from))}</span>
            </p>
          )}
          {state.kind === 'missing' && (
            <>
              <p className="mt-2 font-semibold text-ink">
                {ui.shop.freeShippingMissing(formatGrosze(state.missing))}
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
