import {
  orderStatusLabel,
  PANEL_ORDER_CONFIRMATION_FILTERS,
  PANEL_ORDER_SORTS,
  PAYMENT_STATES,
  paymentStateLabel,
} from '@club/contract';
import { useId } from 'react';
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { FilterActions } from '../components/SearchForm.tsx';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.orders;
const COUNT = 20;

type Sort = (typeof PANEL_ORDER_SORTS)[number];
type Payment = (typeof PAYMENT_STATES)[number];
type Confirmation = (typeof PANEL_ORDER_CONFIRMATION_FILTERS)[number];

/** The list's filters from the address, so a filtered list can be bookmarked and the back button works. */
const filtersOf = (params: URLSearchParams) => {
  const sort = params.get('sort') ?? '';
  const platnosc = params.get('platnosc') ?? '';
  const potwierdzenie = params.get('potwierdzenie') ?? '';
  return {
    q: params.get('q')?.trim() || undefined,
    status: /^(10|20|30|40|50|60)$/.test(params.get('status') ?? '') ? params.get('status')! : undefined,
    platnosc: (PAYMENT_STATES as readonly string[]).includes(platnosc) ? (platnosc as Payment) : undefined,
    potwierdzenie: (PANEL_ORDER_CONFIRMATION_FILTERS as readonly string[]).includes(potwierdzenie)
      ? (potwierdzenie as Confirmation)
      : undefined,
    od: params.get('od') || undefined,
    do: params.get('do') || undefined,
    sort: (PANEL_ORDER_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : undefined,
  };
};

export const ordersLoader = ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const filters = filtersOf(params);
  return guarded(async () => ({
    offset,
    filters,
    list: await api.call('panelOrders', {
      query: { ...filters, offset: String(offset), count: String(COUNT) },
    }),
  }));
};

/** A held order's mark in the list: not to be shipped before the buyer confirms it. */
const HeldLabel = ({ until }: { until: string | null }) =>
  until ? (
    <span className="mt-1 block w-fit rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
      {t.heldUntil(formatDateTime(until))}
    </span>
  ) : null;

export const Orders = () => {
  const { offset, filters, list } = useLoaderData<typeof ordersLoader>();
  const [params] = useSearchParams();
  const id = useId();
  const csv = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      {/* A GET form: the filters go to the address, the loader reads them from there. */}
      <Form
        method="get"
        role="search"
        aria-label={t.filters}
        className="card grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div>
          <label htmlFor={`${id}-q`} className="mb-1 block font-semibold">
            {t.search}
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={params.get('q') ?? ''}
            className="field"
            aria-describedby={`${id}-q-hint`}
          />
          <p id={`${id}-q-hint`} className="mt-1 text-sm text-muted">
            {t.searchHint}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block font-semibold">
            {t.status}
          </label>
          <select id={`${id}-status`} name="status" defaultValue={filters.status ?? ''} className="field">
            <option value="">{t.all}</option>
            {Object.entries(orderStatusLabel).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-pay`} className="mb-1 block font-semibold">
            {t.payment}
          </label>
          <select id={`${id}-pay`} name="platnosc" defaultValue={filters.platnosc ?? ''} className="field">
            <option value="">{t.all}</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {paymentStateLabel[s] ?? s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-held`} className="mb-1 block font-semibold">
            {t.confirmation}
          </label>
          <select
            id={`${id}-held`}
            name="potwierdzenie"
            defaultValue={filters.potwierdzenie ?? ''}
            className="field"
          >
            <option value="">{t.all}</option>
            <option value="czeka">{t.heldOnly}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-od`} className="mb-1 block font-semibold">
            {t.from}
          </label>
          <input id={`${id}-od`} name="od" type="date" defaultValue={filters.od ?? ''} className="field" />
        </div>
        <div>
          <label htmlFor={`${id}-do`} className="mb-1 block font-semibold">
            {t.to}
          </label>
          <input id={`${id}-do`} name="do" type="date" defaultValue={filters.do ?? ''} className="field" />
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="mb-1 block font-semibold">
            {t.sort}
          </label>
          <select id={`${id}-sort`} name="sort" defaultValue={filters.sort ?? ''} className="field">
            <option value="">{t.sorts['-data']}</option>
            {PANEL_ORDER_SORTS.filter((s) => s !== '-data').map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </div>
        <FilterActions
          className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-3"
          resetTo="/zamowienia"
          apply={t.apply}
          reset={t.reset}
        >
          <a href={`/api/panel/orders.csv${csv ? `?${csv}` : ''}`} className="btn-secondary" download>
            {t.csv}
          </a>
        </FilterActions>
      </Form>
      {list.Items.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <>
          {/* On a phone each order is a card; from a tablet up, a table. */}
          <ul className="space-y-3 sm:hidden">
            {list.Items.map((o) => (
              <li key={o.Id} className="card">
                <Link to={`/zamowienia/${o.Id}`} className="font-semibold text-primary underline">
                  {o.Numer}
                </Link>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">{t.date}</dt>
                  <dd>{formatDateTime(o.Data)}</dd>
                  <dt className="text-muted">{t.customer}</dt>
                  <dd className="break-words">{o.Klient}</dd>
                  <dt className="text-muted">{t.status}</dt>
                  <dd>
                    {o.StatusNazwa}
                    <HeldLabel until={o.CzekaNaPotwierdzenieDo} />
                  </dd>
                  <dt className="text-muted">{t.payment}</dt>
                  <dd>{paymentStateLabel[o.StatusPlatnosci] ?? o.StatusPlatnosci}</dd>
                  <dt className="text-muted">{t.amount}</dt>
                  <dd className="font-semibold">{formatPrice(o.Kwota)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <DataTable
              label={t.title}
              minWidth="min-w-[44rem]"
              columns={[
                { label: t.number },
                { label: t.date },
                { label: t.customer },
                { label: t.status },
                { label: t.payment },
                { label: t.amount, numeric: true },
              ]}
            >
              {list.Items.map((o) => (
                <tr key={o.Id}>
                  <td className="px-3 py-2">
                    <Link to={`/zamowienia/${o.Id}`} className="font-semibold text-primary underline">
                      {o.Numer}
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.Data)}</td>
                  <td className="px-3 py-2">
                    {o.Klient}
                    <span className="block text-sm text-muted">{o.Email}</span>
                  </td>
                  <td className="px-3 py-2">
                    {o.StatusNazwa}
                    <HeldLabel until={o.CzekaNaPotwierdzenieDo} />
                  </td>
                  <td className="px-3 py-2">{paymentStateLabel[o.StatusPlatnosci] ?? o.StatusPlatnosci}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(o.Kwota)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
      <Pager offset={offset} count={COUNT} total={list.Total} />
    </div>
  );
};
