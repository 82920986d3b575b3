import type { Cart } from '@club/contract';
import { useRef } from 'react';
import { api } from '../lib/browser-api.ts';
import { storage } from '../lib/storage.ts';
import { shopUi } from '../texts/shop.ts';
import { CartCodeEntry, useCartCall } from './CartCodeEntry.tsx';

type Props = {
  cart: Cart;
  /** The cart as the server answered it, priced with the code (or without it). */
  onChange: (cart: Cart, status: string) => void;
};

/**
 * The discount code field of the cart. The server checks the code and prices the cart with it (the
 * browser never computes a discount); a refused code's Polish message shows under the field, and
 * one kept but not applying yet (its minimum) says why under the code.
 */
export function CartCode({ cart, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { error, busy, run } = useCartCall();
  const code = cart.KodRabatowy;

  const remove = () =>
    code &&
    run(async () => {
      const next = await api.call('removeCartCode', { params: { guid: storage.cartGuid() } });
      onChange(next, shopUi.codeRemoved(code.Kod));
    });

  if (code)
    return (
      <div className="mt-4 rounded-md border border-gray-300 bg-white p-3" data-testid="cart-code">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold">
            {shopUi.codeLabel}: <span className="font-mono">{code.Kod}</span>
          </p>
          <button
            type="button"
            onClick={remove}
            disabled={busy}
            className="text-sm font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
          >
            {shopUi.codeRemove(code.Kod)}
          </button>
        </div>
        {code.Komunikat && <p className="mt-1 text-sm text-red-800">{code.Komunikat}</p>}
        {error && <p className="mt-1 text-sm text-red-800">{error}</p>}
      </div>
    );

  return (
    <CartCodeEntry
      label={shopUi.codeLabel}
      apply={shopUi.codeApply}
      applying={shopUi.codeApplying}
      input={input}
      send={(Kod) => api.call('setCartCode', { params: { guid: storage.cartGuid() }, body: { Kod } })}
      onSent={(next) =>
        onChange(next, next.KodRabatowy?.Zastosowany ? shopUi.codeApplied(next.KodRabatowy.Kod) : '')
      }
    />
  );
}
