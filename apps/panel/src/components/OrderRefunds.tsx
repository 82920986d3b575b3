import { type PanelOrderRefunds, piecesRefund, RefundSelectionSchema } from '@club/contract';
import { useEffect, useId, useState } from 'react';
import { api, errorMessage } from '../api.ts';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { useSession } from '../session.ts';
import { ui } from '../texts.ts';
import { BankAccountField } from './BankAccountField.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LabeledInput } from './LabeledInput.tsx';
import { TableScroll } from './Pager.tsx';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';
import { useAction } from './useAction.ts';
import { useUnsavedGuard } from './useUnsavedGuard.tsx';

const t = ui.refunds;

/**
 * The order's refunds and, for the owner, the form that makes one: pieces per line and the
 * shipping cost, the buyer's account for cash on delivery; the amount is the server's sum.
 */
/** What `k` pieces of a refundable line give back (grosze), its discount's share taken off as the server does. */
const lineRefund = (p: PanelOrderRefunds['DoZwrotu']['Pozycje'][number], k: number) =>
  piecesRefund(
    {
      unitPrice: Math.round(p.Cena * 100),
      discount: Math.round((p.Rabat?.Kwota ?? 0) * 100),
      quantity: p.Rabat?.Zamowiono ?? p.Ilosc,
    },
    k,
    p.Rabat?.Wczesniej ?? 0,
  );

