import {
  orderStatusLabel,
  PANEL_ORDER_CONFIRMATION_FILTERS,
  PANEL_ORDER_SORTS,
  PAYMENT_STATES,
  paymentStateLabel,
} from '@club/contract';
import { useId } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { FilterForm, SearchField, SelectField } from '../components/FilterForm.tsx';
import { CardsOrTable, ListScreen } from '../components/ListScreen.tsx';
import { InvoiceExport } from '../components/OrderInvoices.tsx';
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

const cell = 'px-3 py-2';

export const Orders = () => {
  const { offset, filters, list } = useLoaderData<typeof ordersLoader>();
  const id = useId();
  const csv = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const link = (o: { Id: number; Numer: string }) => (
    <Link to={`/zamowienia/${o.Id}`} className="font-semibold text-primary underline">
      {o.Numer}
    </Link>
  );
  const filterForm = (
    <FilterForm
      label={t.filters}
      columns={3}
      resetTo="/zamowienia"
      texts={t}
      actions={
        <a href={`/api/panel/orders.csv${csv ? `?${csv}` : ''}`} className="btn-secondary" download>
          {t.csv}
        </a>
      }
    >
      <SearchField id={`${id}-q`} label={t.search} value={filters.q} hint={t.searchHint} />
      <SelectField
        id={`${id}-status`}
        name="status"
        label={t.status}
        value={filters.status}
        all={t.all}
        options={Object.entries(orderStatusLabel)}
      />
      <SelectField
        id={`${id}-pay`}
        name="platnosc"
        label={t.payment}
        value={filters.platnosc}
        all={t.all}
        options={PAYMENT_STATES.map((s) => [s, paymentStateLabel[s] ?? s])}
      />
      <SelectField
        id={`${id}-held`}
        name="potwierdzenie"
        label={t.confirmation}
        value={filters.potwierdzenie}
        all={t.all}
        options={[['czeka', t.heldOnly]]}
      />
      {(
        [
          ['od', t.from, filters.od],
          ['do', t.to, filters.do],
        ] as const
      ).map(([name, label, value]) => (
        <div key={name}>
          <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
            {label}
          </label>
          <input id={`${id}-${name}`} name={name} type="date" defaultValue={value ?? ''} className="field" />
        </div>
      ))}
      <SelectField
        id={`${id}-sort`}
        name="sort"
        label={t.sort}
        value={filters.sort}
        all={t.sorts['-data']}
        options={PANEL_ORDER_SORTS.filter((s) => s !== '-data').map((s) => [s, t.sorts[s]])}
      />
    </FilterForm>
  );
  return (
    <ListScreen
      title={t.title}
      top={
        <>
          {filterForm}
          <InvoiceExport />
        </>
      }
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
      {/* On a phone each order is a card; from a tablet up, a table. */}
      <CardsOrTable
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
        rows={list.Items}
        rowKey={(o) => o.Id}
        card={(o) => (
          <>
            {link(o)}
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
          </>
        )}
        row={(o) => (
          <>
            <td className={cell}>{link(o)}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(o.Data)}</td>
            <td className={cell}>
              {o.Klient}
              <span className="block text-sm text-muted">{o.Email}</span>
            </td>
            <td className={cell}>
              {o.StatusNazwa}
              <HeldLabel until={o.CzekaNaPotwierdzenieDo} />
            </td>
            <td className={cell}>{paymentStateLabel[o.StatusPlatnosci] ?? o.StatusPlatnosci}</td>
            <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(o.Kwota)}</td>
          </>
        )}
      />
    </ListScreen>
  );
};
