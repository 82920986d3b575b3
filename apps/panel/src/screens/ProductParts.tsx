import {
  defaultVatRate,
  type PanelProduct,
  PRODUCT_FIELDS,
  type ProductStatusChange,
  productStatusLabel,
  VAT_RATES,
  type VatRate,
  vatRateLabel,
} from '@club/contract';
import { useState } from 'react';
import type { FieldErrors } from '../components/FieldError.tsx';
import { ui } from '../texts.ts';

const t = ui.product;

/** A parameter as the form holds it; with options a variant (its values, codes and own price as typed). */
export type Param = {
  key: number;
  Id?: number;
  Nazwa: string;
  Stan: string;
  Wartosci: string[];
  Sku: string;
  Ean: string;
  Cena: string;
};
let nextKey = 1;
export const newParamKey = () => nextKey++;
export const paramsOf = (p: PanelProduct | null): Param[] =>
  (p?.Parametry ?? []).map((x) => ({
    key: nextKey++,
    Id: x.Id,
    Nazwa: x.Nazwa,
    Stan: String(x.Stan),
    Wartosci: x.Wartosci,
    Sku: x.Sku,
    Ean: x.Ean,
    Cena: x.CenaBrutto === null ? '' : String(x.CenaBrutto).replace('.', ','),
  }));

/** "12,50" or "12.50" → 12.5; anything else is NaN and the schema says what is wrong. */
export const parseNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.trim().replace(',', '.')));

/** The descriptive fields' values as the form holds them, for the product input. */
export const productFieldsOf = (form: FormData) =>
  Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.key, String(form.get(f.key) ?? '')])) as Record<
    (typeof PRODUCT_FIELDS)[number]['key'],
    string
  >;

/**
 * The descriptive fields (packages/contract/src/product-field-list.ts), each with its label and hint:
 * the plain ones, or with `safety` the product safety data (rendered in their own fieldset).
 */
export const ProductFields = ({
  id,
  product,
  errors,
  safety = false,
}: {
  id: string;
  product: PanelProduct | null;
  errors: FieldErrors;
  safety?: boolean;
}) =>
  PRODUCT_FIELDS.filter((f) => 'safety' in f === safety).map((f) => {
    const hintId = f.panel.hint ? `${id}-${f.key}-hint` : undefined;
    const props = {
      id: `${id}-${f.key}`,
      name: f.key,
      defaultValue: product?.[f.key] ?? '',
      maxLength: f.maxLength,
      className: 'field',
      ...errors.described(f.key, hintId),
    };
    return (
      <div key={f.key}>
        <label htmlFor={props.id} className="mb-1 block font-semibold">
          {f.panel.label}
        </label>
        {f.panel.rows > 1 ? <textarea rows={f.panel.rows} {...props} /> : <input {...props} />}
        {errors.error(f.key)}
        {hintId && (
          <p id={hintId} className="mt-1 text-sm text-muted">
            {f.panel.hint}
          </p>
        )}
      </div>
    );
  });

/**
 * The VAT rate: until the manager picks one it follows the default (8 % for a dated event ticket,
 * else 23 %), so ticking the ticket box moves it.
 */
export const VatRateSelect = ({
  id,
  product,
  datedEvent,
  errors,
}: {
  id: string;
  product: PanelProduct | null;
  datedEvent: boolean;
  errors: FieldErrors;
}) => {
  const [chosen, setChosen] = useState<VatRate | null>(product?.StawkaVat ?? null);
  return (
    <div>
      <label htmlFor={`${id}-vat`} className="mb-1 block font-semibold">
        {t.vatRate}
      </label>
      <select
        id={`${id}-vat`}
        name="vat"
        value={chosen ?? defaultVatRate(datedEvent)}
        onChange={(e) => setChosen(e.target.value as VatRate)}
        className="field w-40"
        {...errors.described('StawkaVat', `${id}-vat-hint`)}
      >
        {VAT_RATES.map((r) => (
          <option key={r} value={r}>
            {vatRateLabel[r]}
          </option>
        ))}
      </select>
      {errors.error('StawkaVat')}
      <p id={`${id}-vat-hint`} className="mt-1 text-sm text-muted">
        {t.vatRateHint}
      </p>
    </div>
  );
};

/**
 * The gross price and the "Bezpłatny" box: ticking it sets the price to 0 and locks it (the
 * contract refuses 0 zł without the box, and a price with it).
 */
export const PriceField = ({
  id,
  product,
  errors,
}: {
  id: string;
  product: PanelProduct | null;
  errors: FieldErrors;
}) => {
  const [free, setFree] = useState(product?.Bezplatny ?? false);
  const [price, setPrice] = useState(product ? product.CenaBrutto.toFixed(2).replace('.', ',') : '');
  return (
    <div>
      <label htmlFor={`${id}-CenaBrutto`} className="mb-1 block font-semibold">
        {t.price}
      </label>
      <input
        id={`${id}-CenaBrutto`}
        name="cena"
        inputMode="decimal"
        value={free ? '0,00' : price}
        onChange={(e) => setPrice(e.target.value)}
        readOnly={free}
        required
        className={`field ${free ? 'bg-gray-100' : ''}`}
        {...errors.described('CenaBrutto', `${id}-bezplatny-hint`)}
      />
      {errors.error('CenaBrutto')}
      <div className="mt-2 flex items-start gap-2">
        <input
          id={`${id}-bezplatny`}
          name="bezplatny"
          type="checkbox"
          checked={free}
          onChange={(e) => setFree(e.target.checked)}
          aria-describedby={`${id}-bezplatny-hint`}
          className="mt-0.5 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={`${id}-bezplatny`}>{t.free}</label>
      </div>
      <p id={`${id}-bezplatny-hint`} className="mt-1 text-sm text-muted">
        {t.freeHint}
      </p>
    </div>
  );
};

