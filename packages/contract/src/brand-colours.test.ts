import { describe, expect, it } from 'vitest';
import {
  brandColoursOrDefault,
  brandContrastChecks,
  brandPalette,
  brandThemeCss,
  contrastMessage,
  contrastRatio,
  DEFAULT_BRAND_COLOURS,
  formatContrast,
  mixColours,
  relativeLuminance,
} from './brand-colours.ts';
import { PanelSettingsUpdateSchema } from './panel-settings.ts';

const SOKOL = { Glowny: '#0b5d3b', TekstNaGlownym: '#ffffff', Akcent: '#f5c400', TekstNaAkcencie: '#1b1f1d' };

describe('contrast ratio (WCAG 2.x)', () => {
  it('gives the known pairs', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });
  it('writes the ratio the Polish way, rounded down so a failing one never reads 4,5', () => {
    expect(formatContrast(21)).toBe('21:1');
    expect(formatContrast(contrastRatio('#777777', '#ffffff'))).toBe('4,4:1');
    expect(formatContrast(2.16)).toBe('2,1:1');
  });
  it('mixes two colours channel by channel', () => {
    expect(mixColours('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mixColours('#0b5d3b', '#ffffff', 1)).toBe('#0b5d3b');
  });
});

describe('club colour checks', () => {
  it('passes the defaults and a green and yellow club', () => {
    expect(brandContrastChecks(DEFAULT_BRAND_COLOURS).every((c) => c.ok)).toBe(true);
    expect(brandContrastChecks(SOKOL).every((c) => c.ok)).toBe(true);
  });
  it('fails white text on yellow, and yellow as text on white', () => {
    const checks = brandContrastChecks({ ...SOKOL, Glowny: '#f5c400' });
    const failed = checks.filter((c) => !c.ok).map((c) => c.pair);
    expect(failed).toEqual(['tekstNaGlownym', 'glownyNaJasnym']);
    expect(contrastMessage(checks[0]!)).toMatch(
      /^Tekst na kolorze głównym ma kontrast 1,\d:1 — potrzeba co najmniej 4,5:1\.$/,
    );
  });
  it('fails #777 as the primary colour on white (4.48:1) and on its light tint', () => {
    const check = brandContrastChecks({ ...SOKOL, Glowny: '#777777' }).find(
      (c) => c.pair === 'glownyNaJasnym',
    )!;
    expect(check.ok).toBe(false);
    expect(check.ratio).toBeLessThan(contrastRatio('#777777', '#ffffff'));
    expect(contrastMessage(check)).toMatch(
      /^Kolor główny jako tekst na jasnym tle ma kontrast 4,[0-4]:1 — potrzeba co najmniej 4,5:1\.$/,
    );
  });
  it('highlights with the accent only where it reads on the primary, else with the text on it', () => {
    expect(brandPalette(SOKOL).highlight).toBe('#f5c400');
    expect(brandPalette({ ...SOKOL, Glowny: '#8b1e2d', Akcent: '#1f2a44' }).highlight).toBe('#ffffff');
  });
  it('moves the accent hover away from its text', () => {
    expect(relativeLuminance(brandPalette(SOKOL).accentHover)).toBeGreaterThan(relativeLuminance('#f5c400'));
    const dark = { ...SOKOL, Akcent: '#1f2a44', TekstNaAkcencie: '#ffffff' };
    expect(relativeLuminance(brandPalette(dark).accentHover)).toBeLessThan(relativeLuminance('#1f2a44'));
  });
});

describe('colours in the settings', () => {
  it('accepts four #rrggbb colours that pass, lower-cased', () => {
    const r = PanelSettingsUpdateSchema.safeParse({ Kolory: { ...SOKOL, Glowny: '#0B5D3B' } });
    expect(r.success && r.data.Kolory).toEqual(SOKOL);
  });
  it('refuses a low-contrast pair on its field with the ratio', () => {
    const r = PanelSettingsUpdateSchema.safeParse({ Kolory: { ...SOKOL, TekstNaAkcencie: '#ffffff' } });
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(issue.path).toEqual(['Kolory', 'TekstNaAkcencie']);
    expect(issue.message).toMatch(
      /^Tekst na kolorze akcentu ma kontrast 1,\d:1 — potrzeba co najmniej 4,5:1\.$/,
    );
  });
  it('refuses other notations, a missing colour and markup', () => {
    for (const Glowny of ['#abc', 'red', 'rgb(0,0,0)', '#0b5d3b;}</style>', '']) {
      expect(PanelSettingsUpdateSchema.safeParse({ Kolory: { ...SOKOL, Glowny } }).success).toBe(false);
    }
    const { Akcent: _, ...three } = SOKOL;
    expect(PanelSettingsUpdateSchema.safeParse({ Kolory: three }).success).toBe(false);
  });
});

describe('storefront theme', () => {
  it('falls back to the defaults for anything but four hex colours', () => {
    expect(brandColoursOrDefault(null)).toBe(DEFAULT_BRAND_COLOURS);
    expect(brandColoursOrDefault({ ...SOKOL, Akcent: 'red;}' })).toBe(DEFAULT_BRAND_COLOURS);
    expect(brandColoursOrDefault({ ...SOKOL, extra: 1 })).toEqual(SOKOL);
  });
  it('sets the custom properties on :root', () => {
    const css = brandThemeCss(SOKOL);
    expect(css).toMatch(/^:root\{--brand:#0b5d3b;--brand-text:#ffffff;/);
    expect(css).toContain('--accent:#f5c400;--accent-text:#1b1f1d;');
    expect(css).toContain('--highlight:#f5c400}');
  });
});
