import {
  BG_OPACITY_CODES,
  MASK_OPACITY_CODES,
  type PanelBannerSlide,
  type PanelBannerSlideInput,
  TEXT_POSITION_CODES,
} from '@club/contract';

/** Plain rules of the banner editor: the form's values of a slide and the slides' order. */

/** The club's alias, from a slide's image address `/static/{alias}/panelbanerygrafika/...`. */
export const aliasFromImageUrl = (url: string | undefined): string =>
  decodeURIComponent((url ?? '').split('/')[2] ?? '');

/** `#abc` → `#aabbcc`: the colour picker takes the long form only. */
export const longColour = (c: string): string =>
  /^#[0-9a-f]{3}$/i.test(c)
    ? `#${[...c.slice(1)].map((x) => x + x).join('')}`.toLowerCase()
    : c.toLowerCase();

const known = <T extends number>(codes: readonly T[], value: number, fallback: T): T =>
  (codes as readonly number[]).includes(value) ? (value as T) : fallback;

/** The form's values of a slide; a code the API does not accept falls back to the storefront's default. */
export const slideInput = (s: PanelBannerSlide): PanelBannerSlideInput => ({
  Nazwa: s.Nazwa,
  Tresc: s.Tresc,
  Url: s.Url,
  KolorText: longColour(s.KolorText || '#ffffff'),
  BgOpacity: known(BG_OPACITY_CODES, s.BgOpacity, 50),
  IsKolorMaski: s.IsKolorMaski,
  KolorMaski: longColour(s.KolorMaski || '#000000'),
  BanerGrafikaPrzezroczystoscMaski: known(MASK_OPACITY_CODES, s.BanerGrafikaPrzezroczystoscMaski, 20),
  PolozenieTextX: known(TEXT_POSITION_CODES, s.PolozenieTextX, 20),
  PolozenieTextY: known(TEXT_POSITION_CODES, s.PolozenieTextY, 20),
});

/** The order after the slide at `index` moves by one place. */
export const orderAfterStep = (ids: number[], index: number, by: -1 | 1): number[] => {
  const order = [...ids];
  const [moved] = order.splice(index, 1);
  order.splice(Math.max(0, Math.min(order.length, index + by)), 0, moved!);
  return order;
};

/** The order after a slide is dropped before or after another. */
export const orderAfterDrop = (ids: number[], moving: number, target: number, after: boolean): number[] => {
  const order = ids.filter((x) => x !== moving);
  order.splice(order.indexOf(target) + (after ? 1 : 0), 0, moving);
  return order;
};