/** Name, stock, remove: the same columns in the heading row and in every parameter's row. */
const paramRow =
  'grid grid-cols-[minmax(0,1fr)_5rem_4.5rem] gap-2 sm:grid-cols-[minmax(0,1fr)_9rem_5rem] sm:gap-3';

/** The product's status and the buttons that change it; a draft says it is not in the shop yet. */
export const ProductStatusBar = ({
  id,
  status,
  onStatus,
}: {
  id: string;
  status: PanelProduct['Status'];
  onStatus: (status: ProductStatusChange) => void;
}) => (
  <section className="card flex flex-wrap items-center gap-3" aria-labelledby={`${id}-status`}>
    <h2 id={`${id}-status`} className="font-semibold">
      {t.status}: {productStatusLabel[status]}
    </h2>
    {status === 'draft' && <p className="basis-full text-sm text-muted sm:order-last">{t.draftHint}</p>}
    {status !== 'active' && (
      <button
        type="button"
        className={status === 'draft' ? 'btn-primary' : 'btn-secondary'}
        onClick={() => onStatus('active')}
      >
        {status === 'draft' ? t.publish : t.show}
      </button>
    )}
    {status === 'active' && (
      <button type="button" className="btn-secondary" onClick={() => onStatus('hidden')}>
        {t.hide}
      </button>
    )}
    {status !== 'archived' && (
      <button
        type="button"
        className="btn border border-danger bg-white text-danger"
        onClick={() => onStatus('archived')}
      >
        {t.archive}
      </button>
    )}
  </section>
);

/** The parameters (sizes...) with their own stock; with none the product has one stock field. */
export const ProductParameters = ({
  id,
  params,
  setParams,
  requireChecked,
  errors,
}: {
  id: string;
  params: Param[];
  setParams: (update: (ps: Param[]) => Param[]) => void;
  requireChecked: boolean;
  errors: FieldErrors;
}) => {
  const updateParam = (key: number, patch: Partial<Param>) =>
    setParams((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const addParam = () => {
    const key = newParamKey();
    setParams((ps) => [...ps, { key, Nazwa: '', Stan: '0', Wartosci: [], Sku: '', Ean: '', Cena: '' }]);
    // The new row's name field takes the focus, so a keyboard user types straight into it.
    requestAnimationFrame(() => document.getElementById(`${id}-param-${key}`)?.focus());
  };
  const removeParam = (key: number) => {
    setParams((ps) => ps.filter((p) => p.key !== key));
    requestAnimationFrame(() => document.getElementById(`${id}-add-param`)?.focus());
  };
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">{t.parameters}</legend>
      <p className="text-sm text-muted">{t.parametersHint}</p>
      {params.length > 0 && (
        // One grid template for the heading row and every row: the stock fields and the remove
        // buttons line up whatever the names are; each input keeps its own "Parametr n: …" name.
        <div>
          <div aria-hidden="true" className={`${paramRow} mb-1 items-end text-sm font-semibold`}>
            <span>{t.parameterNameColumn}</span>
            <span>{t.parameterStockColumn}</span>
          </div>
          <ul className="space-y-2">
            {params.map((p, i) => (
              <li key={p.key} className={`${paramRow} items-start`}>
                <div className="min-w-0">
                  <input
                    id={`${id}-param-${p.key}`}
                    aria-label={t.parameterName(i + 1)}
                    value={p.Nazwa}
                    onChange={(e) => updateParam(p.key, { Nazwa: e.target.value })}
                    maxLength={100}
                    className="field"
                    {...errors.described(`Parametry.${i}.Nazwa`)}
                  />
                  {errors.error(`Parametry.${i}.Nazwa`)}
                </div>
                <div className="min-w-0">
                  <input
                    id={`${id}-stock-${p.key}`}
                    aria-label={t.parameterStock(i + 1)}
                    value={p.Stan}
                    inputMode="numeric"
                    onChange={(e) => updateParam(p.key, { Stan: e.target.value })}
                    className="field"
                    {...errors.described(`Parametry.${i}.Stan`)}
                  />
                  {errors.error(`Parametry.${i}.Stan`)}
                </div>
                <button
                  type="button"
                  aria-label={t.removeParameter(p.Nazwa || String(i + 1))}
                  className="btn border border-danger bg-white px-2 text-danger"
                  onClick={() => removeParam(p.key)}
                >
                  {t.removeParameterShort}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <button id={`${id}-add-param`} type="button" className="btn-secondary" onClick={addParam}>
        {t.addParameter}
      </button>
      {params.length > 0 && (
        <div className="flex items-center gap-2">
          <input
            id={`${id}-wymagaj`}
            name="wymagaj"
            type="checkbox"
            defaultChecked={requireChecked}
            className="size-5 accent-primary"
          />
          <label htmlFor={`${id}-wymagaj`}>{t.requireParameter}</label>
        </div>
      )}
    </fieldset>
  );
};
