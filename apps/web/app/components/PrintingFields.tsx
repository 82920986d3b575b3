import { formatPrice, type ProductPrinting } from '@club/contract';
import { type ComponentType, useRef, useState } from 'react';
import { printingUi } from '../texts/printing.ts';
import { inputClass } from './form/Field.tsx';
import type { PreviewProps } from './PrintingPreview.tsx';

type Props = {
  printing: ProductPrinting;
  /** The shirt's price (zł) the printing is added to. */
  price: number;
  error?: string;
};

/** The form fields' names: read with the add-to-cart form (`printingFromForm`). */
const NAME = 'nadruk-nazwisko';
const NUMBER = 'nadruk-numer';
const PLAYER = 'nadruk-zawodnik';

let loaded: typeof import('./PrintingPreview.tsx') | null = null;

/**
 * Name-and-number printing as plain fields of the add-to-cart form (decision 143). The preview
 * on the shirt's back and the price with printing load only when the fan opens the fields.
 */
export function PrintingFields({ printing, price, error }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [Preview, setPreview] = useState<ComponentType<PreviewProps> | null>(null);
  const load = (open: boolean) => {
    // Never on the server: the server bundle then has no chunk of its own for the preview.
    if (import.meta.env.SSR || !open || Preview) return;
    void import('./PrintingPreview.tsx').then((m) => {
      loaded = m;
      setPreview(() => m.PrintingPreview);
    });
  };
  const t = printingUi;
  return (
    <details className="rounded-lg border border-gray-300 p-3" onToggle={(e) => load(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">{t.open}</summary>
      <div ref={box} className="mt-3 grid gap-3">
        <label className="grid gap-1">
          {t.name}
          <input
            name={NAME}
            className={`${inputClass(Boolean(error))} uppercase`}
            maxLength={printing.MaksZnakow}
            autoCapitalize="characters"
            autoComplete="off"
            aria-describedby={error ? 'printing-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <label className="grid gap-1">
          {t.number}
          <input
            name={NUMBER}
            className={inputClass(false)}
            inputMode="numeric"
            maxLength={2}
            autoComplete="off"
          />
        </label>
        {printing.Zawodnicy.length > 0 && (
          <label className="grid gap-1">
            {t.player} ({formatPrice(printing.CenaZawodnika ?? 0)})
            <select name={PLAYER} className={inputClass(false)}>
              <option value="">{t.none}</option>
              {printing.Zawodnicy.map((z) => (
                <option key={z.Id} value={z.Id}>
                  {z.Nazwisko} {z.Numer}
                </option>
              ))}
            </select>
          </label>
        )}
        {error && (
          <p id="printing-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {Preview && <Preview fields={box} printing={printing} price={price} />}
        <p className="text-sm text-muted">{t.noReturn}</p>
      </div>
    </details>
  );
}

/**
 * The printing the form asks for (null: none), or the refusal to show, checked by the preview's
 * module: the fields cannot be typed in before they are opened, and opening them loads it.
 */
export const printingFromForm = (printing: ProductPrinting, form: HTMLFormElement) =>
  loaded ? loaded.printingFromForm(printing, form) : { value: null };
