import type { BannerSlideRow } from './repository.ts';

/** How a slide's text sits over its image, under the storefront's names (the panel's audit log keeps the same). */
export const slideOverlay = (s: BannerSlideRow) => ({
  KolorText: s.textColor,
  BgOpacity: s.bgOpacity,
  IsKolorMaski: s.hasMask,
  KolorMaski: s.maskColor,
  BanerGrafikaPrzezroczystoscMaski: s.maskOpacity,
  PolozenieTextX: s.textX,
  PolozenieTextY: s.textY,
});
