import {
  COMPLAINT_STATE_LABELS,
  COMPLAINT_STATES,
  type ComplaintState,
  type PanelComplaint,
} from '@club/contract';
import { useId, useState } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { BankAccountField } from '../components/BankAccountField.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { LabeledInput } from '../components/LabeledInput.tsx';
import { COMPLAINTS_CHANGED } from '../components/NavCounts.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime } from '../lib/format.ts';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.complaints;
const FILTERS = ['otwarte', ...COMPLAINT_STATES] as const;
type Filter = (typeof FILTERS)[number];

export const complaintsLoader = ({ request }: LoaderFunctionArgs) => {
  const stan = new URL(request.url).searchParams.get('stan') ?? 'otwarte';
  const filter = (FILTERS as readonly string[]).includes(stan) ? (stan as Filter) : 'otwarte';
  return guarded(async () => ({
    filter,
    list: await api.call('panelComplaints', { query: { stan: filter } }),
  }));
};

export const complaintLoader = ({ params }: LoaderFunctionArgs) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response('', { status: 404 });
  return guarded(() => api.call('panelComplaint', { params: { id } }));
};

/** The 14-day clock as words and colour: a warning at 3 days or fewer, overdue counts as accepted. */
const Clock = ({ c }: { c: PanelComplaint }) => {
  if (c.Zegar === 'answered') return <span className="text-muted">{t.answered}</span>;
  if (c.Zegar === 'overdue')
    return <strong className="rounded bg-danger px-2 py-0.5 text-white">{t.overdue}</strong>;
  const text = t.daysLeft(c.DniDoTerminu ?? 0, formatDateTime(c.Termin));
  return c.Ostrzezenie ? (
    <strong className="rounded bg-accent px-2 py-0.5 text-ink">⚠ {text}</strong>
  ) : (
    <span>{text}</span>
  );
};

