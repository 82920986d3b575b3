import { formatGrosze, type ShippingOption } from '@club/contract';
import type { Ref } from 'react';

type Props = {
  name: string;
  options: ShippingOption[];
  /** Id of the chosen option. */
  value: number | undefined;
  onChange(option: ShippingOption): void;
  onBlur?(): void;
  error?: string;
  errorId: string;
  /** Receives the first radio, so a failed submit can focus the group. */
  inputRef?: Ref<HTMLInputElement>;
};

/** Spec 'Sposób dostawy': a radio list of the shop's shipping options, each with its text and price (Meta/100). */
export function ShippingOptions({ name, options, value, onChange, onBlur, error, errorId, inputRef }: Props) {
  return (
    <>
      <ul className="grid gap-2">
        {options.map((o, i) => {
          const id = `${name}-${o.Id}`;
          return (
            <li key={o.Id}>
              <label
                htmlFor={id}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-3 has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              >
                <input
                  id={id}
                  ref={i === 0 ? inputRef : undefined}
                  type="radio"
                  name={name}
                  value={o.Id}
                  checked={value === o.Id}
                  onChange={() => onChange(o)}
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  className="size-5 shrink-0 accent-primary"
                />
                <span className="flex-1 font-medium">{o.Tresc}</span>
                <span className="whitespace-nowrap font-semibold">{formatGrosze(o.Meta)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
