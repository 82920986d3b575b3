import {
  PANEL_PRODUCT_SORTS,
  PRODUCT_STATUSES,
  PRODUCT_STOCK_FILTERS,
  productStatusLabel,
} from '@club/contract';
import { useId, useState } from 'react';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { FilterActions } from '../components/SearchForm.tsx';
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

export const Products = () => {
  const { offset, filters, list, categories } = useLoaderData<typeof productsLoader>();
  const id = useId();
  // On a phone the five fields would fill the first screen: folded behind "Filtry", open when in use.
  const active = [filters.q, filters.kategoria, filters.status, filters.stan].filter(Boolean).length;
  const [open, setOpen] = useState(active > 0);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle title={t.title}>{t.title}</PageTitle>
        <Link to="/produkty/nowy" className="btn-primary">
          {t.add}
        </Link>
      </div>
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
      <Form
        id={`${id}-filters`}
        method="get"
        role="search"
        aria-label={t.filters}
        className={`card ${open ? 'grid' : 'hidden'} gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-5`}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-q`} className="mb-1 block font-semibold">
            {t.search}
          </label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={filters.q ?? ''} className="field" />
        </div>
        <div>
          <label htmlFor={`${id}-cat`} className="mb-1 block font-semibold">
            {t.category}
          </label>
          <select id={`${id}-cat`} name="kategoria" defaultValue={filters.kategoria ?? ''} className="field">
            <option value="">{t.all}</option>
            {categories.map((c) => (
              <option key={c.Id} value={c.Id}>
                {`${'– '.repeat(c.Poziom)}${c.Nazwa}`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className="mb-1 block font-semibold">
            {t.status}
          </label>
          <select id={`${id}-status`} name="status" defaultValue={filters.status ?? ''} className="field">
            <option value="">{t.notArchived}</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {productStatusLabel[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-stan`} className="mb-1 block font-semibold">
            {t.stock}
          </label>
          <select id={`${id}-stan`} name="stan" defaultValue={filters.stan ?? ''} className="field">
            <option value="">{t.all}</option>
            {PRODUCT_STOCK_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t.stockFilters[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="mb-1 block font-semibold">
            {t.sort}
          </label>
          <select id={`${id}-sort`} name="sort" defaultValue={filters.sort ?? '-data'} className="field">
            {PANEL_PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </div>
        <FilterActions
          className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-5"
          resetTo="/produkty"
          apply={t.apply}
          reset={t.reset}
        />
      </Form>
      {list.Items.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <>
          {/* On a phone each product is a card; from a tablet up, a table. */}
          <ul className="space-y-3 sm:hidden">
            {list.Items.map((p) => (
              <li key={p.Id} className="card">
                <Link to={`/produkty/${p.Id}`} className="font-semibold text-primary underline">
                  {p.Nazwa}
                </Link>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-muted">{t.price}</dt>
                  <dd>{formatPrice(p.CenaBrutto)}</dd>
                  <dt className="text-muted">{t.stock}</dt>
                  <dd className={p.Stan === 0 ? 'font-semibold text-danger' : ''}>
                    {p.Stan === 0 ? t.soldOut : t.pieces(p.Stan)}
                  </dd>
                  <dt className="text-muted">{t.status}</dt>
                  <dd>{productStatusLabel[p.Status]}</dd>
                  <dt className="text-muted">{t.category}</dt>
                  <dd>{p.KategoriaNazwa ?? '—'}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <DataTable
              label={t.title}
              minWidth="min-w-[40rem]"
              columns={[
                { label: t.name },
                { label: t.category },
                { label: t.status },
                { label: t.stock, numeric: true },
                { label: t.price, numeric: true },
              ]}
            >
              {list.Items.map((p) => (
                <tr key={p.Id}>
                  <td className="px-3 py-2">
                    <Link to={`/produkty/${p.Id}`} className="font-semibold text-primary underline">
                      {p.Nazwa}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{p.KategoriaNazwa ?? '—'}</td>
                  <td className="px-3 py-2">{productStatusLabel[p.Status]}</td>
                  <td className={`px-3 py-2 text-right ${p.Stan === 0 ? 'font-semibold text-danger' : ''}`}>
                    {p.Stan === 0 ? t.soldOut : t.pieces(p.Stan)}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatPrice(p.CenaBrutto)}</td>
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
