import { type PanelPromotion, promotionKindLabel } from '@club/contract';
import { Link, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { CardsOrTable, ListScreen } from '../components/ListScreen.tsx';
import { groupNames } from '../lib/customer-group-form.ts';
import { formatPrice } from '../lib/format.ts';
import { codeSummary, periodSummary, usesSummary, valueSummary } from '../lib/promotion-form.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { PromotionStatusTag } from './promotion/PromotionStatusTag.tsx';

const t = ui.promotions;

/** The promotions, and the club's customer groups to name those a promotion is limited to. */
export const promotionsLoader = () =>
  guarded(async () => {
    const [list, groups] = await Promise.all([api.call('panelPromotions'), api.call('panelCustomerGroups')]);
    return { list, groups: groups.Items };
  });

const cell = 'px-3 py-2 align-top';

/** The kind and its value: "Rabat procentowy, 10 %". */
const kindOf = (p: PanelPromotion) =>
  [promotionKindLabel[p.Rodzaj], valueSummary(p)].filter(Boolean).join(', ');

/**
 * The club's promotions and discount codes, newest first, ended ones too: name, kind, how buyers
 * get it and the customer groups it is limited to, status in words, period (Warsaw time), uses,
 * and its orders with the discount given; a card each on a phone, a table above.
 */
export const Promotions = () => {
  const { list, groups } = useLoaderData<typeof promotionsLoader>();
  const link = (p: PanelPromotion) => (
    <Link to={`/promocje/${p.Id}`} className="font-semibold text-primary underline">
      {p.Nazwa}
    </Link>
  );
  // Orders not cancelled and what the promotion took off them in all, as its detail's figures.
  const given = (p: PanelPromotion) => t.givenSummary(p.Zamowienia, formatPrice(p.Rabat));
  const code = (p: PanelPromotion) => <span className={p.Kod ? 'font-mono' : ''}>{codeSummary(p)}</span>;
  const forGroups = (p: PanelPromotion) => groupNames(p.GrupyKlientow, groups);
  return (
    <ListScreen
      title={t.title}
      add={{ to: '/promocje/nowa', label: t.add }}
      top={<p className="text-muted">{t.intro}</p>}
      empty={t.empty}
      count={list.Items.length}
      page={{ offset: 0, count: list.Total, total: list.Total }}
    >
      <CardsOrTable
        label={t.title}
        minWidth="min-w-[56rem]"
        columns={[
          { label: t.name },
          { label: t.kind },
          { label: t.code },
          { label: t.status },
          { label: t.dates },
          { label: t.uses, numeric: true },
        ]}
        rows={list.Items}
        rowKey={(p) => p.Id}
        card={(p) => (
          <>
            {link(p)}
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t.kind}</dt>
              <dd>{kindOf(p)}</dd>
              <dt className="text-muted">{t.code}</dt>
              <dd>{code(p)}</dd>
              <dt className="text-muted">{ui.customerGroups.forGroups}</dt>
              <dd>{forGroups(p)}</dd>
              <dt className="text-muted">{t.status}</dt>
              <dd>
                <PromotionStatusTag status={p.Status} />
              </dd>
              <dt className="text-muted">{t.dates}</dt>
              <dd>{periodSummary(p)}</dd>
              <dt className="text-muted">{t.uses}</dt>
              <dd>{usesSummary(p)}</dd>
              <dt className="text-muted">{t.given}</dt>
              <dd>{given(p)}</dd>
            </dl>
          </>
        )}
        row={(p) => (
          <>
            <td className={cell}>{link(p)}</td>
            <td className={cell}>{kindOf(p)}</td>
            <td className={cell}>
              {code(p)}
              {/* Who may use it, under how they get it: one more column would not fit at 1280 px. */}
              {p.GrupyKlientow.length > 0 && (
                <span className="block text-sm text-muted">
                  {ui.customerGroups.forGroups}: {forGroups(p)}
                </span>
              )}
            </td>
            <td className={cell}>
              <PromotionStatusTag status={p.Status} />
            </td>
            <td className={cell}>{periodSummary(p)}</td>
            {/* The orders and the discount given under the uses: one more column would not fit at 1280 px. */}
            <td className={`${cell} text-right`}>
              <span className="whitespace-nowrap">{usesSummary(p)}</span>
              <span className="block text-sm whitespace-nowrap text-muted">
                {t.givenLine(p.Zamowienia, formatPrice(p.Rabat))}
              </span>
            </td>
          </>
        )}
      />
    </ListScreen>
  );
};
