import {
  ApiClientError,
  discountLabel,
  msg,
  OrderStatus,
  orderTransitions,
  type PanelOrderDetail,
  paymentStateLabel,
} from '@club/contract';
import { useEffect, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ORDERS_CHANGED } from '../components/NavCounts.tsx';
import { OrderCorrections } from '../components/OrderCorrections.tsx';
import { OrderGiftCards } from '../components/OrderGiftCards.tsx';
import { OrderInvoices } from '../components/OrderInvoices.tsx';
import { OrderLines } from '../components/OrderLines.tsx';
import { OrderMarkPaid } from '../components/OrderMarkPaid.tsx';
import { OrderHistory, OrderNotes } from '../components/OrderNotes.tsx';
import { OrderRefunds } from '../components/OrderRefunds.tsx';
import { OrderShipment } from '../components/OrderShipment.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { shortMask } from './gift-card/GiftCardStateTag.tsx';

const t = ui.order;

export const orderLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(async () => {
    try {
      return await api.call('panelOrder', { params: { id } });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });
};

/**
 * The next step along the way to 'Zrealizowane' is filled; putting on hold is a side step and
 * cancelling a danger, so neither looks like the thing to press next.
 */
const statusButtonClass = (status: number) =>
  status === OrderStatus.cancelled
    ? 'btn border border-danger bg-white text-danger'
    : status === OrderStatus.onHold
      ? 'btn-secondary'
      : 'btn-primary';

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1 sm:grid-cols-[9rem_1fr]">
    <dt className="text-muted">{label}</dt>
    <dd>{children}</dd>
  </div>
);

