import type { Parameter } from '@club/contract';
import type { Ref } from 'react';
import type { ParameterMode } from '../lib/product-form.ts';
import { isSoldOut } from '../lib/product-form.ts';
import { shopUi } from '../texts/shop.ts';

type Props = {
  id: string;
  mode: Exclude<ParameterMode, 'absent'>;
  /** A named option's name (Rozmiar, Kolor); the spec's 'Parametr' without one. */
  label?: string;
  /** With `Stan` (the product page), a sold-out option is shown disabled and marked. */
  options: (Parameter & { Stan?: number })[];
  value: number | null;
  onChange(id: number | null): void;
  disabled?: boolean;
  error?: string;
  /** Not `ref`: Preact, which runs these components, passes no `ref` prop to function components. */
  selectRef?: Ref<HTMLSelectElement>;
};

/**
 * Spec 5 'Parameter': a dropdown with the '--wybierz--' placeholder; required or optional; disabled without
 * stock. Sold-out options stay listed (the buyer sees the size exists) but cannot be chosen.
 */
export function ParameterSelect({
  id,
  mode,
  label = shopUi.parameter,
  options,
  value,
  onChange,
  disabled = false,
  error,
  selectRef,
}: Props) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
        {mode === 'required' ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-muted"> {shopUi.optional}</span>
        )}
      </label>
      <select
        id={id}
        ref={selectRef}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        disabled={disabled}
        aria-required={mode === 'required' || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full max-w-xs rounded-md border bg-white px-3 py-2.5 text-base disabled:bg-gray-100 disabled:text-gray-500 ${error ? 'border-red-700' : 'border-gray-500'}`}
      >
        <option value="">{shopUi.choose}</option>
        {options.map((o) => (
          <option key={o.Id} value={o.Id} disabled={isSoldOut(o)}>
            {isSoldOut(o) ? `${o.Nazwa} (${shopUi.soldOut})` : o.Nazwa}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
