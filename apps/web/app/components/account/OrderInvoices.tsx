import {
  ApiClientError,
  type InvoiceRef,
  InvoiceSchema,
  invoiceFileName,
  ORG_HEADER,
  shopEndpointRoutes,
} from '@club/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { storage } from '../../lib/storage.ts';
import { accountUi } from '../../texts/account.ts';

const t = accountUi.invoices;

/** The PDF comes with the Bearer ticket (a plain link cannot carry it), then is saved as a file. */
const downloadPdf = async (invoice: InvoiceRef) => {
  const token = storage.token();
  const res = await fetch(shopEndpointRoutes.orderInvoicePdf.path.replace(':id', String(invoice.Id)), {
    headers: {
      [ORG_HEADER]: document.body.dataset.club ?? '',
      ...(token && { authorization: `Bearer ${token}` }),
    },
  });
  if (!res.ok) throw new Error(String(res.status));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = invoiceFileName(invoice.Numer);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** The order's invoices to download, and "Poproś o fakturę" while it has none. */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const [list, setList] = useState<InvoiceRef[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .call('orderInvoices', { params: { id: String(orderId) } })
      .then((l) => live && setList(l))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [orderId]);

  const ask = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { Nazwa: String(form.get('Nazwa') ?? ''), NIP: String(form.get('NIP') ?? '') };
    const checked = InvoiceSchema.safeParse(body);
    if (!checked.success) {
      setFields(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFields({});
    setError(null);
    setAsking(true);
    try {
      const inv = await api.call('requestOrderInvoice', { params: { id: String(orderId) }, body });
      setList((l) => [...(l ?? []), inv]);
    } catch (err) {
      setError(err instanceof ApiClientError ? err.body.Message : t.failed);
      if (err instanceof ApiClientError && err.body.Fields) setFields(err.body.Fields);
    } finally {
      setAsking(false);
    }
  };

  if (!list) return null;
  const hasVat = list.some((i) => i.Rodzaj === 'VAT');
  return (
    <section aria-label={t.title} className="space-y-2 text-sm">
      {list.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {list.map((inv) => (
            <li key={inv.Id}>
              <button
                type="button"
                className="btn border border-primary px-3 text-sm text-primary hover:bg-white"
                onClick={() => downloadPdf(inv).catch(() => setError(t.downloadFailed))}
              >
                {inv.Rodzaj === 'VAT' ? t.download(inv.Numer) : t.downloadCorrection(inv.Numer)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {!hasVat && (
        <details>
          <summary className="cursor-pointer font-semibold text-primary">{t.request}</summary>
          <form noValidate onSubmit={ask} className="mt-2 grid gap-2 sm:max-w-md">
            <label className="grid gap-1">
              <span>{t.company}</span>
              <input
                name="Nazwa"
                className="rounded-md border border-gray-400 px-3 py-2"
                autoComplete="organization"
                aria-invalid={!!fields.Nazwa}
              />
              {fields.Nazwa && <span className="text-red-700">{fields.Nazwa}</span>}
            </label>
            <label className="grid gap-1">
              <span>{t.nip}</span>
              <input
                name="NIP"
                className="rounded-md border border-gray-400 px-3 py-2"
                inputMode="numeric"
                aria-invalid={!!fields.NIP}
              />
              {fields.NIP && <span className="text-red-700">{fields.NIP}</span>}
            </label>
            <button type="submit" className="btn-primary px-4 text-sm" disabled={asking}>
              {t.requestButton}
            </button>
          </form>
        </details>
      )}
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
