import type { PanelPromotionScope } from '@club/contract';
import type { ReactNode } from 'react';
import { nameKey, type ScopeNames, type ScopeType } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import { ProductSearch } from './ProductSearch.tsx';

const t = ui.promotions;

export type PickerCategory = { Id: number; Nazwa: string; Poziom: number };

/**
 * What a promotion (or one component of a bundle) applies to: the whole cart, or the club's own
 * categories (ticked from the tree), products or variants (found by name). The chosen ones are
 * listed by name, each with its own "Usuń" button.
 */
export const ScopePicker = ({
  id,
  legend,
  scope,
  onChange,
  allowCart,
  categories,
  names,
  onNames,
  describedBy,
  invalid,
  children,
}: {
  id: string;
  legend: string;
  scope: PanelPromotionScope;
  onChange: (next: PanelPromotionScope) => void;
  allowCart: boolean;
  categories: PickerCategory[];
  names: ScopeNames;
  onNames: (more: ScopeNames) => void;
  /** The group's error line (and hint), for the type radios. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Under the legend: the component's remove button, the error line. */
  children?: ReactNode;
}) => {
  const types: ScopeType[] = allowCart
    ? ['cart', 'categories', 'products', 'variants']
    : ['categories', 'products', 'variants'];
  const toggle = (itemId: number, on: boolean) =>
    onChange({
      ...scope,
      Id: on ? [...new Set([...scope.Id, itemId])] : scope.Id.filter((x) => x !== itemId),
    });
  const nameOf = (itemId: number) => names[nameKey(scope.Typ, itemId)] ?? t.numbered(scope.Typ, itemId);

  const remove = (itemId: number) => {
    toggle(itemId, false);
    // Its button is gone: the list of the chosen ones keeps the focus.
    requestAnimationFrame(() => document.getElementById(`${id}-chosen`)?.focus());
  };

  return (
    <fieldset className="min-w-0 space-y-3 rounded border border-gray-300 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {children}
      <div className="space-y-1">
        {types.map((type) => (
          <div key={type} className="flex items-center gap-2">
            <input
              id={`${id}-typ-${type}`}
              type="radio"
              name={`${id}-typ`}
              className="size-5 accent-primary"
              checked={scope.Typ === type}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={() => onChange({ Typ: type, Id: [] })}
            />
            <label htmlFor={`${id}-typ-${type}`}>{t.scopeTypes[type]}</label>
          </div>
        ))}
      </div>
      {scope.Typ === 'categories' && (
        <fieldset className="min-w-0">
          <legend className="mb-1 font-semibold">{t.categories}</legend>
          <ul className="space-y-1">
            {categories.map((c) => (
              <li
                key={c.Id}
                className="flex items-start gap-2"
                style={{ paddingLeft: `${c.Poziom * 1.25}rem` }}
              >
                <input
                  id={`${id}-c-${c.Id}`}
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-primary"
                  checked={scope.Id.includes(c.Id)}
                  onChange={(e) => {
                    onNames({ [nameKey('categories', c.Id)]: c.Nazwa });
                    toggle(c.Id, e.target.checked);
                  }}
                />
                <label htmlFor={`${id}-c-${c.Id}`}>{c.Nazwa}</label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {(scope.Typ === 'products' || scope.Typ === 'variants') && (
        <>
          <ProductSearch
            id={`${id}-search`}
            variants={scope.Typ === 'variants'}
            chosen={scope.Id}
            onToggle={(itemId, on, more) => {
              onNames(more);
              toggle(itemId, on);
            }}
          />
          <div id={`${id}-chosen`} tabIndex={-1} className="space-y-1">
            <p className="font-semibold">{t.chosen}</p>
            {scope.Id.length === 0 ? (
              <p className="text-sm text-muted">{t.noneChosen}</p>
            ) : (
              <ul className="space-y-1">
                {scope.Id.map((itemId) => (
                  <li key={itemId} className="flex flex-wrap items-center justify-between gap-2">
                    <span>{nameOf(itemId)}</span>
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1 text-sm"
                      aria-label={t.removeItem(nameOf(itemId))}
                      onClick={() => remove(itemId)}
                    >
                      {t.remove}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
};
