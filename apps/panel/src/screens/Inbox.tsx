import {
  PANEL_INBOX_SORTS,
  PANEL_INBOX_STATES,
  type PanelInboxAccreditation,
  type PanelInboxMessage,
  type PanelInboxState,
  type PanelInboxStateChange,
} from '@club/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, NavLink, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { FilterForm, SearchField, SelectField } from '../components/FilterForm.tsx';
import { ListScreen } from '../components/ListScreen.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveTable } from '../components/ResponsiveTable.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime } from '../lib/format.ts';
import { inboxChanged, mailtoLink } from '../lib/inbox.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.inbox;
const COUNT = 20;

/** The two kinds of the inbox and their addresses: /skrzynka (messages) and /skrzynka/akredytacje. */
type Kind = 'message' | 'accreditation';
const LIST_PATH: Record<Kind, string> = { message: '/skrzynka', accreditation: '/skrzynka/akredytacje' };
const ITEM_PATH: Record<Kind, string> = {
  message: '/skrzynka/wiadomosci',
  accreditation: '/skrzynka/akredytacje',
};

type Sort = (typeof PANEL_INBOX_SORTS)[number];
type ItemState = { Przeczytana: boolean; Zalatwiona: boolean };

/** The list's filters from the address, so a filtered list can be bookmarked and the back button works. */
const filtersOf = (params: URLSearchParams) => {
  const sort = params.get('sort') ?? '';
  const stan = params.get('stan') ?? '';
  return {
    q: params.get('q')?.trim() || undefined,
    stan: (PANEL_INBOX_STATES as readonly string[]).includes(stan) ? (stan as PanelInboxState) : undefined,
    sort: (PANEL_INBOX_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : undefined,
  };
};

const listLoader =
  <K extends Kind>(kind: K) =>
  ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const offset = Math.max(0, Number(params.get('offset')) || 0);
    const filters = filtersOf(params);
    const query = { ...filters, offset: String(offset), count: String(COUNT) };
    return guarded(async () => {
      const [summary, list] = await Promise.all([
        api.call('panelInboxSummary'),
        kind === 'message'
          ? api.call('panelInboxMessages', { query })
          : api.call('panelInboxAccreditations', { query }),
      ]);
      return { kind, offset, filters, summary, list };
    });
  };

export const inboxMessagesLoader = listLoader('message');
export const inboxAccreditationsLoader = listLoader('accreditation');

type ListRow = Awaited<ReturnType<typeof inboxMessagesLoader>>['list']['Items'][number];
type MessageRow = Extract<ListRow, { Zajawka: string }>;
type AccreditationRow = Extract<ListRow, { Redakcja: string }>;

const stateLabel = (s: ItemState) =>
  s.Zalatwiona ? t.stateHandled : s.Przeczytana ? t.stateRead : t.stateUnread;

const fullName = (s: { Imie: string; Nazwisko: string; Email: string }) =>
  `${s.Imie} ${s.Nazwisko}`.trim() || s.Email || t.noName;

/** A small label on an unread item: the list reads "Nowa" before its sender. */
const NewBadge = () => (
  <span className="mr-2 inline-block rounded bg-accent px-1.5 py-0.5 align-middle text-xs font-bold text-ink uppercase">
    {t.newBadge}
  </span>
);

const StateText = ({ s }: { s: ItemState }) => (
  <span className={s.Zalatwiona ? 'text-muted' : s.Przeczytana ? '' : 'font-semibold'}>{stateLabel(s)}</span>
);

