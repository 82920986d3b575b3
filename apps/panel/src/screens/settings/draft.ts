import type { BrandColours, ClubSafetyDefaults, PanelSettings } from '@club/contract';

export type Draft = {
  Nazwa: string;
  Title: string;
  Description: string;
  EmailSklepu: string;
  Mapa: string;
  Pola: number[];
  PolaWymagane: number[];
  SekcjeStronyGlownej: Record<string, boolean>;
  ZakupyBezLogowania: boolean;
  DarmowaDostawaOd: string;
  LimitSztukNaPozycje: string;
  LimitSztukWZamowieniu: string;
  PotwierdzeniePobraniaOd: string;
  ZamowieniaNaEmailNaGodzine: string;
  ZamowieniaNaIpNaGodzine: string;
  MnoznikPowiadomien: string;
  /** Days to withdraw after delivery; '' for the statutory 14. */
  DniNaOdstapienie: string;
  /** Months a gift card stays valid (1-60). */
  WaznoscKartPodarunkowych: string;
  BezpieczenstwoProduktu: ClubSafetyDefaults;
  /** The storefront's colours as typed (`#rrggbb` once valid). */
  Kolory: BrandColours;
};
export type LimitField =
  | 'LimitSztukNaPozycje'
  | 'LimitSztukWZamowieniu'
  | 'ZamowieniaNaEmailNaGodzine'
  | 'ZamowieniaNaIpNaGodzine'
  | 'MnoznikPowiadomien'
  | 'DniNaOdstapienie'
  | 'WaznoscKartPodarunkowych';
/** A whole number as typed; anything else goes as NaN (sent as null) and the API names the field. */
export const parseCount = (text: string) => Number(text.trim() || Number.NaN);

/** Polish money as typed: `150`, `150,50`, `1 000`. */
const zlText = (zl: number | null) => (zl === null ? '' : String(zl).replace('.', ','));
export const parseZl = (text: string): number | null | undefined => {
  const s = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (s === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(s) ? Number(s) : undefined;
};

export const draftOf = (s: PanelSettings): Draft => ({
  Nazwa: s.Nazwa,
  Title: s.Title,
  Description: s.Description,
  EmailSklepu: s.EmailSklepu,
  Mapa: s.Mapa,
  Pola: s.Pola,
  PolaWymagane: s.PolaWymagane,
  SekcjeStronyGlownej: { ...s.SekcjeStronyGlownej },
  ZakupyBezLogowania: s.ZakupyBezLogowania,
  DarmowaDostawaOd: zlText(s.DarmowaDostawaOd),
  LimitSztukNaPozycje: String(s.LimitSztukNaPozycje),
  LimitSztukWZamowieniu: String(s.LimitSztukWZamowieniu),
  PotwierdzeniePobraniaOd: zlText(s.PotwierdzeniePobraniaOd),
  ZamowieniaNaEmailNaGodzine: String(s.ZamowieniaNaEmailNaGodzine),
  ZamowieniaNaIpNaGodzine: String(s.ZamowieniaNaIpNaGodzine),
  MnoznikPowiadomien: String(s.MnoznikPowiadomien),
  DniNaOdstapienie: s.DniNaOdstapienie === null ? '' : String(s.DniNaOdstapienie),
  WaznoscKartPodarunkowych: String(s.WaznoscKartPodarunkowych),
  BezpieczenstwoProduktu: { ...s.BezpieczenstwoProduktu },
  Kolory: { ...s.Kolory },
});
