import { PanelOrderAddressSchema, type PanelOrderDetail } from '@club/contract';
import { useId, useState } from 'react';
import { api } from '../api.ts';
import { ui } from '../texts.ts';
import { fieldErrors } from './FieldError.tsx';
import { LabeledInput } from './LabeledInput.tsx';
import { ErrorBox, NoticeBox } from './PageTitle.tsx';
import { useAction } from './useAction.ts';
import { useUnsavedGuard } from './useUnsavedGuard.tsx';

const t = ui.corrections;
const ADDRESS_FIELDS = [
  ['Nazwa', 'name'],
  ['UlicaINumer', 'street-address'],
  ['KodPocztowy', 'postal-code'],
  ['Miasto', 'address-level2'],
  ['Telefon', 'tel'],
  ['Email', 'email'],
] as const;

/**
 * Corrections before the order is sent: the delivery address, and its lines' sizes and (unpaid
 * cash on delivery) pieces. The server says what may change (`Poprawki`) and moves the stock.
 */
export const OrderCorrections = ({
  order,
  onChange,
}: {
  order: PanelOrderDetail;
  onChange: (o: PanelOrderDetail) => void;
}) => {
  const id = useId();
  const [editing, setEditing] = useState<'address' | 'lines' | null>(null);
  const [address, setAddress] = useState(order.Adres);
  const [lines, setLines] = useState(() =>
    order.Pozycje.map((l) => ({ Id: l.Id, Ilosc: l.Ilosc, ParametrId: 0 })),
  );
  const { busy, error, notice, fields, run, validate } = useAction();
  const guard = useUnsavedGuard();
  const f = fieldErrors(id, fields);
  if (!order.Poprawki.Adres && !notice) return null;

  const open = (what: 'address' | 'lines') => {
    setAddress(order.Adres);
    setLines(order.Pozycje.map((l) => ({ Id: l.Id, Ilosc: l.Ilosc, ParametrId: 0 })));
    setEditing(what);
  };
  const close = () => {
    guard.saved();
    setEditing(null);
  };
  const saveAddress = () =>
    validate(PanelOrderAddressSchema, address) &&
    run(
      () => api.call('panelOrderAddress', { params: { id: order.Id }, body: address }),
      t.addressSaved,
      (o) => {
        guard.saved();
        onChange(o);
        setEditing(null);
      },
    );
  const saveLines = () =>
    run(
      () =>
        api.call('panelOrderLines', {
          params: { id: order.Id },
          body: {
            Pozycje: lines.map((l) => ({
              Id: l.Id,
              Ilosc: l.Ilosc,
              ...(l.ParametrId > 0 && { ParametrId: l.ParametrId }),
            })),
          },
        }),
      t.linesSaved,
      (o) => {
        guard.saved();
        onChange(o);
        setEditing(null);
      },
    );
  const setLine = (lineId: number, change: Partial<{ Ilosc: number; ParametrId: number }>) =>
    setLines((all) => all.map((l) => (l.Id === lineId ? { ...l, ...change } : l)));
  const canLines =
    order.Poprawki.Ilosci || (order.Poprawki.Rozmiary && order.Pozycje.some((l) => l.Rozmiary.length > 1));

  return (
    <section className="card space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-muted">{t.hint}</p>
      <NoticeBox>{notice}</NoticeBox>
      <ErrorBox>{error}</ErrorBox>
      {editing === null && order.Poprawki.Adres && (
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={() => open('address')}>
            {t.editAddress}
          </button>
          {canLines && (
            <button type="button" className="btn-secondary" onClick={() => open('lines')}>
              {t.editLines}
            </button>
          )}
        </div>
      )}
      {editing === 'address' && (
        <form
          {...guard.watch}
          className="grid gap-3 sm:grid-cols-2"
          aria-label={t.editAddress}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void saveAddress();
          }}
        >
          {ADDRESS_FIELDS.map(([name, autoComplete]) => (
            <LabeledInput
              key={name}
              id={`${id}-${name}`}
              label={t.fields[name]}
              autoComplete={autoComplete}
              value={address[name]}
              onChange={(e) => setAddress((a) => ({ ...a, [name]: e.target.value }))}
              {...f.described(name)}
            >
              {f.error(name)}
            </LabeledInput>
          ))}
          <FormButtons save={t.saveAddress} busy={busy} onCancel={close} wide />
        </form>
      )}
      {editing === 'lines' && (
        <form
          {...guard.watch}
          className="space-y-3"
          aria-label={t.editLines}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void saveLines();
          }}
        >
          {order.Pozycje.map((l) => {
            const edit = lines.find((x) => x.Id === l.Id)!;
            return (
              <fieldset
                key={l.Id}
                className="grid gap-2 rounded-md border border-gray-200 p-3 sm:grid-cols-2"
              >
                <legend className="px-1 font-semibold">
                  {l.Nazwa}
                  {l.Parametr && ` (${l.Parametr})`} × {l.Ilosc}
                </legend>
                {order.Poprawki.Rozmiary && l.Rozmiary.length > 1 && (
                  <div>
                    <label htmlFor={`${id}-size-${l.Id}`} className="mb-1 block font-semibold">
                      {t.size}
                    </label>
                    <select
                      id={`${id}-size-${l.Id}`}
                      className="field"
                      value={edit.ParametrId}
                      onChange={(e) => setLine(l.Id, { ParametrId: Number(e.target.value) })}
                    >
                      <option value={0}>{t.sameSize(l.Parametr ?? '—')}</option>
                      {l.Rozmiary.filter((r) => r.Nazwa !== l.Parametr).map((r) => (
                        <option key={r.Id} value={r.Id} disabled={r.Stan < edit.Ilosc}>
                          {t.sizeOption(r.Nazwa, r.Stan)}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                {order.Poprawki.Ilosci && (
                  <LabeledInput
                    id={`${id}-qty-${l.Id}`}
                    label={t.pieces(l.Ilosc)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.Ilosc}
                    className="field max-w-32"
                    value={edit.Ilosc}
                    onChange={(e) =>
                      setLine(l.Id, { Ilosc: Math.max(0, Math.min(l.Ilosc, Number(e.target.value) || 0)) })
                    }
                  />
                )}
              </fieldset>
            );
          })}
          {!order.Poprawki.Ilosci && <p className="text-sm text-muted">{t.onlySizes}</p>}
          <FormButtons save={t.saveLines} busy={busy} onCancel={close} />
        </form>
      )}
    </section>
  );
};

/** Save and cancel under a correction form. */
const FormButtons = ({
  save,
  busy,
  onCancel,
  wide = false,
}: {
  save: string;
  busy: boolean;
  onCancel: () => void;
  wide?: boolean;
}) => (
  <div className={`flex gap-3${wide ? ' sm:col-span-2' : ''}`}>
    <button type="submit" className="btn-primary" disabled={busy}>
      {save}
    </button>
    <button type="button" className="btn-secondary" onClick={onCancel}>
      {t.cancel}
    </button>
  </div>
);
