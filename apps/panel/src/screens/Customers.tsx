import { PANEL_CUSTOMER_SORTS } from '@club/contract';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { DataTable } from '../components/DataTable.tsx';
import { Pager } from '../components/Pager.tsx';
import { PageTitle } from '../components/PageTitle.tsx';
import { listParams, SearchForm } from '../components/SearchForm.tsx';
import { formatDateTime } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.customers;
const COUNT = 20;

export const customersLoader = ({ request }: LoaderFunctionArgs) => {
  const { offset, q, sort } = listParams(request.url, PANEL_CUSTOMER_SORTS);
  return guarded(async () => ({
    offset,
    q,
    sort,
    list: await api.call('panelCustomers', {
      query: { q, sort, offset: String(offset), count: String(COUNT) },
    }),
  }));
};

export const Customers = () => {
  const { offset, q, sort, list } = useLoaderData<typeof customersLoader>();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <SearchForm
        label={t.filters}
        hint={t.searchHint}
        q={q}
        sort={sort}
        sorts={t.sorts}
        resetTo="/klienci"
      />
      {list.Items.length === 0 ? (
        <p className="card">{t.empty}</p>
      ) : (
        <DataTable
          label={t.title}
          minWidth="min-w-[40rem]"
          columns={[
            { label: t.name },
            { label: t.email },
            { label: t.registered },
            { label: t.orders, numeric: true },
          ]}
        >
          {list.Items.map((c) => (
            <tr key={c.Id}>
              <td className="px-3 py-2">
                <Link to={`/klienci/${c.Id}`} className="font-semibold text-primary underline">
                  {c.Zanonimizowany ? t.anonymised : `${c.Imie} ${c.Nazwisko}`.trim() || c.Email}
                </Link>
                {!c.Potwierdzony && <span className="block text-sm text-muted">{t.unconfirmed}</span>}
              </td>
              <td className="px-3 py-2">{c.Email}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(c.DataRejestracji)}</td>
              <td className="px-3 py-2 text-right">{c.LiczbaZamowien}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager offset={offset} count={COUNT} total={list.Total} />
    </div>
  );
};
