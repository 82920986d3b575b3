import type { PanelShippingOption } from '@club/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { api } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { fieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveTable, type RowView } from '../components/ResponsiveTable.tsx';
import { useAction } from '../components/useAction.ts';
import { formatPrice } from '../lib/format.ts';
import { guarded } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.shipping;

export const shippingLoader = () => guarded(() => api.call('panelShipping'));

/** "12,50" or "12.50" → 12.5; anything else is NaN and the server says what is wrong. */
const parsePrice = (v: FormDataEntryValue | null) => {
  const s = String(v ?? '').trim();
  return s === '' ? Number.NaN : Number(s.replace(',', '.'));
};

const smallButton =
  'btn min-h-11 min-w-11 border border-primary bg-white px-3 text-primary hover:bg-primary-light';
const dangerButton = 'btn min-h-11 border border-danger bg-white px-3 text-danger hover:bg-danger-light';

type FormName = 'create' | 'edit';

/** The fields of one option as the form sends them (the same for a new one and a change). */
const readForm = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return {
    Tresc: String(data.get('tresc') ?? ''),
    Cena: parsePrice(data.get('cena')),
    PlatnoscPrzyOdbiorze: data.get('pobranie') === 'on',
    Paczkomat: data.get('paczkomat') === 'on',
    Aktywna: data.get('aktywna') === 'on',
  };
};

/**
 * The club's shipping options: name, price, cash on delivery allowed, parcel
 * locker, active; create, edit, reorder with buttons that keep the focus, delete unused ones.
 */
