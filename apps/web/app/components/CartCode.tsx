import type { Cart } from '@club/contract';
import { type FormEvent, useRef, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { storage } from '../lib/storage.ts';
import { shopUi } from '../texts/shop.ts';
import { Field } from './form/Field.tsx';
import { serverMessage } from './form/server-error.ts';

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
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const code = cart.KodRabatowy;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const next = await api.call('setCartCode', {
        params: { guid: storage.cartGuid() },
        body: { Kod: value },
      });
      setValue('');
      onChange(next, next.KodRabatowy?.Zastosowany ? shopUi.codeApplied(next.KodRabatowy.Kod) : '');
    } catch (err) {
      setError(serverMessage(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!code || busy) return;
    setBusy(true);
    setError('');
    try {
      const next = await api.call('removeCartCode', { params: { guid: storage.cartGuid() } });
      onChange(next, shopUi.codeRemoved(code.Kod));
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setBusy(false);
    }
  };

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
    <form onSubmit={apply} noValidate className="mt-4" aria-label={shopUi.codeLabel}>
      <Field label={shopUi.codeLabel} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              ref={input}
              name="Kod"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={`${control.className} min-w-0 flex-1 uppercase`}
            />
            <button type="submit" className="btn-primary shrink-0 px-4" disabled={busy}>
              {busy ? shopUi.codeApplying : shopUi.codeApply}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