export function OrderRefunds({ orderId, onRefunded }: { orderId: number; onRefunded?: () => void }) {
  const session = useSession();
  const id = useId();
  const [data, setData] = useState<PanelOrderRefunds | null>(null);
  const [loadError, setLoadError] = useState('');
  const [pieces, setPieces] = useState<Record<number, number>>({});
  const [shipping, setShipping] = useState(false);
  const [account, setAccount] = useState('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const { busy, error, notice, fields, run, validate } = useAction();
  const guard = useUnsavedGuard();

  const load = (live: () => boolean = () => true) =>
    api
      .call('panelOrderRefunds', { params: { id: orderId } })
      .then((d) => live() && setData(d))
      .catch((e) => live() && setLoadError(errorMessage(e, ui.genericError)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again for another order only
  useEffect(() => {
    let live = true;
    void load(() => live);
    return () => {
      live = false;
    };
  }, [orderId]);

  if (!data) return loadError ? <ErrorBox>{loadError}</ErrorBox> : null;

  const chosen = data.DoZwrotu.Pozycje.filter((p) => (pieces[p.Id] ?? 0) > 0);
  const amount =
    chosen.reduce((s, p) => s + lineRefund(p, pieces[p.Id] ?? 0), 0) / 100 +
    (shipping ? data.DoZwrotu.Dostawa : 0);
  const body = {
    Pozycje: chosen.map((p) => ({ Id: p.Id, Ilosc: pieces[p.Id] ?? 0 })),
    Dostawa: shipping,
    ...(data.Sposob === 'transfer' && { NrKonta: account }),
    Powod: reason,
  };
  const ask = () => {
    if (validate(RefundSelectionSchema, body)) setAsking(true);
  };
  const save = async () => {
    setAsking(false);
    const ok = await run(
      () => api.call('panelOrderRefund', { params: { id: orderId }, body }),
      t.saved,
      (d) => setData(d),
    );
    // A refund PayU did not answer is in the list now, waiting to be sent again.
    if (!ok) void load();
    if (ok) {
      guard.saved();
      onRefunded?.();
      setPieces({});
      setShipping(false);
      setReason('');
    }
  };

  return (
    <section className="card space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p>
        {t.paid}: <strong>{formatPrice(data.Zaplacono)}</strong> · {t.refunded}:{' '}
        <strong>{formatPrice(data.Zwrocono)}</strong> · {t.left}:{' '}
        <strong>{formatPrice(data.Pozostalo)}</strong>
      </p>
      {data.Zwroty.length === 0 ? (
        <p className="text-muted">{t.none}</p>
      ) : (
        <TableScroll label={t.listLabel}>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th className="px-3 py-2">{t.when}</th>
                <th className="px-3 py-2 text-right">{t.amount}</th>
                <th className="px-3 py-2">{t.how}</th>
                <th className="px-3 py-2">{t.state}</th>
                <th className="px-3 py-2">{t.what}</th>
                <th className="px-3 py-2">{t.source}</th>
              </tr>
            </thead>
            <tbody>
              {data.Zwroty.map((r) => (
                <tr key={r.Id} className="border-t border-line align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.Data)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(r.Kwota)}</td>
                  <td className="px-3 py-2">
                    {r.Sposob}
                    {r.NrKonta && <span className="block text-muted">{r.NrKonta}</span>}
                  </td>
                  <td className="px-3 py-2">
                    {r.NazwaStanu}
                    {r.Stan === 'odrzucony' && r.Blad && (
                      <span className="block text-muted">{t.failedBecause(r.Blad)}</span>
                    )}
                    {r.Ponow && (
                      <>
                        <span className="block text-muted">{t.stuck}</span>
                        {session.Rola === 'owner' && (
                          <button
                            type="button"
                            className="btn-secondary relative mt-1 whitespace-nowrap"
                            disabled={busy}
                            onClick={async () => {
                              const ok = await run(
                                () =>
                                  api.call('panelOrderRefundResend', {
                                    params: { id: orderId, refundId: r.Id },
                                  }),
                                t.resent,
                                (d) => setData(d),
                              );
                              if (ok) onRefunded?.();
                              else void load();
                            }}
                          >
                            {t.resend}
                            <span className="sr-only">{t.resendWhich(formatPrice(r.Kwota))}</span>
                          </button>
                        )}
                      </>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <ul>
                      {r.Pozycje.map((p) => (
                        <li key={`${p.Nazwa}-${p.Parametr}`}>
                          {p.Nazwa}
                          {p.Parametr && ` (${p.Parametr})`} × {p.Ilosc}
                        </li>
                      ))}
                      {r.Dostawa > 0 && <li>{t.shippingItem}</li>}
                      {r.Pozycje.length === 0 && r.Dostawa === 0 && <li>{t.reduction}</li>}
                    </ul>
                  </td>
                  <td className="px-3 py-2">
                    {r.Zrodlo}
                    {r.Uzytkownik && <span className="block text-muted">{r.Uzytkownik}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {/* Outside the form: a refund left waiting may have used up what the form offered. */}
      <ErrorBox>{error}</ErrorBox>
      <NoticeBox>{notice}</NoticeBox>
      {data.Niedostepny ? (
        <p className="text-muted">{data.Niedostepny}</p>
      ) : session.Rola !== 'owner' ? (
        <p className="text-muted">{t.ownerOnly}</p>
      ) : (
        <form
          {...guard.watch}
          className="space-y-3"
          aria-labelledby={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            ask();
          }}
          noValidate
        >
          <h3 id={`${id}-form`} className="font-semibold">
            {t.formTitle}
          </h3>
          {data.DoZwrotu.Pozycje.map((p) => (
            <LabeledInput
              key={p.Id}
              id={`${id}-line-${p.Id}`}
              label={t.quantity(p.Parametr ? `${p.Nazwa} (${p.Parametr})` : p.Nazwa, p.Ilosc)}
              type="number"
              inputMode="numeric"
              min={0}
              max={p.Ilosc}
              className="field max-w-32"
              value={pieces[p.Id] ?? 0}
              onChange={(e) =>
                setPieces((all) => ({
                  ...all,
                  [p.Id]: Math.max(0, Math.min(p.Ilosc, Number(e.target.value) || 0)),
                }))
              }
            />
          ))}
          {data.DoZwrotu.Dostawa > 0 && (
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={shipping} onChange={(e) => setShipping(e.target.checked)} />
              {t.shipping(formatPrice(data.DoZwrotu.Dostawa))}
            </label>
          )}
          {data.Sposob === 'transfer' && (
            <BankAccountField
              id={`${id}-NrKonta`}
              value={account}
              onChange={setAccount}
              error={fields.NrKonta}
            />
          )}
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block font-semibold">
              {t.reason}
            </label>
            <textarea
              id={`${id}-reason`}
              className="field"
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy || amount <= 0}>
            {t.submit(formatPrice(amount))}
          </button>
        </form>
      )}
      <ConfirmDialog
        open={asking}
        title={t.confirmTitle}
        confirmLabel={t.submit(formatPrice(amount))}
        onConfirm={save}
        onCancel={() => setAsking(false)}
      >
        <p>
          {data.Sposob === 'transfer'
            ? t.confirmTransfer(formatPrice(amount))
            : t.confirmProvider(formatPrice(amount))}
        </p>
      </ConfirmDialog>
    </section>
  );
}
