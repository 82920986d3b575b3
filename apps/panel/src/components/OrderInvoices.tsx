import { type InvoiceRef, invoiceFileName } from '@club/contract';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../api.ts';
import { formatPrice } from '../lib/format.ts';
import { ui } from '../texts.ts';
import { LabeledInput } from './LabeledInput.tsx';
import { ErrorBox } from './PageTitle.tsx';

const t = ui.invoices;

/** An order's invoices (PDF links: the panel's cookie goes with them), and issuing one on request. */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const [list, setList] = useState<InvoiceRef[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .call('panelOrderInvoices', { params: { id: orderId } })
      .then((l) => live && setList(l))
      .catch((e) => live && setError(errorMessage(e, ui.genericError)));
    return () => {
      live = false;
    };
  }, [orderId]);

  const issue = async () => {
    setBusy(true);
    setError('');
    try {
      const inv = await api.call('panelIssueOrderInvoice', { params: { id: orderId } });
      setList((l) => [...(l ?? []), inv]);
    } catch (e) {
      setError(errorMessage(e, ui.genericError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card space-y-3" aria-labelledby="faktury-zamowienia">
      <h2 id="faktury-zamowienia" className="text-lg font-semibold">
        {t.title}
      </h2>
      <ErrorBox>{error}</ErrorBox>
      {list && list.length === 0 && <p className="text-muted">{t.none}</p>}
      {list && list.length > 0 && (
        <ul className="space-y-1">
          {list.map((inv) => (
            <li key={inv.Id}>
              <a
                href={`/api/panel/invoices/${inv.Id}/pdf`}
                download={invoiceFileName(inv.Numer)}
                className="text-primary underline"
              >
                {inv.Rodzaj === 'VAT' ? t.invoice(inv.Numer) : t.correction(inv.Numer)}
              </a>{' '}
              <span className="text-muted">
                {inv.DataWystawienia}, {formatPrice(inv.Brutto)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list && !list.some((i) => i.Rodzaj === 'VAT') && (
        <button type="button" className="btn-secondary" onClick={issue} disabled={busy}>
          {t.issue}
        </button>
      )}
    </section>
  );
}

/** The accounting export: the invoices issued in a period, with VAT per rate, and the gift cards' prepayments (a CSV download). */
export function InvoiceExport() {
  return (
    <form method="get" action="/api/panel/invoices.csv" className="card flex flex-wrap items-end gap-3">
      <h2 className="w-full text-lg font-semibold">{t.exportTitle}</h2>
      <p className="w-full text-sm text-muted">{t.exportGiftCards}</p>
      <LabeledInput id="faktury-od" label={t.from} type="date" name="od" required />
      <LabeledInput id="faktury-do" label={t.to} type="date" name="do" required />
      <button type="submit" className="btn-secondary">
        {t.exportButton}
      </button>
    </form>
  );
}