/** The kind chosen as two links (each with its unread count) and the filters as a GET form. */
const InboxFilters = ({
  kind,
  filters,
  unread,
}: {
  kind: Kind;
  filters: ReturnType<typeof filtersOf>;
  unread: Record<Kind, number>;
}) => {
  const id = useId();
  const tabs: { kind: Kind; label: string }[] = [
    { kind: 'message', label: t.messages },
    { kind: 'accreditation', label: t.accreditations },
  ];
  return (
    <>
      <nav aria-label={t.kinds} className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <NavLink
            key={tab.kind}
            to={LIST_PATH[tab.kind]}
            end
            aria-current={tab.kind === kind ? 'page' : undefined}
            className={`btn gap-2 ${
              tab.kind === kind
                ? 'bg-primary text-white'
                : 'border border-primary bg-white text-primary hover:bg-primary-light'
            }`}
          >
            {tab.label}
            {unread[tab.kind] > 0 && (
              <span className="rounded-full bg-accent px-2 text-sm font-bold text-ink">
                <span aria-hidden="true">{unread[tab.kind]}</span>
                <span className="sr-only">{` (${ui.nav.inboxUnread(unread[tab.kind])})`}</span>
              </span>
            )}
          </NavLink>
        ))}
      </nav>
      <FilterForm label={t.filters} columns={3} resetTo={LIST_PATH[kind]} texts={t}>
        <SearchField id={`${id}-q`} label={t.search} value={filters.q} hint={t.searchHint} />
        <SelectField
          id={`${id}-stan`}
          name="stan"
          label={t.state}
          value={filters.stan}
          all={t.all}
          options={PANEL_INBOX_STATES.map((s) => [s, t.states[s]])}
        />
        <SelectField
          id={`${id}-sort`}
          name="sort"
          label={t.sort}
          value={filters.sort ?? '-data'}
          options={Object.entries(t.sorts)}
        />
      </FilterForm>
    </>
  );
};

/** The inbox's list: contact-form messages or accreditation requests, unread ones marked. */
export const Inbox = () => {
  const { kind, offset, filters, summary, list } = useLoaderData<typeof inboxMessagesLoader>();
  const unread = {
    message: summary.Wiadomosci.Nieprzeczytane,
    accreditation: summary.Akredytacje.Nieprzeczytane,
  };
  const heading = kind === 'message' ? t.messages : t.accreditations;
  const id = useId();
  const sender = (s: { Id: number; Imie: string; Nazwisko: string; Email: string } & ItemState) => (
    <>
      {!s.Przeczytana && <NewBadge />}
      <Link
        to={`${ITEM_PATH[kind]}/${s.Id}`}
        className={`text-primary underline ${s.Przeczytana ? 'font-normal' : 'font-bold'}`}
      >
        {fullName(s)}
      </Link>
    </>
  );
  const date = (s: { Data: string }) => <span className="whitespace-nowrap">{formatDateTime(s.Data)}</span>;
  const state = (s: ItemState) => <StateText s={s} />;
  return (
    <ListScreen
      title={t.title}
      documentTitle={`${t.title}: ${heading}`}
      top={
        <>
          {/* Keyed by the address: another tab or a reset shows its own filters, not the last typed. */}
          <InboxFilters
            key={`${kind}-${JSON.stringify(filters)}`}
            kind={kind}
            filters={filters}
            unread={unread}
          />
          <h2 id={`${id}-list`} className="text-lg font-semibold">
            {heading}
          </h2>
        </>
      }
      empty={kind === 'message' ? t.emptyMessages : t.emptyAccreditations}
      count={list.Items.length}
      page={{ offset, count: COUNT, total: list.Total }}
    >
      {kind === 'message' ? (
        <ResponsiveTable
          label={heading}
          labelledBy={`${id}-list`}
          minWidth="min-w-[48rem]"
          rows={list.Items as MessageRow[]}
          rowKey={(m) => m.Id}
          columns={[
            { label: t.sender, cell: sender },
            { label: t.date, cell: date },
            { label: t.message, cell: (m) => <span className="break-words">{m.Zajawka || t.none}</span> },
            { label: t.state, cell: state },
          ]}
        />
      ) : (
        <ResponsiveTable
          label={heading}
          labelledBy={`${id}-list`}
          minWidth="min-w-[52rem]"
          rows={list.Items as AccreditationRow[]}
          rowKey={(a) => a.Id}
          columns={[
            { label: t.journalist, cell: sender },
            { label: t.date, cell: date },
            { label: t.outlet, cell: (a) => a.Redakcja || t.none },
            { label: t.event, cell: (a) => a.Wydarzenie || t.none },
            { label: t.state, cell: state },
          ]}
        />
      )}
    </ListScreen>
  );
};

/** Opening an item marks it read (as a mail program does); "mark unread" on the screen undoes it. */
const itemLoader =
  <K extends Kind>(kind: K) =>
  ({ params }: LoaderFunctionArgs) => {
    const itemId = Number(params.id);
    if (!Number.isInteger(itemId) || itemId <= 0) throw new Response('', { status: 404 });
    const load = (): Promise<PanelInboxMessage | PanelInboxAccreditation> =>
      kind === 'message'
        ? api.call('panelInboxMessage', { params: { id: itemId } })
        : api.call('panelInboxAccreditation', { params: { id: itemId } });
    return guarded(async () => {
      const item = await load();
      if (item.Przeczytana) return { kind, item };
      return { kind, item: await changeState(kind, itemId, { Przeczytana: true }) };
    });
  };

