import { type Cart, type CartGiftCard as CartGiftCardData, formatPrice } from '@club/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { formatDate } from '../lib/dates.ts';
import { storage } from '../lib/storage.ts';
import { giftCardUi as t } from '../texts/gift-card.ts';
import { Field } from './form/Field.tsx';
import { serverMessage } from './form/server-error.ts';

/**
 * The gift card's row of a summary `<dl>`: what the card pays of this cart ("Karta podarunkowa
 * ••••-PQRS −50,00 zł"), as the server counted it. Nothing without a card.
 */
export function GiftCardRow({ card }: { card?: CartGiftCardData }) {
  if (!card) return null;
  return (
    <div className="flex items-baseline justify-between gap-4 text-green-800">
      <dt className="min-w-0 break-words">{t.line(card.Koncowka)}</dt>
      <dd className="whitespace-nowrap font-semibold" data-testid="gift-card-amount">
        −{formatPrice(card.Kwota)}
      </dd>
    </div>
  );
}

type Props = {
  cart: Cart;
  /** The cart as the server answered it, priced with the card (or without it). */
  onChange: (cart: Cart, status: string) => void;
};

/**
 * The gift card field of the cart, built as the discount code's (CartCode): the server checks the
 * code and says what the card pays (the browser computes nothing); a refused code's Polish message
 * shows under the field and the field takes the focus back; a kept card that pays nothing says why.
 */
export function CartGiftCard({ cart, onChange }: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const kept = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  const card = cart.KartaPodarunkowa;

  // The control pressed is gone once the server answers: the field or the card that replaces it
  // takes the focus, so a keyboard user goes on from there.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (card ? kept.current : input.current)?.focus();
  }, [card]);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const next = await api.call('setCartGiftCard', {
        params: { guid: storage.cartGuid() },
        body: { Kod: value },
      });
      setValue('');
      focusNext.current = true;
      onChange(next, next.KartaPodarunkowa ? t.applied(next.KartaPodarunkowa.Koncowka) : '');
    } catch (err) {
      setError(serverMessage(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!card || busy) return;
    setBusy(true);
    setError('');
    try {
      const next = await api.call('removeCartGiftCard', { params: { guid: storage.cartGuid() } });
      focusNext.current = true;
      onChange(next, t.removed);
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (card)
    return (
      <div
        ref={kept}
        tabIndex={-1}
        className="mt-4 rounded-md border border-gray-300 bg-white p-3 focus:outline-2 focus:outline-primary"
        data-testid="cart-gift-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="font-semibold">{t.line(card.Koncowka)}</p>
          <button
            type="button"
            onClick={remove}
            disabled={busy}
            className="text-sm font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
          >
            {t.remove}
          </button>
        </div>
        <p className="mt-1 text-sm" data-testid="gift-card-balance">
          {t.cardBalance(formatPrice(card.Saldo), formatDate(card.WaznaDo))}
        </p>
        {card.Komunikat && <p className="mt-1 text-sm text-red-800">{card.Komunikat}</p>}
        {error && <p className="mt-1 text-sm text-red-800">{error}</p>}
      </div>
    );

  return (
    <form onSubmit={apply} noValidate className="mt-4" aria-label={t.cartLabel}>
      <Field label={t.cartLabel} error={error}>
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
              className={`${control.className} min-w-0 flex-1 font-mono uppercase`}
            />
            <button type="submit" className="btn-primary shrink-0 px-4" disabled={busy}>
              {busy ? t.applying : t.apply}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
