import { MAX_PRODUCT_OPTIONS, type PanelProduct, type VatRate, variantName } from '@club/contract';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FieldErrors } from '../components/FieldError.tsx';
import { ui } from '../texts.ts';
import { newParamKey, type Param, parseNumber, productFieldsOf } from './ProductParts.tsx';

const t = ui.product;

/** An option as the form holds it: its values as typed, separated by commas. */
export type Opt = { key: number; Nazwa: string; Wartosci: string };

export const optionsOf = (p: PanelProduct | null): Opt[] =>
  (p?.Opcje ?? []).map((o) => ({ key: newParamKey(), Nazwa: o.Nazwa, Wartosci: o.Wartosci.join(', ') }));

export const valuesOf = (o: Opt): string[] => [
  ...new Set(
    o.Wartosci.split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/** The product input from the form, its rich text, parameters and options (validated by the caller). */
export const productInputOf = (form: FormData, description: string, params: Param[], options: Opt[]) => {
  const category = String(form.get('kategoria') ?? '');
  const limit = String(form.get('limit') ?? '').trim();
  const customerLimit = String(form.get('limitNaOsobe') ?? '').trim();
  return {
    Nazwa: String(form.get('nazwa') ?? ''),
    ...productFieldsOf(form),
    OpisDodatkowy: description || null,
    CenaBrutto: parseNumber(String(form.get('cena') ?? '')),
    Bezplatny: form.get('bezplatny') === 'on',
    KategoriaId: category ? Number(category) : null,
    WymagajWybraniaParametru: form.get('wymagaj') === 'on',
    WydarzenieWTerminie: form.get('wydarzenie') === 'on',
    Personalizowany: form.get('personalizowany') === 'on',
    KartaPodarunkowa: form.get('kartaPodarunkowa') === 'on',
    StawkaVat: String(form.get('vat') ?? '') as VatRate,
    Stan: params.length ? 0 : parseNumber(String(form.get('stan') ?? '0')),
    // Empty: the club's limit.
    LimitSztuk: limit === '' ? null : parseNumber(limit),
    LimitNaOsobe: customerLimit === '' ? null : parseNumber(customerLimit),
    EdycjaNumerowana: form.get('numerowana') === 'on',
    Opcje: options.map((o) => ({ Nazwa: o.Nazwa.trim(), Wartosci: valuesOf(o) })),
    Parametry: params.map((p) => ({
      ...(p.Id && { Id: p.Id }),
      Nazwa: p.Nazwa,
      Stan: parseNumber(p.Stan),
      Wartosci: options.length ? p.Wartosci : [],
      Sku: p.Sku,
      Ean: p.Ean,
      CenaBrutto: p.Cena.trim() === '' ? null : parseNumber(p.Cena),
    })),
  };
};

/** Every combination of the options' values, in their order (the first option varies slowest). */
const combinations = (options: Opt[]): string[][] =>
  options.reduce<string[][]>((acc, o) => acc.flatMap((c) => valuesOf(o).map((v) => [...c, v])), [[]]);

const keyOf = (values: string[]) => values.map((v) => v.toLocaleLowerCase('pl')).join('\u0000');

/**
 * The options (Rozmiar, Kolor, Wersja) and the grid of their combinations, each with its stock, SKU,
 * EAN and own price. The grid follows the options as they are typed; a combination that goes and
 * comes back (a value retyped) gets its row back with its Id, so carts and orders keep pointing at it.
 */
export const ProductVariants = ({
  id,
  options,
  setOptions,
  params,
  setParams,
  errors,
}: {
  id: string;
  options: Opt[];
  setOptions: (next: Opt[]) => void;
  params: Param[];
  setParams: (update: (ps: Param[]) => Param[]) => void;
  errors: FieldErrors;
}) => {
  const seen = useRef(new Map<string, Param>());
  const productId = useParams().id;
  // A plain parameter (a size without options yet) is the combination of its name alone: turning
  // sizes into an option "Rozmiar" keeps their rows, stock and Ids.
  for (const p of params) seen.current.set(keyOf(p.Wartosci.length ? p.Wartosci : [p.Nazwa]), p);
  const [bulk, setBulk] = useState('');

  const change = (next: Opt[]) => {
    setOptions(next);
    const combos = next.length ? combinations(next) : [];
    setParams(() =>
      combos
        .map(
          (values) =>
            seen.current.get(keyOf(values)) ?? {
              key: newParamKey(),
              Nazwa: variantName(values),
              Stan: '0',
              Wartosci: values,
              Sku: '',
              Ean: '',
              Cena: '',
            },
        )
        .map((p, i) => ({ ...p, Wartosci: combos[i]!, Nazwa: variantName(combos[i]!) })),
    );
  };
  const updateOption = (key: number, patch: Partial<Opt>) =>
    change(options.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const addOption = () => {
    const key = newParamKey();
    // The first option starts with the plain parameters' names as its values.
    const first =
      options.length === 0
        ? params
            .map((p) => p.Nazwa.trim())
            .filter(Boolean)
            .join(', ')
        : '';
    change([...options, { key, Nazwa: '', Wartosci: first }]);
    requestAnimationFrame(() => document.getElementById(`${id}-option-${key}`)?.focus());
  };
  const removeOption = (key: number) => {
    change(options.filter((o) => o.key !== key));
    requestAnimationFrame(() => document.getElementById(`${id}-add-option`)?.focus());
  };
  const updateParam = (key: number, patch: Partial<Param>) =>
    setParams((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const indexOf = (p: Param) => params.indexOf(p);
  const cellInput = (p: Param, field: 'Stan' | 'Sku' | 'Ean' | 'Cena', label: string) => {
    const path = `Parametry.${indexOf(p)}.${field === 'Cena' ? 'CenaBrutto' : field}`;
    const inputId = `${id}-${field}-${p.key}`;
    return (
      <div className="min-w-0">
        <label htmlFor={inputId} className="mb-1 block text-sm">
          {label}
          <span className="sr-only"> ({p.Nazwa})</span>
        </label>
        <input
          id={inputId}
          value={p[field]}
          inputMode={
            field === 'Stan' || field === 'Ean' ? 'numeric' : field === 'Cena' ? 'decimal' : undefined
          }
          onChange={(e) => updateParam(p.key, { [field]: e.target.value })}
          className="field"
          {...errors.described(path)}
        />
        {errors.error(path)}
      </div>
    );
  };

  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">{t.options}</legend>
      <p id={`${id}-options-hint`} className="text-sm text-muted">
        {t.optionsHint}
      </p>
      {errors.error('Opcje')}
      <ul className="space-y-3">
        {options.map((o, i) => (
          <li key={o.key} className="grid gap-2 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start">
            <div>
              <label htmlFor={`${id}-option-${o.key}`} className="mb-1 block text-sm font-semibold">
                {t.optionName(i + 1)}
              </label>
              <input
                id={`${id}-option-${o.key}`}
                list={`${id}-option-names`}
                value={o.Nazwa}
                maxLength={40}
                onChange={(e) => updateOption(o.key, { Nazwa: e.target.value })}
                className="field"
                {...errors.described(`Opcje.${i}.Nazwa`)}
              />
              {errors.error(`Opcje.${i}.Nazwa`)}
            </div>
            <div>
              <label htmlFor={`${id}-values-${o.key}`} className="mb-1 block text-sm font-semibold">
                {t.optionValues(o.Nazwa || String(i + 1))}
              </label>
              <input
                id={`${id}-values-${o.key}`}
                value={o.Wartosci}
                onChange={(e) => updateOption(o.key, { Wartosci: e.target.value })}
                className="field"
                {...errors.described(`Opcje.${i}.Wartosci`, `${id}-options-hint`)}
              />
              {errors.error(`Opcje.${i}.Wartosci`)}
            </div>
            <button
              type="button"
              aria-label={t.removeOption(o.Nazwa || String(i + 1))}
              className="btn border border-danger bg-white px-2 text-danger sm:mt-6"
              onClick={() => removeOption(o.key)}
            >
              {t.removeParameterShort}
            </button>
          </li>
        ))}
      </ul>
      <datalist id={`${id}-option-names`}>
        {t.optionSuggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {options.length < MAX_PRODUCT_OPTIONS && (
        <button id={`${id}-add-option`} type="button" className="btn-secondary" onClick={addOption}>
          {t.addOption}
        </button>
      )}
      {options.length > 0 && params.length > 0 && (
        <div className="space-y-3">
          <h3 id={`${id}-variants-title`} className="font-semibold">
            {t.variantsTitle(params.length)}
          </h3>
          {errors.error('Parametry')}
          <div className="flex flex-wrap items-end gap-2">
            <div className="w-40">
              <label htmlFor={`${id}-bulk-stock`} className="mb-1 block text-sm font-semibold">
                {t.bulkStock}
              </label>
              <input
                id={`${id}-bulk-stock`}
                value={bulk}
                inputMode="numeric"
                onChange={(e) => setBulk(e.target.value)}
                className="field"
              />
            </div>
            <button
              type="button"
              className="btn-secondary"
              disabled={bulk.trim() === ''}
              onClick={() => setParams((ps) => ps.map((p) => ({ ...p, Stan: bulk.trim() })))}
            >
              {t.bulkStockApply}
            </button>
          </div>
          {/* One card per variant with visible labels: four fields fit a phone two by two. */}
          <ul aria-labelledby={`${id}-variants-title`} className="space-y-2">
            {params.map((p) => (
              <li key={p.key} className="rounded-md border border-gray-300 p-3">
                <p className="mb-2 flex flex-wrap justify-between gap-2 font-semibold">
                  {p.Nazwa}
                  {/* A saved variant can be put on pre-order (decision 144); its own screen keeps this form small. */}
                  {p.Id && productId && (
                    <Link
                      to={`/przedsprzedaz?produkt=${productId}&wariant=${p.Id}`}
                      className="text-sm font-normal text-primary underline"
                    >
                      {ui.preorders.variantLink}
                      <span className="sr-only">: {p.Nazwa}</span>
                    </Link>
                  )}
                </p>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {cellInput(p, 'Stan', t.parameterStockColumn)}
                  {cellInput(p, 'Sku', t.variantSku)}
                  {cellInput(p, 'Ean', t.variantEan)}
                  {cellInput(p, 'Cena', t.variantPrice)}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
};
