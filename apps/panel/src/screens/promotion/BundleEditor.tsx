import type { PanelPromotionScope } from '@club/contract';
import type { ScopeNames } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import { DraftField, type DraftProps } from './DraftField.tsx';
import { type PickerCategory, ScopePicker } from './ScopePicker.tsx';

const t = ui.promotions;
const MAX_COMPONENTS = 10;

/**
 * A bundle: its price and 2-10 components, each a set of categories, products or variants; a
 * component's remove button gives the focus to the next one's legend (or the add button).
 */
export const BundleEditor = (
  p: DraftProps & { categories: PickerCategory[]; names: ScopeNames; onNames: (more: ScopeNames) => void },
) => {
  const { id, draft, set, errors, categories, names, onNames } = p;
  const parts = draft.Skladniki;
  const setPart = (i: number, next: PanelPromotionScope) =>
    set({ Skladniki: parts.map((s, j) => (j === i ? next : s)) });
  const focus = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());
  const described = errors.described('Zestaw', `${id}-Zestaw-hint`);
  return (
    <fieldset className="min-w-0 space-y-4 rounded border border-gray-300 p-4">
      <legend className="px-1 font-semibold">{t.bundle}</legend>
      <p id={`${id}-Zestaw-hint`} className="text-sm text-muted">
        {t.bundleHint}
      </p>
      {errors.error('Zestaw')}
      <DraftField
        id={id}
        draft={draft}
        set={set}
        errors={errors}
        field="CenaZestawu"
        error="Zestaw.Cena"
        label={t.bundlePrice}
        inputMode="decimal"
        className="max-w-xs"
      />
      {parts.map((part, i) => (
        <ScopePicker
          // Components have no ids of their own; their place is what the manager sees too.
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the component's identity here
          key={i}
          id={`${id}-part-${i}`}
          legend={t.component(i + 1)}
          scope={part}
          onChange={(next) => setPart(i, next)}
          allowCart={false}
          categories={categories}
          names={names}
          onNames={onNames}
          invalid={Boolean(described['aria-invalid'])}
          describedBy={described['aria-describedby']}
        >
          {parts.length > 2 && (
            <button
              type="button"
              className="btn-secondary px-3 py-1 text-sm"
              onClick={() => {
                set({ Skladniki: parts.filter((_, j) => j !== i) });
                focus(i < parts.length - 1 ? `${id}-part-${i}-typ-${parts[i + 1]!.Typ}` : `${id}-add-part`);
              }}
            >
              {t.removeComponent(i + 1)}
            </button>
          )}
        </ScopePicker>
      ))}
      {parts.length < MAX_COMPONENTS && (
        <button
          id={`${id}-add-part`}
          type="button"
          className="btn-secondary"
          onClick={() => {
            set({ Skladniki: [...parts, { Typ: 'products', Id: [] }] });
            focus(`${id}-part-${parts.length}-typ-products`);
          }}
        >
          {t.addComponent}
        </button>
      )}
    </fieldset>
  );
};
