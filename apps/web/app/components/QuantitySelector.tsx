import { QUANTITY_DEBOUNCE_MS } from '@club/contract';
import { useEffect, useRef, useState } from 'react';
import {
  canDecrement,
  canIncrement,
  MIN_QUANTITY,
  parseQuantity,
  stepQuantity,
} from '../lib/product-form.ts';
import { shopUi } from '../texts/shop.ts';

type Props = {
  id: string;
  /** Visible label; `labelHidden` keeps it for screen readers only. */
  label: string;
  labelHidden?: boolean;
  value: number | null;
  /** Available quantity: the input's max; below 1 disables the whole control. */
  stock: number;
  onChange(value: number | null): void;
  disabled?: boolean;
  /** Ids of texts describing the field (hint, error). */
  describedBy?: string;
  invalid?: boolean;
  size?: 'md' | 'sm';
};

/**
 * Spec 5 'Quantity': minimum 1, typed values clamped between 1 and the stock after a 20 ms
 * debounce, minus disabled at 1, plus disabled at the stock, everything disabled without stock.
 * An emptied field reports null (the form then asks for at least one piece).
 */
export function QuantitySelector({
  id,
  label,
  labelHidden = false,
  value,
  stock,
  onChange,
  disabled = false,
  describedBy,
  invalid = false,
  size = 'md',
}: Props) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const off = disabled || stock < MIN_QUANTITY;

  // A new value from outside (buttons, a reset): show it.
  if (shown !== value) {
    setShown(value);
    if (parseQuantity(text, stock) !== value) setText(value === null ? '' : String(value));
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (raw: string) => {
    clearTimeout(timer.current);
    const q = parseQuantity(raw, stock);
    if (q !== null) setText(String(q));
    setShown(q);
    if (q !== value) onChange(q);
  };

  const step = (delta: 1 | -1) => {
    clearTimeout(timer.current);
    const q = stepQuantity(value, delta, stock);
    setText(String(q));
    setShown(q);
    if (q !== value) onChange(q);
  };

  const btn =
    size === 'sm'
      ? 'grid size-9 place-items-center text-lg font-bold'
      : 'grid size-11 place-items-center text-xl font-bold';
  const btnState =
    'text-primary hover:bg-primary-light disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent';

  return (
    <div>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-semibold'}>
        {label}
      </label>
      <div
        className={`inline-flex items-stretch overflow-hidden rounded-md border bg-white ${invalid ? 'border-red-700' : 'border-gray-500'} ${off ? 'bg-gray-100' : ''}`}
      >
        <button
          type="button"
          className={`${btn} ${btnState}`}
          onClick={() => step(-1)}
          disabled={off || !canDecrement(value, stock)}
          aria-label={shopUi.decrease}
          aria-controls={id}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={Math.max(stock, MIN_QUANTITY)}
          step={1}
          value={text}
          disabled={off}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const raw = e.target.value;
            setText(raw);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(raw), QUANTITY_DEBOUNCE_MS);
          }}
          onBlur={(e) => commit(e.target.value)}
          className={`${size === 'sm' ? 'w-12' : 'w-16'} border-x border-gray-300 bg-transparent text-center font-semibold tabular-nums [appearance:textfield] disabled:text-gray-500 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
        />
        <button
          type="button"
          className={`${btn} ${btnState}`}
          onClick={() => step(1)}
          disabled={off || !canIncrement(value, stock)}
          aria-label={shopUi.increase}
          aria-controls={id}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
