import {
  BANNER_KIND_HOME,
  BANNER_MAX_HEIGHT,
  type Banner,
  type BannerSlide,
  BG_OPACITY,
  MASK_OPACITY,
} from '@club/contract';

/** Pure banner rules (spec 2 'Banner', 9): image paths, opacities, text placement, slide order. */

const seg = (s: string | number) => encodeURIComponent(String(s));

/** Height used when the banner has none set. */
export const BANNER_DEFAULT_HEIGHT = 450;
/** Below this width the mobile image is used (Tailwind's `sm`). */
export const BANNER_MOBILE_QUERY = '(max-width: 639px)';
export const BANNER_DESKTOP_QUERY = '(min-width: 640px)';

/** `/static/{alias}/panelbanerygrafika/{bannerId}/{slideId}/{file}`. */
export const bannerImageUrl = (alias: string, bannerId: number, slideId: number, file: string): string =>
  `/static/${seg(alias)}/panelbanerygrafika/${seg(bannerId)}/${seg(slideId)}/${seg(file)}`;

export type SlideImages = {
  desktop: string;
  mobile: string | null;
  /** The WebP copies (same pixels, about half the bytes), offered first; null where there is none. */
  desktopWebp: string | null;
  mobileWebp: string | null;
};

/** Desktop image of a slide and its mobile image (same slide id), when there is one, with their WebP copies. */
export const slideImages = (
  alias: string,
  bannerId: number,
  slide: Pick<BannerSlide, 'Id' | 'Plik' | 'GrafikaMobile' | 'PlikWebp' | 'GrafikaMobileWebp'>,
): SlideImages => {
  const url = (file: string | null | undefined) =>
    file ? bannerImageUrl(alias, bannerId, slide.Id, file) : null;
  const mobile = url(slide.GrafikaMobile?.Nazwa);
  return {
    desktop: url(slide.Plik)!,
    mobile,
    desktopWebp: url(slide.PlikWebp),
    mobileWebp: mobile ? url(slide.GrafikaMobileWebp) : null,
  };
};

/** Banner height on wide screens: Wysokosc px, capped at 610 (spec 9). */
export const bannerHeight = (wysokosc: number): number =>
  Math.min(wysokosc > 0 ? wysokosc : BANNER_DEFAULT_HEIGHT, BANNER_MAX_HEIGHT);

/** Mask opacity by BanerGrafikaPrzezroczystoscMaski; .20 when unknown. */
export const maskOpacity = (code: number): number => MASK_OPACITY[code] ?? 0.2;

/** Text-box background opacity by BgOpacity; 1 when unknown. */
export const textBoxOpacity = (code: number): number => BG_OPACITY[code] ?? 1;

export type Placement = 'start' | 'center' | 'end';
const PLACEMENT: Record<number, Placement> = { 10: 'start', 20: 'center', 30: 'end' };
/** PolozenieTextX / PolozenieTextY (10, 20, 30) on the 3x3 grid; centre when unknown. */
export const textPlacement = (x: number, y: number): { x: Placement; y: Placement } => ({
  x: PLACEMENT[x] ?? 'center',
  y: PLACEMENT[y] ?? 'center',
});

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** A #rgb / #rrggbb colour from the backend, or the fallback (never arbitrary CSS). */
export const safeColor = (value: string | null | undefined, fallback: string): string => {
  const v = (value ?? '').trim();
  return HEX.test(v) ? v.toLowerCase() : fallback;
};

const rgb = (hex: string): [number, number, number] => {
  const h = hex.slice(1);
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

/** Relative luminance (WCAG) of a #hex colour. */
export const luminance = (hex: string): number => {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export type TextBoxStyle = { color: string; background: string; shadow: boolean };
/**
 * Text colour KolorText on a box whose background opacity comes from BgOpacity. The box colour
 * contrasts with the text: the club's dark primary (the stylesheet's variable, so every club gets
 * its own) behind light text, white behind dark text; a see-through box gets a text shadow to stay
 * readable on the image.
 */
export const textBoxStyle = (kolorText: string, bgOpacityCode: number): TextBoxStyle => {
  const color = safeColor(kolorText, '#ffffff');
  const percent = Math.round(textBoxOpacity(bgOpacityCode) * 100);
  const light = luminance(color) > 0.4;
  const box = light ? 'var(--color-primary-dark)' : '#ffffff';
  return {
    color,
    background: `color-mix(in srgb, ${box} ${percent}%, transparent)`,
    shadow: light && percent < 75,
  };
};

/** Slide index after a step, looping in both directions. */
export const wrapIndex = (index: number, count: number): number =>
  count <= 0 ? 0 : ((index % count) + count) % count;

/** The home banner, if it is one (spec: type 10 with at least one slide). */
export const homeBanner = (banner: Banner | null): Banner | null =>
  banner && banner.Rodzaj === BANNER_KIND_HOME && banner.Grafiki.length > 0 ? banner : null;

/**
 * Preload links for the first slide's images, for the page's head: the browser meets an image
 * inside <picture> only when it parses the body, and this one is the page's largest paint.
 */
export const firstSlidePreloads = (banner: Banner | null, alias: string) => {
  const slide = banner?.Grafiki[0];
  if (!banner || !slide) return [];
  const { desktop, mobile, desktopWebp, mobileWebp } = slideImages(alias, banner.Id, slide);
  // The very file BannerSlide's <picture> picks: its WebP copy first (a browser without WebP skips
  // a preload of that type and loads the JPEG from <picture>).
  const link = (jpeg: string, webp: string | null, media?: string) => ({
    tagName: 'link' as const,
    rel: 'preload',
    as: 'image',
    href: webp ?? jpeg,
    fetchPriority: 'high',
    ...(webp && { type: 'image/webp' }),
    ...(media && { media }),
  });
  return mobile
    ? [link(mobile, mobileWebp, BANNER_MOBILE_QUERY), link(desktop, desktopWebp, BANNER_DESKTOP_QUERY)]
    : [link(desktop, desktopWebp)];
};
