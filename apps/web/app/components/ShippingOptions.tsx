import { type Cart, formatGrosze, type ShippingOption } from '@club/contract';
import type { Ref } from 'react';
import { chargedShippingGrosze, freeShippingReached } from '../lib/delivery.ts';
import { checkoutUi } from '../texts/checkout.ts';

type Props = {
  name: string;
  options: ShippingOption[];
  /**
   * The cart and the club's free-shipping threshold (grosze): from it on, or with a promotion that
   * makes delivery free (`DarmowaDostawa`), every option costs 0.
   */
  cart?: Pick<Cart, 'Koszt' | 'DarmowaDostawa'>;
  freeShippingFrom?: number | null;
  /** Id of the chosen option. */
  value: number | undefined;
  onChange(option: ShippingOption): void;
  onBlur?(): void;
  error?: string;
  errorId: string;
  /** Receives the first radio, so a failed submit can focus the group. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * Spec 'Sposób dostawy': a radio list of the shop's shipping options, each with its text and price
 * (Meta/100). From the club's free-shipping threshold on, or with a free-delivery promotion, each
 * costs 0 (its usual price struck through).
 */
export function ShippingOptions({
  name,
  options,
  cart = { Koszt: 0 },
  freeShippingFrom = null,
  value,
  onChange,
  onBlur,
  error,
  errorId,
  inputRef,
}: Props) {
  const byThreshold = freeShippingReached(cart, freeShippingFrom) && freeShippingFrom !== null;
  const free = byThreshold || !!cart.DarmowaDostawa;
  return (
    <>
      {free && (
        <p
          className="mb-3 rounded-md bg-primary-light px-3 py-2 text-sm font-semibold text-primary-dark"
          data-testid="free-shipping-note"
        >
          {byThreshold
            ? checkoutUi.freeShippingReached(formatGrosze(freeShippingFrom))
            : checkoutUi.freeShippingByPromotion(cart.DarmowaDostawa!)}
        </p>
      )}
      <ul className="grid gap-2">
        {options.map((o, i) => {
          const id = `${name}-${o.Id}`;
          return (
            <li key={o.Id}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-3 has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              >
                <input
                  id={id}
                  ref={i === 0 ? inputRef : undefined}
                  type="radio"
                  name={name}
                  value={o.Id}
                  checked={value === o.Id}
                  onChange={() => onChange(o)}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="size-5 shrink-0 accent-primary"
                />
                <span className="min-w-0 flex-1 font-medium break-words">{o.Tresc}</span>
                <span className="shrink-0 text-right">
                  <span className="block whitespace-nowrap font-semibold">
                    {formatGrosze(chargedShippingGrosze(o, cart, freeShippingFrom))}
                  </span>
                  {free && o.Meta > 0 && (
                    <span className="block whitespace-nowrap text-sm text-muted">
                      <span className="sr-only">{checkoutUi.regularPrice} </span>
                      <s>{formatGrosze(o.Meta)}</s>
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
