import { PRINT_QUEUE_STATES, type PrintQueueLine, SquadSaveSchema } from '@club/contract';
import { type FormEvent, useId } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { formatDateTime } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.printing;
type State = (typeof PRINT_QUEUE_STATES)[number];
const isState = (v: string | null): v is State =>
  !!v && (PRINT_QUEUE_STATES as readonly string[]).includes(v);

export const printQueueLoader = ({ request }: LoaderFunctionArgs) => {
  const s = new URL(request.url).searchParams.get('stan');
  const stan: State = isState(s) ? s : 'do-zrobienia';
  return guarded(async () => {
    const [queue, squad] = await Promise.all([
      api.call('panelPrintQueue', { query: { stan } }),
      api.call('panelSquad'),
    ]);
    return { stan, queue, squad };
  });
};

/** The lines of one order together, in the queue's order. */
const byOrder = (lines: PrintQueueLine[]) => {
  const groups = new Map<number, PrintQueueLine[]>();
  for (const l of lines) groups.set(l.ZamowienieId, [...(groups.get(l.ZamowienieId) ?? []), l]);
  return [...groups.values()];
};

/** /nadruki: the print queue (decision 143), to do / done, marked per line or per order; the club's squad. */
export const PrintQueue = () => {
  const { stan, queue, squad } = useLoaderData<typeof printQueueLoader>();
  const revalidator = useRevalidator();
  const action = useAction();
  const done = stan === 'zrobione';
  const mark = (kind: 'line' | 'order', id: number) =>
    void action.run(
      () =>
        api.call(kind === 'line' ? 'panelPrintQueueMarkLine' : 'panelPrintQueueMarkOrder', {
          params: { id },
          body: { Wydrukowano: !done },
        }),
      done ? t.unmarked : t.marked,
      () => void revalidator.revalidate(),
    );
  return (
    <div className="space-y-5">
      <PageTitle title={t.queueTitle}>{t.queueTitle}</PageTitle>
      <p className="text-muted">{t.queueHint}</p>
      <nav aria-label={t.queueTitle} className="flex gap-2">
        {PRINT_QUEUE_STATES.map((s) => (
          <Link
            key={s}
            to={s === 'do-zrobienia' ? '/nadruki' : `/nadruki?stan=${s}`}
            aria-current={s === stan ? 'page' : undefined}
            className={s === stan ? 'btn-primary' : 'btn-secondary'}
          >
            {s === 'zrobione' ? t.done : t.toDo}
          </Link>
        ))}
      </nav>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      {queue.Pozycje.length === 0 && <p>{t.empty}</p>}
      {byOrder(queue.Pozycje).map((lines) => {
        const first = lines[0]!;
        return (
          <section
            key={first.ZamowienieId}
            className="card space-y-3"
            aria-label={`${t.order} ${first.NumerZamowienia}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">
                <Link to={`/zamowienia/${first.ZamowienieId}`} className="text-primary underline">
                  {t.order} {first.NumerZamowienia}
                </Link>{' '}
                <span className="text-sm font-normal text-muted">
                  {formatDateTime(first.Data)} · {t.status}: {first.Status}
                </span>
              </h2>
              {!done && (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={action.busy}
                  onClick={() => mark('order', first.ZamowienieId)}
                >
                  {t.markOrder(first.NumerZamowienia)}
                </button>
              )}
            </div>
            <ul className="divide-y divide-gray-200">
              {lines.map((l) => (
                <li key={l.Id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                  <div>
                    <p className="text-xl font-bold tracking-wide">{l.Tekst}</p>
                    <p className="text-sm text-muted">
                      {l.Produkt}
                      {l.Wariant ? ` – ${l.Wariant}` : ''} · {t.quantity}: {l.Ilosc}
                      {l.Wydrukowano ? ` · ${formatDateTime(l.Wydrukowano)}` : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={done ? 'btn-secondary' : 'btn-primary'}
                    disabled={action.busy}
                    onClick={() => mark('line', l.Id)}
                  >
                    {done ? t.unmarkLine(l.Tekst) : t.markLine(l.Tekst)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <SquadEditor initial={squad.Zawodnicy.map((p) => `${p.Numer} ${p.Nazwisko}`).join('\n')} />
    </div>
  );
};

/** The club's squad as lines of "number name": short enough to type, the server checks each. */
const SquadEditor = ({ initial }: { initial: string }) => {
  const id = useId();
  const action = useAction();
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('kadra') ?? '');
    const Zawodnicy = [];
    for (const [i, raw] of text.split('\n').entries()) {
      const line = raw.trim();
      if (!line) continue;
      const m = /^(\d{1,2})\s+(.+)$/.exec(line);
      if (!m) return action.fail(t.squadLine(i + 1));
      Zawodnicy.push({ Numer: Number(m[1]), Nazwisko: m[2]! });
    }
    const body = { Zawodnicy };
    const check = SquadSaveSchema.safeParse(body);
    if (!check.success) return action.fail(check.error.issues[0]?.message ?? t.squadLine(1));
    void action.run(() => api.call('panelSquadSave', { body }), t.squadSaved);
  };
  return (
    <section className="card space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.squadTitle}
      </h2>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      <form noValidate onSubmit={save} className="space-y-3">
        <label htmlFor={`${id}-squad`} className="block font-semibold">
          {t.squadLabel}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {t.squadHint}
        </p>
        <textarea
          id={`${id}-squad`}
          name="kadra"
          rows={8}
          className="field font-mono"
          defaultValue={initial}
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" className="btn-primary" disabled={action.busy}>
          {t.squadSave}
        </button>
      </form>
    </section>
  );
};
