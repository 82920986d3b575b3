import { PAGE_PARAMS, type PanelPage } from '@club/contract';
import type { FieldErrors } from '../../components/FieldError.tsx';
import {
  KNOWN_PARAMS,
  type PageParam,
  type parentChoices,
  slugFromTitle,
  splitParams,
} from '../../lib/page-form.ts';
import { ui } from '../../texts.ts';

const t = ui.pages;

type Row = PageParam & { key: number };
let nextKey = 1;
const rowsOf = (params: PageParam[]): Row[] => params.map((p) => ({ ...p, key: nextKey++ }));

export const formOf = (page: PanelPage | null) => {
  const { known, other } = splitParams(page?.Parametry ?? []);
  return {
    title: page?.Tytul ?? '',
    slug: page?.Slug ?? '',
    excerpt: page?.Zajawka ?? '',
    meta: page?.MetaDescription ?? '',
    parent: page?.IdRodzica ?? null,
    knownOn: Object.keys(known),
    knownStored: known,
    other: rowsOf(other),
  };
};
export type PageForm = ReturnType<typeof formOf>;

type Props = {
  id: string;
  form: PageForm;
  set: (patch: Partial<PageForm>) => void;
  errors: FieldErrors;
};

/** Name, value, remove: the same columns in the heading row and in every parameter's row. */
const paramRow = 'grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_4.5rem] gap-2 sm:gap-3';

/** The title and the address; a new page's address follows its title until one is typed. */
export const TitleSlugFields = ({
  id,
  form,
  set,
  errors,
  special,
  slugTyped,
  onSlugTyped,
}: Props & { special: boolean; slugTyped: boolean; onSlugTyped: () => void }) => (
  <div className="grid gap-4 lg:grid-cols-2">
    <div>
      <label htmlFor={`${id}-Tytul`} className="mb-1 block font-semibold">
        {t.pageTitle}
      </label>
      <input
        id={`${id}-Tytul`}
        value={form.title}
        onChange={(e) =>
          set({
            title: e.target.value,
            ...(!slugTyped && { slug: slugFromTitle(e.target.value) }),
          })
        }
        required
        maxLength={200}
        className="field"
        {...errors.described('Tytul')}
      />
      {errors.error('Tytul')}
    </div>
    <div>
      <label htmlFor={`${id}-Slug`} className="mb-1 block font-semibold">
        {t.slug}
      </label>
      <div className="flex items-stretch">
        <span
          aria-hidden="true"
          className="flex items-center rounded-l-md border border-r-0 border-gray-500 bg-gray-100 px-3 text-muted"
        >
          /
        </span>
        <input
          id={`${id}-Slug`}
          value={form.slug}
          onChange={(e) => {
            onSlugTyped();
            set({ slug: e.target.value });
          }}
          readOnly={special}
          required
          maxLength={100}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`field rounded-l-none ${special ? 'bg-gray-100' : ''}`}
          {...errors.described('Slug', `${id}-Slug-hint`)}
        />
      </div>
      <p id={`${id}-Slug-hint`} className="mt-1 text-sm text-muted">
        {special ? t.slugFixed : t.slugHint}
      </p>
      {errors.error('Slug')}
    </div>
  </div>
);

/** Meta description, excerpt and the parent page. */
export const MetaFields = ({
  id,
  form,
  set,
  errors,
  parents,
}: Props & { parents: ReturnType<typeof parentChoices> }) => (
  <>
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <label htmlFor={`${id}-MetaDescription`} className="mb-1 block font-semibold">
          {t.meta}
        </label>
        <textarea
          id={`${id}-MetaDescription`}
          value={form.meta}
          onChange={(e) => set({ meta: e.target.value })}
          rows={3}
          maxLength={300}
          className="field"
          {...errors.described('MetaDescription', `${id}-MetaDescription-hint`)}
        />
        <p id={`${id}-MetaDescription-hint`} className="mt-1 text-sm text-muted">
          {t.metaHint}
        </p>
        {errors.error('MetaDescription')}
      </div>
      <div>
        <label htmlFor={`${id}-Zajawka`} className="mb-1 block font-semibold">
          {t.excerpt}
        </label>
        <textarea
          id={`${id}-Zajawka`}
          value={form.excerpt}
          onChange={(e) => set({ excerpt: e.target.value })}
          rows={3}
          maxLength={500}
          className="field"
          {...errors.described('Zajawka', `${id}-Zajawka-hint`)}
        />
        <p id={`${id}-Zajawka-hint`} className="mt-1 text-sm text-muted">
          {t.excerptHint}
        </p>
        {errors.error('Zajawka')}
      </div>
    </div>
    <div className="max-w-xl">
      <label htmlFor={`${id}-IdRodzica`} className="mb-1 block font-semibold">
        {t.parent}
      </label>
      <select
        id={`${id}-IdRodzica`}
        value={form.parent ?? ''}
        onChange={(e) => set({ parent: e.target.value ? Number(e.target.value) : null })}
        className="field"
        {...errors.described('IdRodzica')}
      >
        <option value="">{t.noParent}</option>
        {parents.map((p) => (
          <option key={p.Id} value={p.Id}>
            {`${'– '.repeat(p.depth)}${p.Tytul} (/${p.Slug})`}
          </option>
        ))}
      </select>
      {errors.error('IdRodzica')}
    </div>
  </>
);

