import {
  groszeToZl,
  type PanelPrinting,
  type PrintingSettings,
  type ProductPrinting,
  zlToGrosze,
} from '@club/contract';

/** The product page's printing offer (decision 143): prices in zł, the squad when presets are on. */
export const productPrintingView = (
  s: PrintingSettings,
  squad: { id: number; name: string; number: number }[],
): ProductPrinting => ({
  CenaZaLitere: groszeToZl(s.perLetter),
  CenaZaCyfre: groszeToZl(s.perDigit),
  CenaStala: s.flat === null ? null : groszeToZl(s.flat),
  MaksZnakow: s.maxLetters,
  Zawodnicy: s.presets ? squad.map((p) => ({ Id: p.id, Nazwisko: p.name, Numer: p.number })) : [],
  CenaZawodnika: s.presets ? groszeToZl(s.presetPrice) : null,
});

/** Defaults the panel's form starts from when a product has no printing yet. */
const OFF: PrintingSettings = {
  perLetter: 300,
  perDigit: 500,
  flat: null,
  maxLetters: 12,
  presets: false,
  presetPrice: 4000,
};

export const panelPrintingView = (s: PrintingSettings | null): PanelPrinting => {
  const v = s ?? OFF;
  return {
    Wlaczony: s !== null,
    CenaZaLitere: groszeToZl(v.perLetter),
    CenaZaCyfre: groszeToZl(v.perDigit),
    CenaStala: v.flat === null ? null : groszeToZl(v.flat),
    MaksZnakow: v.maxLetters,
    ZawodnicyWlaczeni: v.presets,
    CenaZawodnika: groszeToZl(v.presetPrice),
  };
};

/** What is stored: null when printing is off (the product page then offers none). */
export const printingSettingsOf = (p: PanelPrinting): PrintingSettings | null =>
  p.Wlaczony
    ? {
        perLetter: zlToGrosze(p.CenaZaLitere),
        perDigit: zlToGrosze(p.CenaZaCyfre),
        flat: p.CenaStala === null ? null : zlToGrosze(p.CenaStala),
        maxLetters: p.MaksZnakow,
        presets: p.ZawodnicyWlaczeni,
        presetPrice: zlToGrosze(p.CenaZawodnika),
      }
    : null;
