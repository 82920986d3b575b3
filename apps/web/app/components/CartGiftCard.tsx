import { type Cart, type CartGiftCard as CartGiftCardData, formatPrice } from '@club/contract';
import { useEffect, useRef } from 'react';
import { api } from '../lib/browser-api.ts';
import { formatDate } from '../lib/dates.ts';
import { storage } from '../lib/storage.ts';
import { giftCardUi as t } from '../texts/gift-card.ts';
import { CartCodeEntry, useCartCall } from './CartCodeEntry.tsx';

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
  const input = useRef<HTMLInputElement>(null);
  const kept = useRef<HTMLDivElement>(null);
  const focusNext = useRef(false);
  const { error, busy, run } = useCartCall();
  const card = cart.KartaPodarunkowa;

  // The control pressed is gone once the server answers: the field or the card that replaces it
  // takes the focus, so a keyboard user goes on from there.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (card ? kept.current : input.current)?.focus();
  }, [card]);

  const remove = () =>
    card &&
    run(async () => {
      const next = await api.call('removeCartGiftCard', { params: { guid: storage.cartGuid() } });
      focusNext.current = true;
      onChange(next, t.removed);
    });

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
    <CartCodeEntry
      label={t.cartLabel}
      apply={t.apply}
      applying={t.applying}
      input={input}
      mono
      send={(Kod) => api.call('setCartGiftCard', { params: { guid: storage.cartGuid() }, body: { Kod } })}
      onSent={(next) => {
        focusNext.current = true;
        onChange(next, next.KartaPodarunkowa ? t.applied(next.KartaPodarunkowa.Koncowka) : '');
      }}
    />
  );
}
