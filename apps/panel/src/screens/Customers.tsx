import { PANEL_CUSTOMER_SORTS } from '@club/contract';
import { Link, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { DataTable } from '../components/DataTable.tsx';
import { ListScreen } from '../components/ListScreen.tsx';
import { SearchForm, searchListLoader } from '../components/SearchForm.tsx';
import { formatDateTime } from '../lib/format.ts';
import { ui } from '../texts.ts';

const t = ui.customers;
const COUNT = 20;

export const customersLoader = searchListLoader(PANEL_CUSTOMER_SORTS, COUNT, (query) =>
  api.call('panelCustomers', { query }),
);

export const Customers = () => {
  const { offset, q, sort, list } = useLoaderData<typeof customersLoader>();
  return (
    <ListScreen
      title={t.title}
      top={<SearchForm texts={t} q={q} sort={sort} resetTo="/klienci" />}
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
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
    </ListScreen>
  );
};
