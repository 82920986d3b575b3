import type { PanelOrderDetail } from '@club/contract';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { GiftCardStateTag, shortMask } from '../screens/gift-card/GiftCardStateTag.tsx';
import { ui } from '../texts.ts';

const t = ui.order;

/**
 * The gift cards an order's gift card lines issued (decision 154): each by its code's end, with
 * its amount, balance and state, linked to its screen. Before payment: that they will come.
 */
export const OrderGiftCards = ({ order }: { order: PanelOrderDetail }) => {
  if (!order.Pozycje.some((l) => l.KartaPodarunkowa) && !order.WydaneKarty?.length) return null;
  const cards = order.WydaneKarty ?? [];
  return (
    <section className="card space-y-3" aria-labelledby="karty-zamowienia">
      <h2 id="karty-zamowienia" className="text-lg font-semibold">
        {t.issuedCards}
      </h2>
      {cards.length === 0 ? (
        <p className="text-muted">{t.issuedCardsNone}</p>
      ) : (
        <>
          <p className="text-muted">{t.issuedCardsHint}</p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {cards.map((c) => (
              <li key={c.Id} className="rounded-md border border-gray-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/karty-podarunkowe/${c.Id}`}
                    className="font-mono font-semibold text-primary underline"
                  >
                    {t.issuedCard(shortMask(c.Koncowka))}
                  </Link>
                  <GiftCardStateTag state={c.Stan} />
                </div>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">{t.cardAmount}</dt>
                  <dd>{formatPrice(c.Kwota)}</dd>
                  <dt className="text-muted">{t.cardBalance}</dt>
                  <dd>{formatPrice(c.Saldo)}</dd>
                  <dt className="text-muted">{ui.giftCards.validUntil}</dt>
                  <dd>{formatDateTime(c.WaznaDo)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
};
