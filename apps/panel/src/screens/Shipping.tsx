import {
  PanelShippingCreateSchema,
  type PanelShippingOption,
  PanelShippingUpdateSchema,
} from '@club/contract';
import type { FormEvent, Ref } from 'react';
import { useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { CheckField } from '../components/CheckField.tsx';
import { EditForm, EditRemoveButtons, MoveButtons, NewForm, RemoveDialog } from '../components/CrudParts.tsx';
import type { FieldErrors } from '../components/FieldError.tsx';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { ResponsiveTable, type RowView } from '../components/ResponsiveTable.tsx';
import { useCrud } from '../components/useCrud.ts';
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

/** The fields of one option as the form sends them (the same for a new one and a change). */
const readForm = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return {
    Tresc: String(data.get('tresc') ?? ''),
    Cena: parsePrice(data.get('cena')),
    PlatnoscPrzyOdbiorze: data.get('pobranie') === 'on',
    Paczkomat: data.get('paczkomat') === 'on',
    Elektroniczna: data.get('elektroniczna') === 'on',
    Aktywna: data.get('aktywna') === 'on',
  };
};

/** Name, price and the three switches; `current` fills them in for a change. */
const ShippingFields = ({
  prefix,
  errors,
  current,
  nameRef,
}: {
  /** The form's id: `${screen id}-create` or `-edit`. */
  prefix: string;
  errors: FieldErrors;
  current?: PanelShippingOption;
  nameRef?: Ref<HTMLInputElement>;
}) => {
  const check = (name: string, label: string, hint: string, checked: boolean, error?: string) => (
    <CheckField
      id={`${prefix}-${name}`}
      name={name}
      label={label}
      hint={hint}
      checked={checked}
      error={error}
    />
  );
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          <label htmlFor={`${prefix}-tresc`} className="mb-1 block font-semibold">
            {t.name}
          </label>
          <input
            ref={nameRef}
            id={`${prefix}-tresc`}
            name="tresc"
            className="field"
            maxLength={100}
            required
            defaultValue={current?.Tresc ?? ''}
            {...errors.described('Tresc')}
          />
          {errors.error('Tresc')}
        </div>
        <div>
          <label htmlFor={`${prefix}-cena`} className="mb-1 block font-semibold">
            {t.price}
          </label>
          <input
            id={`${prefix}-cena`}
            name="cena"
            inputMode="decimal"
            className="field"
            required
            defaultValue={current ? current.Cena.toFixed(2).replace('.', ',') : ''}
            {...errors.described('Cena')}
          />
          {errors.error('Cena')}
        </div>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        {check(
          'pobranie',
          t.cod,
          t.codHint,
          current?.PlatnoscPrzyOdbiorze ?? false,
          errors.message('PlatnoscPrzyOdbiorze'),
        )}
        {check('paczkomat', t.locker, t.lockerHint, current?.Paczkomat ?? false)}
        {check('elektroniczna', t.electronic, t.electronicHint, current?.Elektroniczna ?? false)}
        {check('aktywna', t.active, t.activeHint, current?.Aktywna ?? true)}
      </div>
    </>
  );
};

const yesNo = (v: boolean) => (v ? t.yes : t.no);

/**
 * The club's shipping options: name, price, cash on delivery allowed, parcel
 * locker, active; create, edit, reorder with buttons that keep the focus, delete unused ones.
 */
export const Shipping = () => {
  const list = useLoaderData<typeof shippingLoader>();
  const options = list.Items;
  const crud = useCrud({ rows: options, nameOf: (o) => o.Tresc, t });
  const { id, busy, error, notice, editing } = crud;

  const create = (event: FormEvent<HTMLFormElement>) =>
    crud.create(event, PanelShippingCreateSchema, readForm, (body) =>
      api.call('panelShippingCreate', { body }),
    );

  const save = (event: FormEvent<HTMLFormElement>) =>
    crud.save(
      event,
      PanelShippingUpdateSchema,
      (o, form) => {
        const next = readForm(form);
        return Object.fromEntries(
          Object.entries(next).filter(([k, v]) => o[k as keyof typeof next] !== v),
        ) as Partial<typeof next>;
      },
      (o, body) => api.call('panelShippingUpdate', { params: { id: o.Id }, body }),
    );

  const move = (o: PanelShippingOption, by: -1 | 1) =>
    crud.move(o, by, options, (order) => api.call('panelShippingReorder', { body: { Kolejnosc: order } }));

  const remove = () => crud.remove((o) => api.call('panelShippingDelete', { params: { id: o.Id } }));

  const keepIn = (o: PanelShippingOption, view: RowView) => (button: string) =>
    crud.keep(`${o.Id}:${button}`, view);

  const moveButtons = (o: PanelShippingOption, view: RowView) => (
    <div className="flex gap-2">
      <MoveButtons
        t={t}
        name={o.Tresc}
        first={options[0]?.Id === o.Id}
        last={options[options.length - 1]?.Id === o.Id}
        busy={busy}
        keep={keepIn(o, view)}
        onMove={(by) => move(o, by)}
      />
    </div>
  );

  const actionButtons = (o: PanelShippingOption, view: RowView) => (
    // Side by side in the table (the column takes their width); a narrow card may wrap them.
    <div className={`flex gap-2 ${view === 'card' ? 'flex-wrap' : ''}`}>
      <EditRemoveButtons
        t={t}
        name={o.Tresc}
        open={editing?.Id === o.Id}
        keep={keepIn(o, view)}
        onEdit={() => crud.setEditing(o)}
        // Used in orders: it stays for their history; switching it off takes it out of the shop.
        onRemove={o.LiczbaZamowien === 0 ? () => crud.setRemoving(o) : undefined}
      />
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

      <EditForm crud={crud} t={t} title={(o) => t.editTitle(o.Tresc)} onSubmit={save}>
        {(o) => (
          <ShippingFields
            prefix={`${id}-edit`}
            errors={crud.errorsOf('edit')}
            current={o}
            nameRef={crud.editName}
          />
        )}
      </EditForm>

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
              { label: t.electronicColumn, cell: (o) => yesNo(o.Elektroniczna) },
              { label: t.active, cell: (o) => yesNo(o.Aktywna) },
              { label: t.orders, numeric: true, cell: (o) => String(o.LiczbaZamowien) },
              { label: t.order, cell: moveButtons },
              { label: t.actions, cell: actionButtons },
            ]}
          />
        )}
      </div>

      <NewForm crud={crud} t={t} onSubmit={create}>
        <ShippingFields prefix={`${id}-create`} errors={crud.errorsOf('create')} />
      </NewForm>

      <RemoveDialog
        t={t}
        row={crud.removing}
        nameOf={(o) => o.Tresc}
        onConfirm={remove}
        onCancel={() => crud.setRemoving(null)}
      />
    </div>
  );
};