const changeState = (kind: Kind, itemId: number, body: PanelInboxStateChange) =>
  kind === 'message'
    ? api.call('panelInboxMessageState', { params: { id: itemId }, body })
    : api.call('panelInboxAccreditationState', { params: { id: itemId }, body });

export const inboxMessageLoader = itemLoader('message');
export const inboxAccreditationLoader = itemLoader('accreditation');

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
    <dt className="font-semibold">{label}</dt>
    <dd className="min-w-0 break-words">{children || t.none}</dd>
  </div>
);

/** One message or accreditation request: the sender, the text, the reply link and its state. */
export const InboxItem = () => {
  const loaded = useLoaderData<typeof inboxMessageLoader>();
  return <InboxItemFor key={`${loaded.kind}-${loaded.item.Id}`} {...loaded} />;
};

const InboxItemFor = ({
  kind,
  item: first,
}: {
  kind: Kind;
  item: PanelInboxMessage | PanelInboxAccreditation;
}) => {
  const [item, setItem] = useState(first);
  // Buttons stay enabled while a change is saved: a disabled button would drop the keyboard's focus
  // (useAction runs one change at a time).
  const { error, notice, run } = useAction();
  // The loader may have just marked it read: the navigation's count follows.
  useEffect(() => inboxChanged(), []);
  const who = fullName(item);
  const title = kind === 'message' ? t.messageTitle(who) : t.accreditationTitle(who);
  const message = 'Tresc' in item ? item : null;
  const accreditation = 'Uwagi' in item ? item : null;

  const change = async (body: PanelInboxStateChange, done: string) => {
    const ok = await run(async () => {
      setItem(await changeState(kind, item.Id, body));
      inboxChanged();
    }, done);
    // 'Mark unread' goes away with the change: the keyboard starts again at the heading.
    if (ok && body.Przeczytana === false) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  return (
    <div className="space-y-5">
      <Link to={LIST_PATH[kind]} className="inline-block text-primary underline">
        {t.back}: {kind === 'message' ? t.messages : t.accreditations}
      </Link>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <section className="card space-y-4" aria-label={t.details}>
        <dl className="space-y-2">
          <Field label={t.received}>{formatDateTime(item.Data)}</Field>
          <Field label={t.email}>{item.Email}</Field>
          <Field label={t.phone}>{item.Telefon}</Field>
          {accreditation && (
            <>
              <Field label={t.outlet}>{accreditation.Redakcja}</Field>
              <Field label={t.role}>{accreditation.Funkcja}</Field>
              <Field label={t.event}>{accreditation.Wydarzenie}</Field>
            </>
          )}
          <Field label={t.state}>
            <StateText s={item} />
          </Field>
        </dl>
        {(message || accreditation) && (
          <div>
            <h2 className="mb-1 font-semibold">{message ? t.message : t.notes}</h2>
            <p className="rounded-md border border-gray-200 bg-gray-50 p-3 break-words whitespace-pre-wrap">
              {(message ? message.Tresc : accreditation?.Uwagi) || t.none}
            </p>
          </div>
        )}
        <p className="text-sm text-muted">
          {item.DataPrzeczytania && t.readOn(formatDateTime(item.DataPrzeczytania))}{' '}
          {item.DataZalatwienia && t.handledOn(formatDateTime(item.DataZalatwienia), item.ZalatwilEmail)}
        </p>
        <div className="flex flex-wrap gap-3">
          {item.Odpowiedz.Email ? (
            <a
              href={mailtoLink(item.Odpowiedz.Email, item.Odpowiedz.Temat)}
              className="btn-primary"
              aria-label={t.replyTo(item.Odpowiedz.Email)}
            >
              {t.reply}
            </a>
          ) : (
            <p className="text-muted">{t.noReply}</p>
          )}
          {item.Zalatwiona ? (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => change({ Zalatwiona: false }, t.markedNotHandled)}
            >
              {t.markNotHandled}
            </button>
          ) : (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => change({ Zalatwiona: true }, t.markedHandled)}
            >
              {t.markHandled}
            </button>
          )}
          {item.Przeczytana && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => change({ Przeczytana: false }, t.markedUnread)}
            >
              {t.markUnread}
            </button>
          )}
        </div>
      </section>
    </div>
  );
};
