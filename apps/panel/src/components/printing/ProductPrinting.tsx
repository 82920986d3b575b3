import { type PanelPrinting, PanelPrintingSchema } from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { api } from '../../api.ts';
import { ui } from '../../texts.ts';
import { CheckField } from '../CheckField.tsx';
import { fieldErrors } from '../FieldError.tsx';
import { LabeledInput } from '../LabeledInput.tsx';
import { ErrorBox, NoticeBox } from '../PageTitle.tsx';
import { useAction } from '../useAction.ts';

const t = ui.printing;
const zl = (v: FormDataEntryValue | null) => Number(String(v ?? '').replace(',', '.'));

/** A product's name-and-number printing (decision 143): prices, letter limit, squad presets. */
export const ProductPrinting = ({ productId, initial }: { productId: number; initial: PanelPrinting }) => {
  const id = useId();
  const action = useAction({ fieldsHint: t.fixErrors });
  const [saved, setSaved] = useState(initial);
  const f = fieldErrors(id, action.fields);

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const flat = String(d.get('CenaStala') ?? '').trim();
    const body = {
      Wlaczony: d.get('Wlaczony') === 'on',
      CenaZaLitere: zl(d.get('CenaZaLitere')),
      CenaZaCyfre: zl(d.get('CenaZaCyfre')),
      CenaStala: flat ? zl(flat) : null,
      MaksZnakow: Number(d.get('MaksZnakow')),
      ZawodnicyWlaczeni: d.get('ZawodnicyWlaczeni') === 'on',
      CenaZawodnika: zl(d.get('CenaZawodnika')),
    };
    if (!action.validate(PanelPrintingSchema, body)) return;
    void action.run(
      () => api.call('panelProductPrintingSave', { params: { id: productId }, body }),
      t.saved,
      setSaved,
    );
  };
  const money = (name: keyof PanelPrinting, label: string, value: number | null) => (
    <LabeledInput
      id={`${id}-${name}`}
      name={name}
      label={label}
      inputMode="decimal"
      defaultValue={value === null ? '' : String(value).replace('.', ',')}
      {...f.described(name)}
    >
      {f.error(name)}
    </LabeledInput>
  );
  return (
    <section className="card space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="text-muted">{t.hint}</p>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>
      <form noValidate onSubmit={save} aria-labelledby={`${id}-title`} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CheckField
            id={`${id}-on`}
            name="Wlaczony"
            label={t.enabled}
            hint={t.enabledHint}
            checked={saved.Wlaczony}
          />
        </div>
        {money('CenaZaLitere', t.perLetter, saved.CenaZaLitere)}
        {money('CenaZaCyfre', t.perDigit, saved.CenaZaCyfre)}
        {money('CenaStala', t.flat, saved.CenaStala)}
        <LabeledInput
          id={`${id}-MaksZnakow`}
          name="MaksZnakow"
          label={t.maxLetters}
          inputMode="numeric"
          defaultValue={String(saved.MaksZnakow)}
          {...f.described('MaksZnakow')}
        >
          {f.error('MaksZnakow')}
        </LabeledInput>
        <div className="sm:col-span-2">
          <CheckField
            id={`${id}-presets`}
            name="ZawodnicyWlaczeni"
            label={t.presets}
            hint={t.presetsHint}
            checked={saved.ZawodnicyWlaczeni}
          />
        </div>
        {money('CenaZawodnika', t.presetPrice, saved.CenaZawodnika)}
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary">
            {action.busy ? t.saving : t.save}
          </button>
        </div>
      </form>
    </section>
  );
};