export const OrderDetail = () => {
  const loaded = useLoaderData<typeof orderLoader>();
  const [order, setOrder] = useState<PanelOrderDetail>(loaded);
  const { busy, error, notice, run } = useAction();
  useEffect(() => setOrder(loaded), [loaded]);

  // Every change e-mails the buyer and some cannot be undone: asked first, with an optional note.
  const [asked, setAsked] = useState<{ Status: number; Nazwa: string } | null>(null);
  const [note, setNote] = useState('');
  const [refunds, setRefunds] = useState(0);
  const noteId = useId();

  const changeStatus = (status: number, name: string) => {
    const body = { Status: status, ...(note.trim() && { Notatka: note.trim() }) };
    return run(
      () => api.call('panelOrderStatus', { params: { id: order.Id }, body }),
      t.statusChanged(name),
      (o) => {
        setOrder(o);
        setNote('');
        window.dispatchEvent(new Event(ORDERS_CHANGED));
      },
    );
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/zamowienia" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <PageTitle title={t.title(order.Numer)}>{t.title(order.Numer)}</PageTitle>
        <a
          href={`/api/panel/orders/${order.Id}/packing-slip`}
          target="_blank"
          rel="noopener"
          className="btn-secondary"
        >
          {t.packingSlip}
        </a>
      </div>
      <section className="card space-y-3" aria-labelledby="status-zamowienia">
        <h2 id="status-zamowienia" className="text-lg font-semibold">
          {t.status}: {order.StatusNazwa}
        </h2>
        {order.CzekaNaPotwierdzenieDo && (
          <div className="rounded-md border-2 border-amber-600 bg-amber-50 p-3" data-testid="order-held">
            <p className="font-bold text-amber-900">{msg.orderHeldLabel}</p>
            <p className="mt-1">{t.heldText(formatDateTime(order.CzekaNaPotwierdzenieDo))}</p>
          </div>
        )}
        {order.PotwierdzonePrzezKupujacego && (
          <p className="text-muted">{t.buyerConfirmed(formatDateTime(order.PotwierdzonePrzezKupujacego))}</p>
        )}
        <NoticeBox>{notice}</NoticeBox>
        <ErrorBox>{error}</ErrorBox>
        {order.DozwoloneStatusy.length === 0 ? (
          <p className="text-muted">{t.finalStatus}</p>
        ) : (
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">{t.changeStatus}</legend>
            {order.DozwoloneStatusy.map((s) => (
              <button
                key={s.Status}
                type="button"
                className={`w-full sm:w-auto ${statusButtonClass(s.Status)}`}
                aria-busy={busy}
                onClick={() => setAsked(s)}
              >
                {t.setStatus(s.Nazwa)}
              </button>
            ))}
          </fieldset>
        )}
        <ConfirmDialog
          open={asked !== null}
          title={asked ? t.confirmTitle(asked.Nazwa) : ''}
          confirmLabel={t.confirmButton}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            const s = asked!;
            setAsked(null);
            void changeStatus(s.Status, s.Nazwa);
          }}
        >
          <p>{t.confirmMail(order.Adres.Email)}</p>
          {asked?.Status === OrderStatus.cancelled && <p>{t.confirmStock}</p>}
          {asked && (orderTransitions[asked.Status] ?? []).length === 0 && (
            <p className="font-semibold">{t.confirmFinal}</p>
          )}
          <label htmlFor={noteId} className="block font-semibold">
            {t.confirmNote}
          </label>
          <textarea
            id={noteId}
            className="field w-full"
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </ConfirmDialog>
      </section>
      <OrderShipment order={order} onChange={setOrder} />
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="card" aria-labelledby="dane-zamowienia">
          <h2 id="dane-zamowienia" className="mb-2 text-lg font-semibold">
            {t.details}
          </h2>
          <dl>
            <Row label={t.date}>{formatDateTime(order.Data)}</Row>
            {order.WymianaDo && (
              <Row label={t.exchange}>
                <Link to={`/zamowienia/${order.WymianaDo.Id}`} className="text-primary underline">
                  {t.exchangeOf(order.WymianaDo.Numer)}
                </Link>
              </Row>
            )}
            <Row label={t.shipping}>
              {order.Dostawa.Nazwa} ({formatPrice(order.Dostawa.Koszt)})
              {order.Dostawa.DodatkoweInformacje && (
                <span className="block text-muted">{order.Dostawa.DodatkoweInformacje}</span>
              )}
            </Row>
            <Row label={t.paymentMethod}>{order.Platnosc.MetodaNazwa}</Row>
            <Row label={t.paymentState}>
              {order.Platnosc.StatusNazwa ||
                paymentStateLabel[order.Platnosc.Status] ||
                order.Platnosc.Status}
              {order.Platnosc.IdZewnetrzne && (
                <span className="block text-sm text-muted">
                  {order.Platnosc.Dostawca}: {order.Platnosc.IdZewnetrzne}
                </span>
              )}
              <OrderMarkPaid order={order} onChange={setOrder} />
            </Row>
            {order.Rabaty.map((r) => (
              <Row key={`${r.Kod ?? ''}|${r.Nazwa}`} label={discountLabel({ name: r.Nazwa, code: r.Kod })}>
                {r.Kwota > 0 && <>−{formatPrice(r.Kwota)}</>}
                {r.Dostawa > 0 && <span className="block">{t.freeShippingBy(formatPrice(r.Dostawa))}</span>}
              </Row>
            ))}
            <Row label={t.total}>
              <span className="font-semibold">{formatPrice(order.Kwota)}</span>
            </Row>
            {order.KartaPodarunkowa && (
              <>
                {order.KartaPodarunkowa.Karty.length ? (
                  order.KartaPodarunkowa.Karty.map((c) => (
                    <Row key={c.Id} label={t.giftCardPaid(shortMask(c.Koncowka))}>
                      −{formatPrice(c.Kwota)}
                    </Row>
                  ))
                ) : (
                  <Row label={t.giftCardPaidUnknown}>−{formatPrice(order.KartaPodarunkowa.Kwota)}</Row>
                )}
                <Row label={t.toPay}>
                  <span className="font-semibold">{formatPrice(order.DoZaplaty ?? 0)}</span>
                </Row>
              </>
            )}
          </dl>
        </section>
        <section className="card" aria-labelledby="adres-zamowienia">
          <h2 id="adres-zamowienia" className="mb-2 text-lg font-semibold">
            {t.address}
          </h2>
          <address className="not-italic">
            {order.Adres.Nazwa}
            <br />
            {order.Adres.UlicaINumer}
            <br />
            {order.Adres.KodPocztowy} {order.Adres.Miasto}
            <br />
            {t.phone}: {order.Adres.Telefon}
            <br />
            {t.email}:{' '}
            <a href={`mailto:${order.Adres.Email}`} className="text-primary underline">
              {order.Adres.Email}
            </a>
          </address>
        </section>
        {order.Faktura && (
          <section className="card" aria-labelledby="faktura-zamowienia">
            <h2 id="faktura-zamowienia" className="mb-2 text-lg font-semibold">
              {t.invoice}
            </h2>
            <p data-testid="order-invoice">
              {order.Faktura.Nazwa}
              <br />
              {t.invoiceNip}: {order.Faktura.NIP}
            </p>
          </section>
        )}
      </div>
      <OrderLines order={order} />
      <OrderGiftCards order={order} />
      <OrderCorrections
        key={order.Pozycje.map((l) => `${l.Id}:${l.Ilosc}:${l.Parametr}`).join()}
        order={order}
        onChange={setOrder}
      />
      <OrderNotes order={order} onChange={setOrder} />
      <OrderHistory order={order} />
      <OrderRefunds orderId={order.Id} onRefunded={() => setRefunds((n) => n + 1)} />
      {/* A refund may add a correction invoice: the list is read again. */}
      <OrderInvoices key={refunds} orderId={order.Id} />
    </div>
  );
};
