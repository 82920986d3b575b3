import {
  BRAND_COLOUR_KEYS,
  type BrandColours,
  brandContrastChecks,
  brandPalette,
  CONTRAST_PAIR_FIELD,
  contrastMessage,
  formatContrast,
  HEX_COLOUR,
} from '@club/contract';
import type { FieldMessages } from '../../components/useAction.ts';
import { ui } from '../../texts.ts';
import { Section, type SettingsFields } from './SettingsForm.tsx';

const t = ui.settings;

/** The colours as typed, when all four are `#rrggbb` (case aside). */
const complete = (c: BrandColours): BrandColours | null => {
  const lower = Object.fromEntries(
    BRAND_COLOUR_KEYS.map((k) => [k, c[k].trim().toLowerCase()]),
  ) as BrandColours;
  return BRAND_COLOUR_KEYS.every((k) => HEX_COLOUR.test(lower[k])) ? lower : null;
};

/**
 * The colour fields' errors as they stand now: once the four colours read, a refusal stays only on
 * a pair that still fails, with its ratio now; a fixed pair loses its message as it is typed.
 */
export const liveColourFields = (fields: FieldMessages, typed: BrandColours): FieldMessages => {
  const colours = complete(typed);
  if (!colours) return fields;
  const live = Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith('Kolory.')));
  for (const check of brandContrastChecks(colours)) {
    const name = `Kolory.${CONTRAST_PAIR_FIELD[check.pair]}`;
    if (!check.ok && fields[name]) live[name] = contrastMessage(check);
  }
  return live;
};

/** What the shop will look like: the header, both buttons, a link and a price, a chosen option. */
const Preview = ({ colours }: { colours: BrandColours }) => {
  const p = brandPalette(colours);
  return (
    <figure
      className="overflow-hidden rounded-lg border border-gray-200 bg-white"
      aria-label={t.previewTitle}
      data-colour-preview
    >
      <div style={{ background: p.primary, color: p.onPrimary }} className="flex flex-wrap gap-4 px-4 py-3">
        <span className="font-bold">{t.previewHeader}</span>
        <span style={{ color: p.highlight }} className="font-semibold underline">
          {t.previewCurrent}
        </span>
      </div>
      <div style={{ background: p.accent }} className="h-1" />
      <div className="flex flex-wrap items-center gap-3 p-4">
        <span
          style={{ background: p.primary, color: p.onPrimary }}
          className="rounded-md px-4 py-2 font-semibold"
        >
          {t.previewPrimary}
        </span>
        <span
          style={{ background: p.accent, color: p.onAccent }}
          className="rounded-md px-4 py-2 font-semibold"
        >
          {t.previewAccent}
        </span>
        <span style={{ color: p.primary }} className="font-bold">
          {t.previewLink}
        </span>
        <span
          style={{ background: p.primaryLight, color: p.primary, borderColor: p.primary }}
          className="rounded-md border px-3 py-2 font-semibold"
        >
          {t.previewTint}
        </span>
      </div>
      <div style={{ background: p.primaryDark, color: p.onPrimary }} className="px-4 py-2 text-sm">
        <span style={{ color: p.highlight }} className="font-bold uppercase">
          {t.previewCurrent}
        </span>
      </div>
    </figure>
  );
};

/**
 * The storefront's four colours: each as a picker and as `#rrggbb` text, the contrast of every
 * pair the shop draws as text (the contract's rule, as the API checks it) and a preview.
 */
export const ColoursSection = ({ f }: { f: SettingsFields }) => {
  const { id, draft, setDraft, described, below, hintId } = f;
  const set = (key: keyof BrandColours, value: string) =>
    setDraft((d) => ({ ...d, Kolory: { ...d.Kolory, [key]: value } }));
  const colours = complete(draft.Kolory);
  const checks = colours ? brandContrastChecks(colours) : [];
  return (
    <Section id={`${id}-colours`} title={t.colours}>
      <p id={hintId('Kolory')} className="text-muted">
        {t.coloursHint}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {BRAND_COLOUR_KEYS.map((key) => {
          const name = `Kolory.${key}`;
          const [label, hint] = t.colourFields[key];
          const value = draft.Kolory[key];
          return (
            <div key={key}>
              <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
                {label}
              </label>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label={t.colourPicker(label)}
                  value={HEX_COLOUR.test(value.trim().toLowerCase()) ? value.trim().toLowerCase() : '#000000'}
                  onChange={(e) => set(key, e.target.value)}
                  className="h-11 w-14 shrink-0 cursor-pointer rounded border border-gray-300 bg-white p-1"
                />
                <input
                  id={`${id}-${name}`}
                  value={value}
                  onChange={(e) => set(key, e.target.value)}
                  maxLength={7}
                  spellCheck={false}
                  autoComplete="off"
                  className="field w-32 font-mono"
                  {...described(name, hint)}
                />
              </div>
              {below(name, hint)}
            </div>
          );
        })}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold">{t.contrastTitle}</h3>
          {colours ? (
            <ul className="space-y-1" aria-live="polite">
              {checks.map((c) => (
                <li key={c.pair} className={c.ok ? '' : 'font-semibold text-danger'} data-pair={c.pair}>
                  {c.label}: <span className="tabular-nums">{formatContrast(c.ratio)}</span> —{' '}
                  {c.ok ? t.contrastOk : t.contrastLow}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">{t.contrastNeedsHex}</p>
          )}
        </div>
        <div>
          <h3 className="mb-2 font-semibold">{t.previewTitle}</h3>
          {colours && <Preview colours={colours} />}
        </div>
      </div>
    </Section>
  );
};
