import type { PanelCustomerGroup } from '@club/contract';
import { Link, useLoaderData, useLocation } from 'react-router';
import { api } from '../api.ts';
import { CardsOrTable, ListScreen } from '../components/ListScreen.tsx';
import { NoticeBox } from '../components/PageTitle.tsx';
import { membersSummary, validitySummary } from '../lib/customer-group-form.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.customerGroups;

export const customerGroupsLoader = () => guarded(() => api.call('panelCustomerGroups'));

const cell = 'px-3 py-2 align-top';

/**
 * The club's customer groups (member and sponsor prices): name, validity (Warsaw time), how many
 * accounts and domains, and the running promotions limited to it; a card each on a phone.
 */
export const CustomerGroups = () => {
  const list = useLoaderData<typeof customerGroupsLoader>();
  // "Usunięto grupę …", carried over from the deleted group's screen.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const link = (g: PanelCustomerGroup) => (
    <Link to={`/grupy-klientow/${g.Id}`} className="font-semibold text-primary underline">
      {g.Nazwa}
    </Link>
  );
  return (
    <ListScreen
      title={t.title}
      add={{ to: '/grupy-klientow/nowa', label: t.add }}
      top={
        <>
          <NoticeBox>{notice}</NoticeBox>
          <p className="max-w-3xl text-muted">{t.intro}</p>
        </>
      }
      empty={t.empty}
      count={list.Items.length}
      page={{ offset: 0, count: list.Total, total: list.Total }}
    >
      <CardsOrTable
        label={t.title}
        minWidth="min-w-[40rem]"
        columns={[{ label: t.name }, { label: t.validity }, { label: t.members }, { label: t.promotions }]}
        rows={list.Items}
        rowKey={(g) => g.Id}
        card={(g) => (
          <>
            {link(g)}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t.validity}</dt>
              <dd>{validitySummary(g)}</dd>
              <dt className="text-muted">{t.members}</dt>
              <dd>{membersSummary(g)}</dd>
              <dt className="text-muted">{t.promotions}</dt>
              <dd>{t.usedBy(g.Promocje)}</dd>
            </dl>
          </>
        )}
        row={(g) => (
          <>
            <td className={cell}>{link(g)}</td>
            <td className={cell}>{validitySummary(g)}</td>
            <td className={cell}>{membersSummary(g)}</td>
            <td className={cell}>{t.usedBy(g.Promocje)}</td>
          </>
        )}
      />
    </ListScreen>
  );
};