export const Complaints = () => {
  const { filter, list } = useLoaderData<typeof complaintsLoader>();
  const id = useId();
  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      {list.Pilne > 0 && <p className="card font-semibold">{t.urgent(list.Pilne)}</p>}
      <form method="get" className="card flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-stan`} className="font-semibold">
            {t.state}
          </label>
          <select id={`${id}-stan`} name="stan" defaultValue={filter} className="input">
            <option value="otwarte">{t.open}</option>
            {COMPLAINT_STATES.map((s) => (
              <option key={s} value={s}>
                {COMPLAINT_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t.show}
        </button>
      </form>
      {list.Reklamacje.length === 0 ? (
        <p className="card">{t.none}</p>
      ) : (
        <ul className="space-y-3" aria-label={t.title}>
          {list.Reklamacje.map((c) => (
            <li key={c.Id} className="card grid gap-1">
              <Link to={`/reklamacje/${c.Id}`} className="font-semibold text-primary underline">
                {t.item(c.Id, c.NumerZamowienia)}
              </Link>
              <span>
                {c.Kupujacy} · {formatDateTime(c.Data)}
              </span>
              <span>
                {t.state}: {c.StanNazwa} · {t.request}: {c.ZadanieNazwa}
              </span>
              <Clock c={c} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export const ComplaintDetail = () => {
  const first = useLoaderData<typeof complaintLoader>();
  return <ComplaintView key={first.Id} first={first} />;
};

const ComplaintView = ({ first }: { first: PanelComplaint }) => {
  const [c, setC] = useState(first);
  const [asked, setAsked] = useState<ComplaintState | null>(null);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const session = useSession();
  // Money is the owner's (decision 050): a manager does not get the refund step's button.
  const steps = c.Kroki.filter((to) => to !== 'zwrot_pieniedzy' || session.Rola === 'owner');
  const refunding = steps.includes('zwrot_pieniedzy');
  const reduction = c.Zadanie === 'obnizenie';
  const { error, notice, run, fields } = useAction();
  const id = useId();
  const title = t.item(c.Id, c.NumerZamowienia);

  const take = async (to: ComplaintState) => {
    setAsked(null);
    await run(
      async () =>
        setC(
          await api.call('panelComplaintStep', {
            params: { id: c.Id },
            body: {
              Stan: to,
              Powod: reason,
              ...(to === 'zwrot_pieniedzy' && {
                NrKonta: account,
                ...(reduction && { Kwota: Number(amount.replace(',', '.')) }),
              }),
            },
          }),
        ),
      t.done(COMPLAINT_STATE_LABELS[to]),
    );
    // An answered complaint may leave the nav's count of urgent ones.
    window.dispatchEvent(new Event(COMPLAINTS_CHANGED));
    setReason('');
  };

  return (
    <div className="space-y-5">
      <Link to="/reklamacje" className="inline-block text-primary underline">
        {t.back}
      </Link>
      <PageTitle title={title}>{title}</PageTitle>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      <section className="card space-y-3" aria-label={t.details}>
        <dl className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <dt className="font-semibold">{t.buyer}</dt>
          <dd className="break-words">
            {c.Kupujacy} ({c.Email})
          </dd>
          <dt className="font-semibold">{t.received}</dt>
          <dd>{formatDateTime(c.Data)}</dd>
          <dt className="font-semibold">{t.deadline}</dt>
          <dd>
            <Clock c={c} />
          </dd>
          <dt className="font-semibold">{t.state}</dt>
          <dd>{c.StanNazwa}</dd>
          <dt className="font-semibold">{t.request}</dt>
          <dd>{c.ZadanieNazwa}</dd>
          <dt className="font-semibold">{t.lines}</dt>
          <dd>
            <ul>
              {c.Pozycje.map((l) => (
                <li key={l.Id}>
                  {l.Nazwa} × {l.Ilosc}
                </li>
              ))}
            </ul>
          </dd>
        </dl>
        <h2 className="font-semibold">{t.description}</h2>
        <p className="rounded-md border border-gray-200 bg-gray-50 p-3 break-words whitespace-pre-wrap">
          {c.Opis}
        </p>
        {c.Zdjecia.length > 0 && (
          <>
            <h2 className="font-semibold">{t.photos}</h2>
            <ul className="flex flex-wrap gap-3">
              {c.Zdjecia.map((p, i) => (
                <li key={p.Id}>
                  <a href={p.Url} target="_blank" rel="noreferrer" className="block">
                    <img
                      src={p.Url}
                      alt={t.photoAlt(i + 1)}
                      className="h-32 w-32 rounded border object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 className="font-semibold">{t.history}</h2>
        <ol className="list-decimal pl-5">
          {c.Historia.map((h) => (
            <li key={`${h.Stan}-${h.Data}`}>
              {formatDateTime(h.Data)}: {COMPLAINT_STATE_LABELS[h.Stan]}
              {h.Powod && ` — ${h.Powod}`}
            </li>
          ))}
        </ol>
      </section>
      {steps.length > 0 && (
        <section className="card space-y-3" aria-labelledby={`${id}-next`}>
          <h2 id={`${id}-next`} className="font-semibold">
            {t.nextStep}
          </h2>
          {c.Kroki.includes('odrzucona') && (
            <div className="grid gap-1">
              <label htmlFor={`${id}-powod`} className="font-semibold">
                {t.reason}
              </label>
              <textarea
                id={`${id}-powod`}
                className="input min-h-24"
                value={reason}
                maxLength={2000}
                aria-describedby={`${id}-powod-hint`}
                aria-invalid={fields.Powod ? true : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              <span id={`${id}-powod-hint`} className="text-sm text-muted">
                {fields.Powod || t.reasonHint}
              </span>
            </div>
          )}
          {refunding && (reduction || c.ZwrotPrzelewem) && (
            <fieldset className="space-y-2 rounded-md border border-gray-200 p-3">
              <legend className="px-1 font-semibold">{ui.returns.refundLegend}</legend>
              {reduction && (
                <LabeledInput
                  id={`${id}-kwota`}
                  label={t.reductionAmount}
                  inputMode="decimal"
                  className="field max-w-40"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-invalid={fields.Kwota ? true : undefined}
                  aria-describedby={fields.Kwota ? `${id}-kwota-error` : undefined}
                >
                  {fields.Kwota && (
                    <p id={`${id}-kwota-error`} className="mt-1 text-sm text-danger">
                      {fields.Kwota}
                    </p>
                  )}
                </LabeledInput>
              )}
              {c.ZwrotPrzelewem && (
                <BankAccountField
                  id={`${id}-konto`}
                  value={account}
                  onChange={setAccount}
                  error={fields.NrKonta}
                />
              )}
            </fieldset>
          )}
          <div className="flex flex-wrap gap-3">
            {steps.map((to) => (
              <button key={to} type="button" className="btn-primary" onClick={() => setAsked(to)}>
                {t.stepButton(COMPLAINT_STATE_LABELS[to])}
              </button>
            ))}
          </div>
        </section>
      )}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t.confirmTitle(COMPLAINT_STATE_LABELS[asked]) : ''}
        confirmLabel={t.confirm}
        onConfirm={() => asked && take(asked)}
        onCancel={() => setAsked(null)}
      >
        <p>{t.confirmText(c.Email)}</p>
      </ConfirmDialog>
    </div>
  );
};
