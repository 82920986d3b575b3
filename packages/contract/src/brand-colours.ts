/**
 * A club's colours and the one contrast rule the API, the panel and the storefront share. No zod
 * here: the storefront's server and the panel's preview import it without the schemas.
 */

/** The four colours a club chooses, `#rrggbb`. */
export type BrandColours = {
  /** The header, primary buttons, links and prices on the white page. */
  Glowny: string;
  /** Text on the primary colour (header, buttons). */
  TekstNaGlownym: string;
  /** The cart and add-to-cart buttons, the header's stripe. */
  Akcent: string;
  /** Text on the accent colour. */
  TekstNaAkcencie: string;
};

export const BRAND_COLOUR_KEYS = ['Glowny', 'TekstNaGlownym', 'Akcent', 'TekstNaAkcencie'] as const;

/** A club that chose nothing: neutral greys that pass AA. */
export const DEFAULT_BRAND_COLOURS: BrandColours = {
  Glowny: '#374151',
  TekstNaGlownym: '#ffffff',
  Akcent: '#e5e7eb',
  TekstNaAkcencie: '#111827',
};

export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/** WCAG 2.x AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
const BLACK = '#000000';

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const toHex = (channels: number[]): string =>
  `#${channels
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** WCAG 2.x relative luminance of an sRGB colour. */
export const relativeLuminance = (hex: string): number => {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.x contrast ratio, from 1 to 21, whichever colour is lighter. */
export const contrastRatio = (a: string, b: string): number => {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
};

/** `weight` of `a` and the rest of `b`, channel by channel. */
export const mixColours = (a: string, b: string, weight: number): string => {
  const [ca, cb] = [rgb(a), rgb(b)];
  return toHex(ca.map((v, i) => v * weight + cb[i]! * (1 - weight)));
};

/** The ratio as a Polish reader writes it, rounded down so a failing 4.48 never reads "4,5". */
export const formatContrast = (ratio: number): string =>
  `${(Math.floor(ratio * 10) / 10).toLocaleString('pl-PL', { maximumFractionDigits: 1 })}:1`;

/**
 * Every colour the storefront's stylesheet uses, derived from the club's four. The darker primary
 * (footer, the header's top row, hovers, link hovers on white) is the primary with black, so it is
 * never worse as text on white; the accent's hover moves away from its text colour. The highlight
 * (the current link and headings in the header and footer) is the accent where it reads on both
 * primaries, else the text on the primary.
 */
export const brandPalette = (c: BrandColours) => {
  const primaryDark = mixColours(c.Glowny, BLACK, 0.75);
  const accentHover = mixColours(
    c.Akcent,
    relativeLuminance(c.TekstNaAkcencie) > relativeLuminance(c.Akcent) ? BLACK : WHITE,
    0.85,
  );
  const accentReads =
    Math.min(contrastRatio(c.Akcent, c.Glowny), contrastRatio(c.Akcent, primaryDark)) >= AA_TEXT_CONTRAST;
  return {
    primary: c.Glowny,
    onPrimary: c.TekstNaGlownym,
    primaryDark,
    primaryLight: mixColours(c.Glowny, WHITE, 0.07),
    accent: c.Akcent,
    onAccent: c.TekstNaAkcencie,
    accentHover,
    highlight: accentReads ? c.Akcent : c.TekstNaGlownym,
  };
};
export type BrandPalette = ReturnType<typeof brandPalette>;

export type ContrastPair = 'tekstNaGlownym' | 'tekstNaAkcencie' | 'glownyNaJasnym';

/** Which field of `BrandColours` the panel marks when a pair fails. */
export const CONTRAST_PAIR_FIELD: Record<ContrastPair, keyof BrandColours> = {
  tekstNaGlownym: 'TekstNaGlownym',
  tekstNaAkcencie: 'TekstNaAkcencie',
  glownyNaJasnym: 'Glowny',
};

export type ContrastCheck = { pair: ContrastPair; label: string; ratio: number; ok: boolean };

/**
 * The pairs the storefront draws as text, each at its worst: the text on the primary and on the
 * darker primary; the text on the accent and on its hover; the primary as a link or price on the
 * white page and on its light tint (hovers, chosen options).
 */
export const brandContrastChecks = (c: BrandColours): ContrastCheck[] => {
  const p = brandPalette(c);
  const pairs: [ContrastPair, string, number][] = [
    [
      'tekstNaGlownym',
      'Tekst na kolorze głównym',
      Math.min(contrastRatio(p.onPrimary, p.primary), contrastRatio(p.onPrimary, p.primaryDark)),
    ],
    [
      'tekstNaAkcencie',
      'Tekst na kolorze akcentu',
      Math.min(contrastRatio(p.onAccent, p.accent), contrastRatio(p.onAccent, p.accentHover)),
    ],
    [
      'glownyNaJasnym',
      'Kolor główny jako tekst na jasnym tle',
      Math.min(contrastRatio(p.primary, WHITE), contrastRatio(p.primary, p.primaryLight)),
    ],
  ];
  return pairs.map(([pair, label, ratio]) => ({ pair, label, ratio, ok: ratio >= AA_TEXT_CONTRAST }));
};

/** The refusal for one failing pair, e.g. "Tekst na kolorze głównym ma kontrast 2,1:1 — potrzeba co najmniej 4,5:1." */
export const contrastMessage = (check: Pick<ContrastCheck, 'label' | 'ratio'>): string =>
  `${check.label} ma kontrast ${formatContrast(check.ratio)} — potrzeba co najmniej ${formatContrast(AA_TEXT_CONTRAST)}.`;

/** The stored colours when all four are `#rrggbb`, else the defaults (a row from before they existed). */
export const brandColoursOrDefault = (stored: unknown): BrandColours => {
  const c = stored as Partial<Record<keyof BrandColours, unknown>> | null | undefined;
  return c && BRAND_COLOUR_KEYS.every((k) => typeof c[k] === 'string' && HEX_COLOUR.test(c[k]))
    ? (Object.fromEntries(BRAND_COLOUR_KEYS.map((k) => [k, c[k]])) as BrandColours)
    : DEFAULT_BRAND_COLOURS;
};

/**
 * The storefront's theme: custom properties on `:root` that the stylesheet's `@theme` reads.
 * Only `#rrggbb` values reach it (the schema's rule), so nothing here can close the `<style>`.
 */
export const brandThemeCss = (c: BrandColours): string => {
  const p = brandPalette(c);
  return (
    `:root{--brand:${p.primary};--brand-text:${p.onPrimary};--brand-dark:${p.primaryDark};` +
    `--brand-light:${p.primaryLight};--accent:${p.accent};--accent-text:${p.onAccent};` +
    `--accent-hover:${p.accentHover};--highlight:${p.highlight}}`
  );
};
