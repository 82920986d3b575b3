import {
  PANEL_PRODUCT_SORTS,
  type PanelProductListItem,
  PRODUCT_STATUSES,
  PRODUCT_STOCK_FILTERS,
  productStatusLabel,
} from '@club/contract';
import { useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { FilterForm, SearchField, SelectField } from '../components/FilterForm.tsx';
import { CardsOrTable, ListScreen } from '../components/ListScreen.tsx';
import { formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.products;
const COUNT = 20;

const pick = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  (values as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/** The list's search, filters and sort from the address (bookmarkable, the back button works). */
const filtersOf = (params: URLSearchParams) => ({
  q: params.get('q')?.trim() || undefined,
  kategoria: /^\d{1,9}$/.test(params.get('kategoria') ?? '') ? params.get('kategoria')! : undefined,
  status: pick(PRODUCT_STATUSES, params.get('status')),
  stan: pick(PRODUCT_STOCK_FILTERS, params.get('stan')),
  sort: pick(PANEL_PRODUCT_SORTS, params.get('sort')),
});

export const productsLoader = ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const filters = filtersOf(params);
  return guarded(async () => {
    const [list, categories] = await Promise.all([
      api.call('panelProducts', { query: { ...filters, offset: String(offset), count: String(COUNT) } }),
      api.call('panelCategories'),
    ]);
    return { offset, filters, list, categories };
  });
};

const cell = 'px-3 py-2';

export const Products = () => {
  const { offset, filters, list, categories } = useLoaderData<typeof productsLoader>();
  const id = useId();
  // On a phone the five fields would fill the first screen: folded behind "Filtry", open when in use.
  const active = [filters.q, filters.kategoria, filters.status, filters.stan].filter(Boolean).length;
  const [open, setOpen] = useState(active > 0);
  const link = (p: { Id: number; Nazwa: string }) => (
    <Link to={`/produkty/${p.Id}`} className="font-semibold text-primary underline">
      {p.Nazwa}
    </Link>
  );
  const total = (p: { Stan: number }) => (p.Stan === 0 ? t.soldOut : t.pieces(p.Stan));
  // The sizes at the low-stock limit or below, under the total: which ones to restock.
  const stock = (p: PanelProductListItem) => (
    <>
      {total(p)}
      {p.NiskieParametry.length > 0 && (
        <span className="block text-sm font-normal text-muted">
          {t.lowSizes} {p.NiskieParametry.map((x) => t.lowSize(x.Nazwa, x.Stan)).join(', ')}
        </span>
      )}
    </>
  );
  const soldOut = (p: { Stan: number }) => (p.Stan === 0 ? 'font-semibold text-danger' : '');
  const filterForm = (
    <>
      {/* A GET form: the filters go to the address, the loader reads them from there. */}
      <button
        type="button"
        className="btn-secondary w-full sm:hidden"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((o) => !o)}
      >
        {active ? t.filtersActive(active) : t.filtersToggle}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <FilterForm
        id={`${id}-filters`}
        label={t.filters}
        columns={5}
        display={open ? 'grid' : 'hidden'}
        resetTo="/produkty"
        texts={t}
      >
        <SearchField
          id={`${id}-q`}
          label={t.search}
          value={filters.q}
          className="sm:col-span-2 lg:col-span-1"
        />
        <SelectField
          id={`${id}-cat`}
          name="kategoria"
          label={t.category}
          value={filters.kategoria}
          all={t.all}
          options={categories.map((c) => [c.Id, `${'– '.repeat(c.Poziom)}${c.Nazwa}`])}
        />
        <SelectField
          id={`${id}-status`}
          name="status"
          label={t.status}
          value={filters.status}
          all={t.notArchived}
          options={PRODUCT_STATUSES.map((s) => [s, productStatusLabel[s]])}
        />
        <SelectField
          id={`${id}-stan`}
          name="stan"
          label={t.stock}
          value={filters.stan}
          all={t.all}
          options={PRODUCT_STOCK_FILTERS.map((s) => [s, t.stockFilters[s]])}
        />
        <SelectField
          id={`${id}-sort`}
          name="sort"
          label={t.sort}
          value={filters.sort ?? '-data'}
          options={PANEL_PRODUCT_SORTS.map((s) => [s, t.sorts[s]])}
        />
      </FilterForm>
    </>
  );
  return (
    <ListScreen
      title={t.title}
      add={{ to: '/produkty/nowy', label: t.add }}
      top={filterForm}
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
      {/* On a phone each product is a card; from a tablet up, a table. */}
      <CardsOrTable
        label={t.title}
        minWidth="min-w-[40rem]"
        columns={[
          { label: t.name },
          { label: t.category },
          { label: t.status },
          { label: t.stock, numeric: true },
          { label: t.price, numeric: true },
        ]}
        rows={list.Items}
        rowKey={(p) => p.Id}
        card={(p) => (
          <>
            {link(p)}
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t.price}</dt>
              <dd>{formatPrice(p.CenaBrutto)}</dd>
              <dt className="text-muted">{t.stock}</dt>
              <dd className={soldOut(p)}>{stock(p)}</dd>
              <dt className="text-muted">{t.status}</dt>
              <dd>{productStatusLabel[p.Status]}</dd>
              <dt className="text-muted">{t.category}</dt>
              <dd>{p.KategoriaNazwa ?? '—'}</dd>
            </dl>
          </>
        )}
        row={(p) => (
          <>
            <td className={cell}>{link(p)}</td>
            <td className={cell}>{p.KategoriaNazwa ?? '—'}</td>
            <td className={cell}>{productStatusLabel[p.Status]}</td>
            <td className={`${cell} text-right ${soldOut(p)}`}>{stock(p)}</td>
            <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(p.CenaBrutto)}</td>
          </>
        )}
      />
    </ListScreen>
  );
};
