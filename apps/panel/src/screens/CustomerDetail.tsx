import { ApiClientError, type PanelCustomerDetail } from '@club/contract';
import { useEffect, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveTable } from '../components/ResponsiveTable.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.customerDetail;

export const customerLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(async () => {
    try {
      return await api.call('panelCustomer', { params: { id } });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="grid grid-cols-[9rem_1fr] gap-2 py-1">
    <dt className="text-muted">{label}</dt>
    <dd className="min-w-0 break-words">{children}</dd>
  </div>
);

/** One customer: their data, address and orders; anonymising them on request (GDPR). */
export const CustomerDetail = () => {
  const loaded = useLoaderData<typeof customerLoader>();
  const [customer, setCustomer] = useState<PanelCustomerDetail>(loaded);
  const [asking, setAsking] = useState(false);
  const { busy, error, notice, run } = useAction();
  const id = useId();
  useEffect(() => setCustomer(loaded), [loaded]);

  const name = customer.Zanonimizowany ? t.anonymisedName : `${customer.Imie} ${customer.Nazwisko}`.trim();
  const a = customer.Adres;
  const hasAddress = [a.Nazwa, a.UlicaINumer, a.KodPocztowy, a.Miasto, a.Telefon].some(Boolean);

  const anonymise = async () => {
    setAsking(false);
    const ok = await run(async () => {
      setCustomer(await api.call('panelCustomerAnonymise', { params: { id: customer.Id } }));
    }, t.anonymised);
    // The button is gone: the focus goes to the top, where the notice is.
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/klienci" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={t.title(name)}>{t.title(name)}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="card" aria-labelledby={`${id}-data`}>
          <h2 id={`${id}-data`} className="mb-2 text-lg font-semibold">
            {t.details}
          </h2>
          <dl>
            <Row label={t.name}>{name}</Row>
            <Row label={t.email}>{customer.Email}</Row>
            <Row label={t.registered}>{formatDateTime(customer.DataRejestracji)}</Row>
            <Row label={t.account}>{customer.Potwierdzony ? t.confirmed : t.unconfirmed}</Row>
          </dl>
        </section>
        <section className="card" aria-labelledby={`${id}-address`}>
          <h2 id={`${id}-address`} className="mb-2 text-lg font-semibold">
            {t.address}
          </h2>
          {hasAddress ? (
            <address className="not-italic">
              {a.Nazwa}
              <br />
              {a.UlicaINumer}
              <br />
              {a.KodPocztowy} {a.Miasto}
              <br />
              {t.phone}: {a.Telefon}
              {a.Email && (
                <>
                  <br />
                  {t.email}: {a.Email}
                </>
              )}
            </address>
          ) : (
            <p className="text-muted">{t.noAddress}</p>
          )}
        </section>
      </div>

      {/* Not a landmark itself: the table's scroll region already carries this name. */}
      <div className="space-y-2">
        <h2 id={`${id}-orders`} className="text-lg font-semibold">
          {t.orders}
        </h2>
        {customer.Zamowienia.length === 0 ? (
          <p className="card">{t.noOrders}</p>
        ) : (
          <ResponsiveTable
            label={t.orders}
            labelledBy={`${id}-orders`}
            minWidth="min-w-[32rem]"
            rows={customer.Zamowienia}
            rowKey={(o) => o.Id}
            columns={[
              {
                label: t.orderNo,
                cell: (o) => (
                  <Link to={`/zamowienia/${o.Id}`} className="font-semibold text-primary underline">
                    {o.Numer}
                  </Link>
                ),
              },
              {
                label: t.date,
                cell: (o) => <span className="whitespace-nowrap">{formatDateTime(o.Data)}</span>,
              },
              { label: t.status, cell: (o) => o.StatusNazwa },
              { label: t.amount, numeric: true, cell: (o) => formatPrice(o.Kwota) },
            ]}
          />
        )}
      </div>

      <section className="card space-y-3" aria-labelledby={`${id}-gdpr`}>
        <h2 id={`${id}-gdpr`} className="text-lg font-semibold">
          {t.gdpr}
        </h2>
        {customer.Zanonimizowany ? (
          <p>
            {customer.DataAnonimizacji
              ? t.anonymisedOn(formatDateTime(customer.DataAnonimizacji))
              : t.anonymised}
          </p>
        ) : (
          <>
            <p>{t.gdprText}</p>
            <button
              type="button"
              className="btn border border-danger bg-white text-danger hover:bg-danger-light"
              aria-busy={busy}
              onClick={() => setAsking(true)}
            >
              {t.anonymise}
            </button>
          </>
        )}
      </section>

      <ConfirmDialog
        open={asking}
        title={t.confirmTitle}
        confirmLabel={t.anonymise}
        onConfirm={anonymise}
        onCancel={() => setAsking(false)}
      >
        <p>{t.confirmText}</p>
        <p>{t.confirmOrders}</p>
      </ConfirmDialog>
    </div>
  );
};