/** The known parameters as switches, then any others as key and value rows. */
export const PageParameters = ({ id, form, set, errors }: Props) => {
  const knownCount = form.knownOn.length;
  const updateRow = (key: number, patch: Partial<PageParam>) =>
    set({ other: form.other.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const addRow = () => {
    const key = nextKey++;
    set({ other: [...form.other, { key, Klucz: '', Wartosc: '' }] });
    // The new row's key field takes the focus, so a keyboard user types straight into it.
    requestAnimationFrame(() => document.getElementById(`${id}-param-${key}`)?.focus());
  };
  const removeRow = (key: number) => {
    set({ other: form.other.filter((r) => r.key !== key) });
    requestAnimationFrame(() => document.getElementById(`${id}-add-param`)?.focus());
  };
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">{t.parametersTitle}</legend>
      <p className="text-sm text-muted">{t.parametersHint}</p>
      <ul className="space-y-2">
        {KNOWN_PARAMS.map((k) => (
          <li key={k} className="flex items-start gap-2">
            <input
              id={`${id}-known-${k}`}
              type="checkbox"
              checked={form.knownOn.includes(k)}
              onChange={(e) =>
                set({
                  knownOn: e.target.checked ? [...form.knownOn, k] : form.knownOn.filter((x) => x !== k),
                })
              }
              aria-describedby={`${id}-known-${k}-hint`}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span>
              <label htmlFor={`${id}-known-${k}`} className="font-mono font-semibold">
                {k}
              </label>
              <span id={`${id}-known-${k}-hint`} className="block text-sm text-muted">
                {PAGE_PARAMS[k]}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <p className="pt-2 font-semibold">{t.otherParameters}</p>
      {form.other.length > 0 && (
        <div>
          <div aria-hidden="true" className={`${paramRow} mb-1 text-sm font-semibold`}>
            <span>{t.paramKeyColumn}</span>
            <span>{t.paramValueColumn}</span>
          </div>
          <ul className="space-y-2">
            {form.other.map((r, i) => {
              const at = `Parametry.${knownCount + i}`;
              return (
                <li key={r.key} className={`${paramRow} items-start`}>
                  <div className="min-w-0">
                    <input
                      id={`${id}-param-${r.key}`}
                      aria-label={t.paramKey(i + 1)}
                      value={r.Klucz}
                      onChange={(e) => updateRow(r.key, { Klucz: e.target.value })}
                      maxLength={50}
                      autoCapitalize="none"
                      spellCheck={false}
                      className="field font-mono"
                      {...errors.described(`${at}.Klucz`)}
                    />
                    {errors.error(`${at}.Klucz`)}
                  </div>
                  <div className="min-w-0">
                    <input
                      aria-label={t.paramValue(i + 1)}
                      value={r.Wartosc}
                      onChange={(e) => updateRow(r.key, { Wartosc: e.target.value })}
                      maxLength={500}
                      className="field"
                      {...errors.described(`${at}.Wartosc`)}
                    />
                    {errors.error(`${at}.Wartosc`)}
                  </div>
                  <button
                    type="button"
                    aria-label={t.removeParam(r.Klucz || String(i + 1))}
                    className="btn border border-danger bg-white px-2 text-danger"
                    onClick={() => removeRow(r.key)}
                  >
                    {t.removeParamShort}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <button id={`${id}-add-param`} type="button" className="btn-secondary" onClick={addRow}>
        {t.addParam}
      </button>
      {errors.error('Parametry')}
    </fieldset>
  );
};
