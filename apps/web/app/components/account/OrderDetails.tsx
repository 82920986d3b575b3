import { type AccountOrderDetail, discountLabel, formatPrice } from '@club/contract';
import { useEffect, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';

const t = accountUi.details;

/**
 * What an opened order of the history adds to its lines: delivery, payment state, the address it
 * went to. Read when the buyer opens the order, so the list itself stays one request.
 */
export function OrderDetails({ orderId }: { orderId: number }) {
  // A retry mounts a fresh reader: `key` changes, the request goes again.
  const [attempt, setAttempt] = useState(0);
  return <OrderDetailsRead key={attempt} orderId={orderId} onRetry={() => setAttempt((n) => n + 1)} />;
}

function OrderDetailsRead({ orderId, onRetry }: { orderId: number; onRetry(): void }) {
  const [detail, setDetail] = useState<AccountOrderDetail | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .call('getOrderDetails', { params: { id: String(orderId) } })
      .then((d) => live && setDetail(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [orderId]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t.failed}{' '}
        <button type="button" className="underline" onClick={onRetry}>
          {t.retry}
        </button>
      </p>
    );
  }
  if (!detail) return <p className="text-sm text-muted">{t.loading}</p>;
  const { Dostawa: d, Platnosc: p, Adres: a, Firma: f, Przesylka: s, Zwroty: refunds } = detail;
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
      {detail.WymianaDo && (
        <div className="sm:col-span-3">
          <dt className="font-semibold text-ink">{t.exchange}</dt>
          <dd>{t.exchangeOf(detail.WymianaDo)}</dd>
        </div>
      )}
      <div>
        <dt className="font-semibold text-ink">{t.delivery}</dt>
        <dd>{d.Nazwa}</dd>
        {d.Informacje && <dd className="text-muted">{d.Informacje}</dd>}
        {s && (
          <dd>
            {t.parcel(s.PrzewoznikNazwa)}:{' '}
            {s.Link ? (
              <a
                href={s.Link}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-primary underline"
              >
                {s.NumerPrzesylki}
                <span className="sr-only"> {t.newTab}</span>
              </a>
            ) : (
              s.NumerPrzesylki
            )}
          </dd>
        )}
        <dd className="text-muted">
          {t.shippingCost}: {d.Koszt > 0 ? formatPrice(d.Koszt) : t.free}
        </dd>
      </div>
      {detail.Rabaty.length > 0 && (
        <div className="sm:col-span-3">
          <dt className="font-semibold text-ink">{t.discounts}</dt>
          {detail.Rabaty.map((r) => (
            <dd key={`${r.Kod ?? ''}|${r.Nazwa}`}>
              {discountLabel({ name: r.Nazwa, code: r.Kod })}: −{formatPrice(r.Kwota)}
            </dd>
          ))}
        </div>
      )}
      <div>
        <dt className="font-semibold text-ink">{t.payment}</dt>
        <dd>{p.Metoda}</dd>
        {detail.KartaPodarunkowa !== undefined && (
          <dd>{t.giftCardPaid(formatPrice(detail.KartaPodarunkowa))}</dd>
        )}
        <dd className={p.Oplacone ? 'font-semibold text-primary' : 'text-muted'}>{p.Stan}</dd>
        {refunds.map((r) => (
          <dd key={r.Id} className="mt-1">
            {t.refund(formatPrice(r.Kwota), r.NazwaStanu)}
            <span className="block text-muted">{r.NrKonta ? t.refundTransfer(r.NrKonta) : r.Sposob}</span>
          </dd>
        ))}
      </div>
      <div>
        <dt className="font-semibold text-ink">{t.address}</dt>
        <dd>{a.ImieNazwisko}</dd>
        <dd>{a.Ulica}</dd>
        <dd>
          {a.KodPocztowy} {a.Miasto}
        </dd>
        <dd className="text-muted">{a.Telefon}</dd>
        {f && (
          <dd className="mt-2">
            {t.company}: {f.Nazwa}, {t.nip} {f.Nip}
          </dd>
        )}
      </div>
    </dl>
  );
}
