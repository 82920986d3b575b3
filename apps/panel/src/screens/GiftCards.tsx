import {
  ApiClientError,
  GIFT_CARD_STATES,
  type GiftCardState,
  giftCardStateLabel,
  maskedGiftCardCode,
  PANEL_GIFT_CARD_SORTS,
  type PanelGiftCard,
  type PanelGiftCardListItem,
} from '@club/contract';
import { useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { DataTable } from '../components/DataTable.tsx';
import { FilterForm, SearchField, SelectField } from '../components/FilterForm.tsx';
import { CardsOrTable, ListScreen } from '../components/ListScreen.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { listParams } from '../components/SearchForm.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';
import { GiftCardStateTag, shortMask } from './gift-card/GiftCardStateTag.tsx';

const t = ui.giftCards;
const COUNT = 20;

export const giftCardsLoader = ({ request }: LoaderFunctionArgs) => {
  const { offset, q, sort } = listParams(request.url, PANEL_GIFT_CARD_SORTS);
  const given = new URL(request.url).searchParams.get('stan') ?? '';
  const stan = (GIFT_CARD_STATES as readonly string[]).includes(given) ? (given as GiftCardState) : undefined;
  return guarded(async () => ({
    offset,
    q,
    sort,
    stan,
    list: await api.call('panelGiftCards', {
      query: { q, sort, stan, offset: String(offset), count: String(COUNT) },
    }),
  }));
};

export const giftCardLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(async () => {
    try {
      return await api.call('panelGiftCard', { params: { id } });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });
};

const cell = 'px-3 py-2 align-top';

const OrderLink = ({ order }: { order: PanelGiftCardListItem['Zamowienie'] }) =>
  order ? (
    <Link to={`/zamowienia/${order.Id}`} className="text-primary underline">
      {order.Numer}
    </Link>
  ) : (
    t.noOrder
  );

const Filters = ({ q, sort, stan }: { q?: string; sort?: string; stan?: string }) => {
  const id = useId();
  return (
    <FilterForm label={t.filters} columns={3} resetTo="/karty-podarunkowe">
      <SearchField id={`${id}-q`} label={t.search} value={q} hint={t.searchHint} />
      <SelectField
        id={`${id}-stan`}
        name="stan"
        label={t.state}
        value={stan}
        all={t.allStates}
        options={GIFT_CARD_STATES.map((s) => [s, giftCardStateLabel[s]] as const)}
      />
      <SelectField
        id={`${id}-sort`}
        name="sort"
        label={t.sort}
        value={sort ?? PANEL_GIFT_CARD_SORTS[0]}
        options={PANEL_GIFT_CARD_SORTS.map((s) => [s, t.sorts[s]] as const)}
      />
    </FilterForm>
  );
};

/**
 * The club's gift cards, newest first: the code's end (the code itself is never known here),
 * amount, balance, validity, state, where it was sent and the order that bought it.
 */
export const GiftCards = () => {
  const { offset, q, sort, stan, list } = useLoaderData<typeof giftCardsLoader>();
  const link = (c: PanelGiftCardListItem) => (
    <Link
      to={`/karty-podarunkowe/${c.Id}`}
      className="font-mono font-semibold whitespace-nowrap text-primary underline"
    >
      {shortMask(c.Koncowka)}
    </Link>
  );
  return (
    <ListScreen
      title={t.title}
      top={
        <>
          <p className="text-muted">{t.intro}</p>
          <Filters q={q} sort={sort} stan={stan} />
        </>
      }
      empty={t.empty}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
      <CardsOrTable
        label={t.title}
        minWidth="min-w-[56rem]"
        columns={[
          { label: t.card },
          { label: t.state },
          { label: t.amount, numeric: true },
          { label: t.balance, numeric: true },
          { label: t.validUntil },
          { label: t.email },
          { label: t.order },
        ]}
        rows={list.Items}
        rowKey={(c) => c.Id}
        card={(c) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              {link(c)}
              <GiftCardStateTag state={c.Stan} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t.balance}</dt>
              <dd>
                {formatPrice(c.Saldo)} / {formatPrice(c.Kwota)}
              </dd>
              <dt className="text-muted">{t.validUntil}</dt>
              <dd>{formatDateTime(c.WaznaDo)}</dd>
              <dt className="text-muted">{t.email}</dt>
              <dd className="break-words">{c.Email}</dd>
              <dt className="text-muted">{t.order}</dt>
              <dd>
                <OrderLink order={c.Zamowienie} />
              </dd>
            </dl>
          </>
        )}
        row={(c) => (
          <>
            <td className={cell}>{link(c)}</td>
            <td className={cell}>
              <GiftCardStateTag state={c.Stan} />
            </td>
            <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(c.Kwota)}</td>
            <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(c.Saldo)}</td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(c.WaznaDo)}</td>
            <td className={`${cell} break-all`}>{c.Email}</td>
            <td className={cell}>
              <OrderLink order={c.Zamowienie} />
            </td>
          </>
        )}
      />
    </ListScreen>
  );
};

