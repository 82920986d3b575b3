import { CARRIER_IDS, CARRIERS, carrierName, OrderStatus, type PanelOrderDetail } from '@club/contract';
import { useState } from 'react';
import { api } from '../api.ts';
import { formatDateTime } from '../lib/format.ts';
import { ui } from '../texts.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';
import { useAction } from './useAction.ts';

const t = ui.order;
const SHIPPABLE: number[] = [OrderStatus.toFulfil, OrderStatus.inProgress, OrderStatus.done];

/**
 * The order's parcel: the carrier and number, saved after a confirmation because the buyer is
 * e-mailed 'Zamówienie wysłane' with the tracking link.
 */
export const OrderShipment = ({
  order,
  onChange,
}: {
  order: PanelOrderDetail;
  onChange: (o: PanelOrderDetail) => void;
}) => {
  const shipped = order.Przesylka;
  const [carrier, setCarrier] = useState<string>(shipped?.Przewoznik ?? 'inpost');
  const [number, setNumber] = useState(shipped?.NumerPrzesylki ?? '');
  const [asking, setAsking] = useState(false);
  const { busy, error, notice, run } = useAction();
  const shippable = SHIPPABLE.includes(order.Status);

  const save = () => {
    setAsking(false);
    return run(
      () =>
        api.call('panelOrderShipment', {
          params: { id: order.Id },
          body: { Przewoznik: carrier as (typeof CARRIER_IDS)[number], NumerPrzesylki: number },
        }),
      t.shipmentSaved,
      onChange,
    );
  };

  return (
    <section className="card space-y-3" aria-labelledby="wysylka-zamowienia">
      <h2 id="wysylka-zamowienia" className="text-lg font-semibold">
        {t.shipment}
      </h2>
      {shipped && (
        <p data-testid="order-shipment">
          {t.shippedAt(formatDateTime(shipped.Wyslano))}: {shipped.PrzewoznikNazwa}, {shipped.NumerPrzesylki}
          {shipped.Link && (
            <>
              {' '}
              <a
                href={shipped.Link}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary underline"
              >
                {t.trackLink}
              </a>
            </>
          )}
        </p>
      )}
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {shippable ? (
        <form
          className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            setAsking(true);
          }}
        >
          <div>
            <label htmlFor="przewoznik" className="mb-1 block font-semibold">
              {t.carrier}
            </label>
            <select
              id="przewoznik"
              className="field"
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
            >
              {CARRIER_IDS.map((c) => (
                <option key={c} value={c}>
                  {CARRIERS[c].name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="numer-przesylki" className="mb-1 block font-semibold">
              {t.trackingNumber}
            </label>
            <input
              id="numer-przesylki"
              className="field"
              value={number}
              required
              maxLength={60}
              autoComplete="off"
              aria-describedby="numer-przesylki-podpowiedz"
              onChange={(e) => setNumber(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary" aria-busy={busy}>
            {shipped ? t.correctShipment : t.sendShipment}
          </button>
          <p id="numer-przesylki-podpowiedz" className="text-sm text-muted sm:col-span-3">
            {t.trackingHint}
          </p>
        </form>
      ) : (
        !shipped && <p className="text-muted">{t.notShippable}</p>
      )}
      <ConfirmDialog
        open={asking}
        title={t.confirmShipmentTitle}
        confirmLabel={t.confirmShipmentButton}
        danger={false}
        onConfirm={save}
        onCancel={() => setAsking(false)}
      >
        <p>{t.confirmShipmentText(carrierName(carrier), number.replace(/\s+/g, '').toUpperCase())}</p>
      </ConfirmDialog>
    </section>
  );
};
