import { ApiClientError, type PanelReturn, RETURN_STATES } from '@club/contract';
import { useEffect, useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { BankAccountField } from '../components/BankAccountField.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { formatDateTime } from '../lib/format.ts';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.returns;
type State = (typeof RETURN_STATES)[number];
const isState = (v: string | null): v is State => !!v && (RETURN_STATES as readonly string[]).includes(v);
const lineName = (l: { Nazwa: string; Parametr: string | null }) =>
  l.Parametr ? `${l.Nazwa} - ${l.Parametr}` : l.Nazwa;

export const returnsLoader = ({ request }: LoaderFunctionArgs) => {
  const stan = new URL(request.url).searchParams.get('stan');
  return guarded(() => api.call('panelReturns', { query: isState(stan) ? { stan } : {} }));
};

export const returnLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(async () => {
    try {
      return await api.call('panelReturn', { params: { id } });
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 404) throw new Response('', { status: 404 });
      throw e;
    }
  });
};

/** /zwroty: the returns after withdrawals, newest first, filtered by state. */
export const Returns = () => {
  const list = useLoaderData<typeof returnsLoader>();
  const [params] = useSearchParams();
  const filterId = useId();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={filterId} className="block font-medium">
            {t.filter}
          </label>
          <select id={filterId} name="stan" defaultValue={params.get('stan') ?? ''} className="field">
            <option value="">{t.all}</option>
            {RETURN_STATES.map((s) => (
              <option key={s} value={s}>
                {t.labels[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t.apply}
        </button>
      </form>
      {list.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
          {list.map((r) => (
            <li key={r.Id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3">
              <Link to={`/zwroty/${r.Id}`} className="font-semibold text-primary underline">
                {t.detail(r.Id)}
              </Link>
              <span>
                {t.order} {r.NrZamowienia}
              </span>
              <span className="text-muted">{r.Email}</span>
              <span className="font-medium">{r.NazwaStanu}</span>
              {r.Pozycje.some((l) => l.WymianaNa) && (
                <span className="rounded bg-gray-100 px-2 text-sm">{t.exchangeTag}</span>
              )}
              <span className="text-muted">{formatDateTime(r.Utworzono)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

/** /zwroty/:id: the return, its lines and the next steps, each confirmed before the buyer is e-mailed. */
export const ReturnDetail = () => {
  const loaded = useLoaderData<typeof returnLoader>();
  const [r, setR] = useState<PanelReturn>(loaded);
  const [note, setNote] = useState('');
  const [shipping, setShipping] = useState(false);
  const [account, setAccount] = useState('');
  const session = useSession();
  // Money is the owner's (decision 050): a manager does not get the refund step's button.
  const steps = r.Dozwolone.filter((d) => d.Stan !== 'zwrot_pieniedzy' || session.Rola === 'owner');
  const refundable = steps.some((d) => d.Stan === 'zwrot_pieniedzy');
  const [asking, setAsking] = useState<{ Stan: State; Nazwa: string } | null>(null);
  const { busy, error, notice, run, fields } = useAction();
  const noteId = useId();
  useEffect(() => setR(loaded), [loaded]);

  const move = async (to: { Stan: State; Nazwa: string }) => {
    setAsking(null);
    const exchange = to.Stan === 'wymieniony';
    await run(
      () =>
        api.call('panelReturnState', {
          params: { id: r.Id },
          body: {
            Stan: to.Stan,
            Uwagi: note,
            ...(to.Stan === 'zwrot_pieniedzy' && { Dostawa: shipping, NrKonta: account }),
          },
        }),
      (next) => (exchange && next.Wymiana ? t.exchangeDone(next.Wymiana.Numer) : t.changed(to.Nazwa)),
      (next) => {
        setR(next);
        setNote('');
      },
    );
  };

  return (
    <div className="space-y-5">
      <p>
        <Link to="/zwroty" className="text-primary underline">
          {t.back}
        </Link>
      </p>
      <PageTitle title={t.detail(r.Id)}>{t.detail(r.Id)}</PageTitle>
      <ErrorBox>{error}</ErrorBox>
      <NoticeBox>{notice}</NoticeBox>
      <dl className="rounded-md border border-gray-200 bg-white p-4">
        <div className="py-1">
          <dt className="text-muted">{t.order}</dt>
          <dd>
            <Link to={`/zamowienia/${r.ZamowienieId}`} className="text-primary underline">
              {r.NrZamowienia}
            </Link>
          </dd>
        </div>
        <div className="py-1">
          <dt className="text-muted">{t.buyer}</dt>
          <dd>{r.Email}</dd>
        </div>
        <div className="py-1">
          <dt className="text-muted">{t.state}</dt>
          <dd className="font-semibold">{r.NazwaStanu}</dd>
        </div>
        <div className="py-1">
          <dt className="text-muted">{t.received}</dt>
          <dd>{formatDateTime(r.Utworzono)}</dd>
        </div>
        {r.Powod && (
          <div className="py-1">
            <dt className="text-muted">{t.reason}</dt>
            <dd>{r.Powod}</dd>
          </div>
        )}
        {r.Uwagi && (
          <div className="py-1">
            <dt className="text-muted">{t.note}</dt>
            <dd>{r.Uwagi}</dd>
          </div>
        )}
        {r.Wymiana && (
          <div className="py-1">
            <dt className="text-muted">{t.exchangeSent}</dt>
            <dd>
              <Link to={`/zamowienia/${r.Wymiana.Id}`} className="text-primary underline">
                {r.Wymiana.Numer}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <section aria-labelledby={`${noteId}-lines`}>
        <h2 id={`${noteId}-lines`} className="text-lg font-semibold">
          {t.lines}
        </h2>
        <ul className="mt-2 space-y-3">
          {r.Pozycje.map((l) => (
            <li key={l.Id} className="rounded-md border border-gray-200 bg-white p-3">
              <p>
                {lineName(l)}: {t.pieces(l.Ilosc)}
                {l.WymianaNa && <strong className="ml-1">({t.exchangeTo(l.WymianaNa)})</strong>}
              </p>
              {(l.Rozmiary.length > 0 || (l.WymianaNa && !r.Wymiana && r.Dozwolone.length > 0)) && (
                <LineExchange returnId={r.Id} line={l} onSaved={setR} />
              )}
            </li>
          ))}
        </ul>
      </section>
      {steps.length > 0 && (
        <div className="space-y-3">
          <div>
            <label htmlFor={noteId} className="block font-medium">
              {t.noteLabel}
            </label>
            <textarea
              id={noteId}
              value={note}
              maxLength={1000}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              className="field w-full"
            />
          </div>
          {refundable && (
            <fieldset className="space-y-2 rounded-md border border-gray-200 p-3">
              <legend className="px-1 font-medium">{t.refundLegend}</legend>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={shipping} onChange={(e) => setShipping(e.target.checked)} />
                {t.refundShipping}
              </label>
              {r.ZwrotPrzelewem && (
                <BankAccountField
                  id={`${noteId}-account`}
                  value={account}
                  onChange={setAccount}
                  error={fields.NrKonta}
                />
              )}
            </fieldset>
          )}
          <div className="flex flex-wrap gap-3">
            {steps.map((d) => (
              <button
                key={d.Stan}
                type="button"
                disabled={busy}
                onClick={() => setAsking(d)}
                className={
                  d.Stan === 'odrzucony' ? 'btn border border-danger bg-white text-danger' : 'btn-primary'
                }
              >
                {d.Stan === 'wymieniony' ? t.sendExchange : t.moveTo(d.Nazwa)}
              </button>
            ))}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.Stan === 'wymieniony' ? t.sendExchangeTitle : asking ? t.confirmTitle(asking.Nazwa) : ''
        }
        confirmLabel={asking?.Stan === 'wymieniony' ? t.sendExchangeLabel : t.confirmLabel}
        danger={asking?.Stan !== 'wymieniony'}
        onConfirm={() => asking && move(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{asking?.Stan === 'wymieniony' ? t.sendExchangeText : t.confirmText}</p>
      </ConfirmDialog>
    </div>
  );
};

type ReturnLine = PanelReturn['Pozycje'][number];

/** A line's refund or size exchange, as the buyer asked or the club agreed by phone: saved on its own. */
const LineExchange = ({
  returnId,
  line,
  onSaved,
}: {
  returnId: number;
  line: ReturnLine;
  onSaved: (r: PanelReturn) => void;
}) => {
  const current = line.Rozmiary.find((s) => s.Nazwa === line.WymianaNa)?.Id;
  const [value, setValue] = useState(current ? String(current) : '');
  const { busy, error, notice, run } = useAction();
  const guard = useUnsavedGuard();
  const id = useId();
  return (
    <form
      {...guard.watch}
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void run(
          () =>
            api.call('panelReturnExchange', {
              params: { id: returnId, lineId: line.Id },
              body: { WymianaNa: value ? Number(value) : null },
            }),
          () => t.exchangeSaved,
          guard.savedThen(onSaved),
        );
      }}
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {t.exchangeSelect(lineName(line))}
        </label>
        <select id={id} value={value} onChange={(e) => setValue(e.target.value)} className="field">
          <option value="">{t.exchangeRefund}</option>
          {line.Rozmiary.map((s) => (
            <option key={s.Id} value={s.Id}>
              {t.exchangeOption(s.Nazwa)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy} className="btn-secondary">
        {t.exchangeSave}
      </button>
      {error && (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="w-full text-sm">
          {notice}
        </p>
      )}
    </form>
  );
};