export const GiftCardDetail = () => {
  const first = useLoaderData<typeof giftCardLoader>();
  return <GiftCardView key={first.Id} first={first} />;
};

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <dt className="font-semibold">{label}</dt>
    <dd className="min-w-0 break-words">{children}</dd>
  </>
);

/** One card: its figures, the order that bought it, its balance's history; a manager may block it. */
const GiftCardView = ({ first }: { first: PanelGiftCard }) => {
  const [card, setCard] = useState(first);
  const [asking, setAsking] = useState(false);
  const { busy, error, notice, run } = useAction();
  const id = useId();
  const masked = maskedGiftCardCode(card.Koncowka);
  const title = t.detailTitle(shortMask(card.Koncowka));
  const disable = async () => {
    setAsking(false);
    await run(
      () => api.call('panelGiftCardDisable', { params: { id: card.Id } }),
      t.disabled,
      (saved) => {
        setCard(saved);
        // The button is gone with the blocking: the focus goes to the top, where the notice is read.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('h1')?.focus());
      },
    );
  };
  return (
    <div className="space-y-5">
      <Link to="/karty-podarunkowe" className="inline-block text-primary underline">
        {t.back}
      </Link>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <section className="card space-y-3" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`} className="text-lg font-semibold">
          {t.details}
        </h2>
        <dl className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <Row label={t.card}>
            <span className="font-mono">{masked}</span>
          </Row>
          <Row label={t.state}>
            <GiftCardStateTag state={card.Stan} />
          </Row>
          <Row label={t.amount}>{formatPrice(card.Kwota)}</Row>
          <Row label={t.balance}>
            <span className="font-semibold">{formatPrice(card.Saldo)}</span>
          </Row>
          <Row label={t.validUntil}>{formatDateTime(card.WaznaDo)}</Row>
          <Row label={t.issued}>{formatDateTime(card.Utworzono)}</Row>
          {card.Zablokowana && <Row label={t.disabledAt}>{formatDateTime(card.Zablokowana)}</Row>}
          <Row label={t.email}>{card.Email}</Row>
          <Row label={t.order}>
            <OrderLink order={card.Zamowienie} />
          </Row>
        </dl>
      </section>
      <section className="card space-y-3" aria-labelledby={`${id}-uses`}>
        <h2 id={`${id}-uses`} className="text-lg font-semibold">
          {t.uses}
        </h2>
        {card.Ruchy.length === 0 ? (
          <p>{t.usesEmpty}</p>
        ) : (
          <DataTable
            label={t.usesTable}
            minWidth="min-w-[36rem]"
            columns={[
              { label: t.useDate },
              { label: t.useKind },
              { label: t.useOrder },
              { label: t.useAmount, numeric: true },
            ]}
          >
            {card.Ruchy.map((u) => (
              <tr key={u.Id}>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(u.Data)}</td>
                <td className={cell}>{u.RodzajNazwa}</td>
                <td className={cell}>
                  <OrderLink order={u.Zamowienie} />
                </td>
                {/* Paid for an order takes from the balance; given back adds to it. */}
                <td className={`${cell} text-right whitespace-nowrap`}>
                  {u.Kwota > 0 ? `−${formatPrice(u.Kwota)}` : `+${formatPrice(-u.Kwota)}`}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {!card.Zablokowana && (
        <section className="card space-y-3" aria-labelledby={`${id}-disable`}>
          <h2 id={`${id}-disable`} className="text-lg font-semibold">
            {t.disable}
          </h2>
          <p className="text-muted">{t.disableHint}</p>
          <button
            type="button"
            className="btn border border-danger bg-white text-danger"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {t.disable}
          </button>
        </section>
      )}
      <ConfirmDialog
        open={asking}
        title={t.confirmTitle}
        confirmLabel={t.confirm}
        onConfirm={disable}
        onCancel={() => setAsking(false)}
      >
        <p>{t.confirmText(masked, formatPrice(card.Saldo))}</p>
      </ConfirmDialog>
    </div>
  );
};
