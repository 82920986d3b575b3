import {
  formatPrice,
  normalisePrintingName,
  type ProductPrinting,
  printingError,
  printingPrice,
  zlToGrosze,
} from '@club/contract';
import { type RefObject, useEffect, useState } from 'react';

export type PreviewProps = {
  /** The fields' box: the preview follows what is typed there. */
  fields: RefObject<HTMLDivElement | null>;
  printing: ProductPrinting;
  price: number;
};

type Shown = { name: string; number: string; preset: boolean; error: string | null };

const read = (box: HTMLDivElement, printing: ProductPrinting): Shown => {
  const value = (n: string) =>
    (box.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${n}"]`)?.value ?? '').trim();
  const player = printing.Zawodnicy.find((z) => String(z.Id) === value('nadruk-zawodnik'));
  if (player) return { name: player.Nazwisko, number: String(player.Numer), preset: true, error: null };
  const raw = value('nadruk-nazwisko');
  const number = value('nadruk-numer');
  return {
    name: normalisePrintingName(raw),
    number,
    preset: false,
    error: printingError(raw, number, printing.MaksZnakow),
  };
};

/**
 * The shirt's back in the club's colours with the text as it will be printed, and the price with
 * printing (decision 143). Loaded on demand: the product page ships without it.
 */
export function PrintingPreview({ fields, printing, price }: PreviewProps) {
  const [shown, setShown] = useState<Shown>({ name: '', number: '', preset: false, error: null });
  useEffect(() => {
    const box = fields.current;
    if (!box) return;
    const update = () => setShown(read(box, printing));
    update();
    box.addEventListener('input', update);
    box.addEventListener('change', update);
    return () => {
      box.removeEventListener('input', update);
      box.removeEventListener('change', update);
    };
  }, [fields, printing]);

  const valid = !shown.error;
  const extra = valid
    ? printingPrice(
        {
          perLetter: zlToGrosze(printing.CenaZaLitere),
          perDigit: zlToGrosze(printing.CenaZaCyfre),
          flat: printing.CenaStala === null ? null : zlToGrosze(printing.CenaStala),
          maxLetters: printing.MaksZnakow,
          presets: printing.Zawodnicy.length > 0,
          presetPrice: zlToGrosze(printing.CenaZawodnika ?? 0),
        },
        {
          name: shown.name || null,
          number: shown.number ? Number(shown.number) : null,
          preset: shown.preset,
        },
      ) / 100
    : 0;
  const rule =
    printing.CenaStala !== null
      ? `Nadruk: ${formatPrice(printing.CenaStala)} za nazwisko i numer.`
      : `Nadruk: ${formatPrice(printing.CenaZaLitere)} za literę, ${formatPrice(printing.CenaZaCyfre)} za cyfrę.`;
  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_1fr] sm:items-center">
      <svg
        viewBox="0 0 200 220"
        role="img"
        aria-label={`Podgląd tyłu koszulki: ${[shown.name, shown.number].filter(Boolean).join(' ') || 'bez nadruku'}`}
        className="w-40"
        data-testid="printing-preview"
      >
        <path
          d="M60 10 L20 30 L0 80 L35 95 L45 70 L45 215 L155 215 L155 70 L165 95 L200 80 L180 30 L140 10 Q100 25 60 10 Z"
          fill="var(--color-primary)"
          stroke="var(--color-primary-dark)"
          strokeWidth="3"
        />
        <text
          x="100"
          y="62"
          textAnchor="middle"
          fontSize={shown.name.length > 9 ? 13 : 18}
          fontWeight="700"
          fill="var(--color-on-primary)"
        >
          {valid ? shown.name : ''}
        </text>
        <text
          x="100"
          y="150"
          textAnchor="middle"
          fontSize="72"
          fontWeight="800"
          fill="var(--color-on-primary)"
        >
          {valid ? shown.number : ''}
        </text>
      </svg>
      <div className="text-sm" aria-live="polite">
        <p className="text-muted">{rule}</p>
        <p className="mt-1 font-semibold" data-testid="printing-price">
          {`Nadruk: ${formatPrice(extra)} · Cena z nadrukiem: ${formatPrice(price + extra)}`}
        </p>
      </div>
    </div>
  );
}

const NAME = 'nadruk-nazwisko';
const NUMBER = 'nadruk-numer';
const PLAYER = 'nadruk-zawodnik';

type Printing = { Nazwisko: string | null; Numer: number | null; IdZawodnika: number | null };

/** The printing the form asks for (null: none), or the refusal to show; the server checks it again. */
export const printingFromForm = (
  printing: ProductPrinting,
  form: HTMLFormElement,
): { value: Printing | null; error?: string } => {
  const data = new FormData(form);
  const player = Number(data.get(PLAYER) || 0);
  if (player) return { value: { Nazwisko: null, Numer: null, IdZawodnika: player } };
  const name = String(data.get(NAME) ?? '');
  const number = String(data.get(NUMBER) ?? '').trim();
  const error = printingError(name, number, printing.MaksZnakow);
  if (error) return { value: null, error };
  const n = normalisePrintingName(name);
  if (!n && !number) return { value: null };
  return { value: { Nazwisko: n || null, Numer: number ? Number(number) : null, IdZawodnika: null } };
};