export const Shipping = () => {
  const list = useLoaderData<typeof shippingLoader>();
  const options = list.Items;
  const revalidator = useRevalidator();
  const { busy, error, notice, fields, run, setNotice } = useAction();
  const id = useId();
  const [editing, setEditing] = useState<PanelShippingOption | null>(null);
  const [removing, setRemoving] = useState<PanelShippingOption | null>(null);
  const [fieldsOf, setFieldsOf] = useState<FormName | null>(null);
  const buttons = useRef(new Map<string, HTMLElement>());
  const editName = useRef<HTMLInputElement>(null);
  // The control that gets the focus back once the list is reloaded (a moved row's arrow...).
  const focusNext = useRef<string | null>(null);

  const keep = (key: string) => (el: HTMLElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reload of the list and after the edit form closes
  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    // Cards and table are both in the page, one of them hidden: focus the one that is shown.
    const el = (['card', 'table'] as const)
      .map((view) => buttons.current.get(`${view}:${key}`))
      .find((b) => b && b.offsetParent !== null);
    if (!el) return;
    focusNext.current = null;
    el.focus();
  }, [options, editing]);

  useEffect(() => {
    if (editing) editName.current?.focus();
  }, [editing]);

  const reload = () => revalidator.revalidate();

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = readForm(form);
    setFieldsOf('create');
    const ok = await run(
      async () => {
        const created = await api.call('panelShippingCreate', { body });
        await reload();
        return created;
      },
      (o) => t.created(o.Tresc),
    );
    if (ok) form.reset();
  };

  const closeEdit = (o: PanelShippingOption) => {
    focusNext.current = `${o.Id}:edit`;
    setEditing(null);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const o = editing;
    const next = readForm(event.currentTarget);
    // Only what changed is sent: the audit log then lists just that.
    const body = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => o[k as keyof typeof next] !== v),
    ) as Partial<typeof next>;
    setFieldsOf('edit');
    const ok = await run(
      async () => {
        const saved = Object.keys(body).length
          ? await api.call('panelShippingUpdate', { params: { id: o.Id }, body })
          : o;
        await reload();
        return saved;
      },
      (saved) => t.saved(saved.Tresc),
    );
    if (ok) closeEdit(o);
  };

  const move = (o: PanelShippingOption, by: -1 | 1) => {
    const from = options.findIndex((s) => s.Id === o.Id);
    const to = from + by;
    if (to < 0 || to >= options.length) {
      setNotice(by < 0 ? t.alreadyFirst(o.Tresc) : t.alreadyLast(o.Tresc));
      return;
    }
    const order = options.map((s) => s.Id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    focusNext.current = `${o.Id}:${by < 0 ? 'up' : 'down'}`;
    void run(
      async () => {
        await api.call('panelShippingReorder', { body: { Kolejnosc: order } });
        await reload();
      },
      t.moved(o.Tresc, to + 1, options.length),
    );
  };

  const remove = async () => {
    const o = removing;
    if (!o) return;
    setRemoving(null);
    const ok = await run(async () => {
      await api.call('panelShippingDelete', { params: { id: o.Id } });
      await reload();
    }, t.removed(o.Tresc));
    if (ok) document.querySelector<HTMLElement>('main h1')?.focus();
  };

  /** Field messages go to the form that was sent. */
  const errorsOf = (form: FormName) => fieldErrors(`${id}-${form}`, fieldsOf === form ? fields : {});
  const fieldError = (form: FormName, name: string) => errorsOf(form).error(name);
  const invalid = (form: FormName, name: string) => errorsOf(form).described(name);

  /** Name, price and the three switches; `current` fills them in for a change. */
  const formFields = (form: FormName, current?: PanelShippingOption) => {
    const check = (name: string, label: string, hint: string, checked: boolean) => (
      <div className="flex items-start gap-3">
        <input
          id={`${id}-${form}-${name}`}
          name={name}
          type="checkbox"
          defaultChecked={checked}
          aria-describedby={`${id}-${form}-${name}-hint`}
          className="mt-1 size-5 shrink-0 accent-primary"
        />
        <div>
          <label htmlFor={`${id}-${form}-${name}`} className="font-semibold">
            {label}
          </label>
          <p id={`${id}-${form}-${name}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        </div>
      </div>
    );
    return (
      <>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <div>
            <label htmlFor={`${id}-${form}-tresc`} className="mb-1 block font-semibold">
              {t.name}
            </label>
            <input
              ref={form === 'edit' ? editName : undefined}
              id={`${id}-${form}-tresc`}
              name="tresc"
              className="field"
              maxLength={100}
              required
              defaultValue={current?.Tresc ?? ''}
              {...invalid(form, 'Tresc')}
            />
            {fieldError(form, 'Tresc')}
          </div>
          <div>
            <label htmlFor={`${id}-${form}-cena`} className="mb-1 block font-semibold">
              {t.price}
            </label>
            <input
              id={`${id}-${form}-cena`}
              name="cena"
              inputMode="decimal"
              className="field"
              required
              defaultValue={current ? current.Cena.toFixed(2).replace('.', ',') : ''}
              {...invalid(form, 'Cena')}
            />
            {fieldError(form, 'Cena')}
          </div>
        </div>
        <div className="grid gap-3 lg:grid-cols-3">
          {check('pobranie', t.cod, t.codHint, current?.PlatnoscPrzyOdbiorze ?? false)}
          {check('paczkomat', t.locker, t.lockerHint, current?.Paczkomat ?? false)}
          {check('aktywna', t.active, t.activeHint, current?.Aktywna ?? true)}
        </div>
      </>
    );
  };

  const yesNo = (v: boolean) => (v ? t.yes : t.no);

  const moveButtons = (o: PanelShippingOption, view: RowView) => {
    const first = options[0]?.Id === o.Id;
    const last = options[options.length - 1]?.Id === o.Id;
    return (
      <div className="flex gap-2">
        {/* aria-disabled, not disabled: the focus stays on an arrow that reached the end. */}
        <button
          ref={keep(`${view}:${o.Id}:up`)}
          type="button"
          className={`${smallButton} ${first ? 'opacity-60' : ''}`}
          aria-disabled={first || busy}
          aria-label={t.forRow(t.up, o.Tresc)}
          title={t.up}
          onClick={() => move(o, -1)}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          ref={keep(`${view}:${o.Id}:down`)}
          type="button"
          className={`${smallButton} ${last ? 'opacity-60' : ''}`}
          aria-disabled={last || busy}
          aria-label={t.forRow(t.down, o.Tresc)}
          title={t.down}
          onClick={() => move(o, 1)}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </div>
    );
  };

  const actionButtons = (o: PanelShippingOption, view: RowView) => (
    // Side by side in the table (the column takes their width); a narrow card may wrap them.
    <div className={`flex gap-2 ${view === 'card' ? 'flex-wrap' : ''}`}>
      <button
        ref={keep(`${view}:${o.Id}:edit`)}
        type="button"
        className={smallButton}
        aria-label={t.forRow(t.edit, o.Tresc)}
        aria-expanded={editing?.Id === o.Id}
        onClick={() => setEditing(o)}
      >
        {t.edit}
      </button>
      {/* Used in orders: it stays for their history; switching it off takes it out of the shop. */}
      {o.LiczbaZamowien === 0 && (
        <button
          type="button"
          className={dangerButton}
          aria-label={t.forRow(t.remove, o.Tresc)}
          onClick={() => setRemoving(o)}
        >
          {t.remove}
        </button>
      )}
    </div>
  );

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">
        {t.intro} {t.inUseHint}
      </p>

      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>

      {editing && (
        <form
          key={editing.Id}
          onSubmit={save}
          noValidate
          aria-labelledby={`${id}-edit`}
          className="card space-y-4 border-2 border-primary"
        >
          <h2 id={`${id}-edit`} className="text-lg font-semibold break-words">
            {t.editTitle(editing.Tresc)}
          </h2>
          {formFields('edit', editing)}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" aria-busy={busy}>
              {t.save}
            </button>
            <button type="button" className="btn-secondary" onClick={() => closeEdit(editing)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}

      {/* Not a region of its own: the table's scroll region already carries the list's name. */}
      <div className="space-y-3">
        <h2 id={`${id}-list`} className="text-lg font-semibold">
          {t.list}
        </h2>
        {options.length === 0 ? (
          <p className="card">{t.empty}</p>
        ) : (
          <ResponsiveTable
            label={t.list}
            labelledBy={`${id}-list`}
            minWidth="min-w-[56rem]"
            rows={options}
            rowKey={(o) => o.Id}
            columns={[
              {
                label: t.name,
                cell: (o) => (
                  <>
                    <span className="shipping-name">{o.Tresc}</span>
                    {!o.Aktywna && (
                      <span className="ml-2 rounded bg-gray-200 px-2 py-0.5 text-sm font-normal text-ink">
                        {t.inactive}
                      </span>
                    )}
                  </>
                ),
              },
              { label: t.priceColumn, numeric: true, cell: (o) => formatPrice(o.Cena) },
              { label: t.cod, cell: (o) => yesNo(o.PlatnoscPrzyOdbiorze) },
              { label: t.locker, cell: (o) => yesNo(o.Paczkomat) },
              { label: t.active, cell: (o) => yesNo(o.Aktywna) },
              { label: t.orders, numeric: true, cell: (o) => String(o.LiczbaZamowien) },
              { label: t.order, cell: moveButtons },
              { label: t.actions, cell: actionButtons },
            ]}
          />
        )}
      </div>

      <form onSubmit={create} noValidate aria-labelledby={`${id}-new`} className="card space-y-4">
        <h2 id={`${id}-new`} className="text-lg font-semibold">
          {t.newTitle}
        </h2>
        {formFields('create')}
        <button type="submit" className="btn-primary" aria-busy={busy}>
          {t.create}
        </button>
      </form>

      <ConfirmDialog
        open={removing !== null}
        title={removing ? t.removeTitle(removing.Tresc) : ''}
        confirmLabel={t.remove}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        <p>{t.removeText}</p>
      </ConfirmDialog>
    </div>
  );
};
