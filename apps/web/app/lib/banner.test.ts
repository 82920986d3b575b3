import type { Banner } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  bannerHeight,
  bannerImageUrl,
  firstSlidePreloads,
  homeBanner,
  maskOpacity,
  safeColor,
  slideImages,
  textBoxOpacity,
  textBoxStyle,
  textPlacement,
  wrapIndex,
} from './banner.ts';

describe('banner images', () => {
  it('builds the static paths of the desktop and mobile images', () => {
    expect(bannerImageUrl('demo', 1, 2, 'baner 1.jpg')).toBe(
      '/static/demo/panelbanerygrafika/1/2/baner%201.jpg',
    );
    expect(
      slideImages('demo', 7, { Id: 3, Plik: 'a.jpg', GrafikaMobile: { Id: 9, Nazwa: 'a-m.jpg' } }),
    ).toEqual({
      desktop: '/static/demo/panelbanerygrafika/7/3/a.jpg',
      mobile: '/static/demo/panelbanerygrafika/7/3/a-m.jpg',
      desktopWebp: null,
      mobileWebp: null,
    });
    expect(slideImages('demo', 7, { Id: 3, Plik: 'a.jpg', GrafikaMobile: null }).mobile).toBeNull();
  });

  it('adds the WebP copies the slide has, and none for a mobile image the slide no longer has', () => {
    expect(
      slideImages('demo', 7, {
        Id: 3,
        Plik: 'a.jpg',
        PlikWebp: 'a.webp',
        GrafikaMobile: { Id: 3, Nazwa: 'a-m.jpg' },
        GrafikaMobileWebp: 'a-m.webp',
      }),
    ).toMatchObject({
      desktopWebp: '/static/demo/panelbanerygrafika/7/3/a.webp',
      mobileWebp: '/static/demo/panelbanerygrafika/7/3/a-m.webp',
    });
    expect(
      slideImages('demo', 7, { Id: 3, Plik: 'a.jpg', GrafikaMobile: null, GrafikaMobileWebp: 'a-m.webp' })
        .mobileWebp,
    ).toBeNull();
  });
});

describe('banner constants (spec 9)', () => {
  it('caps the height at 610 px', () => {
    expect(bannerHeight(520)).toBe(520);
    expect(bannerHeight(900)).toBe(610);
    expect(bannerHeight(0)).toBe(450);
  });
  it('maps mask opacity codes, .20 by default', () => {
    expect([20, 40, 60, 80].map(maskOpacity)).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(maskOpacity(0)).toBe(0.2);
    expect(maskOpacity(55)).toBe(0.2);
  });
  it('maps text-box opacity codes, 1 by default', () => {
    expect([10, 20, 30, 40, 50].map(textBoxOpacity)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(textBoxOpacity(0)).toBe(1);
  });
});

describe('text box', () => {
  it('places the box on a 3x3 grid, centred when unknown', () => {
    expect(textPlacement(10, 30)).toEqual({ x: 'start', y: 'end' });
    expect(textPlacement(20, 10)).toEqual({ x: 'center', y: 'start' });
    expect(textPlacement(30, 20)).toEqual({ x: 'end', y: 'center' });
    expect(textPlacement(0, 99)).toEqual({ x: 'center', y: 'center' });
  });
  it('accepts only hex colours', () => {
    expect(safeColor('#FFF', '#000')).toBe('#fff');
    expect(safeColor('#0b5d3b', '#000')).toBe('#0b5d3b');
    expect(safeColor('red;background:url(x)', '#000')).toBe('#000');
    expect(safeColor('', '#123456')).toBe('#123456');
  });
  it("puts light text on the club's dark primary and dark text on white", () => {
    expect(textBoxStyle('#ffffff', 40)).toEqual({
      color: '#ffffff',
      background: 'color-mix(in srgb, var(--color-primary-dark) 75%, transparent)',
      shadow: false,
    });
    expect(textBoxStyle('#111111', 20)).toEqual({
      color: '#111111',
      background: 'color-mix(in srgb, #ffffff 25%, transparent)',
      shadow: false,
    });
    expect(textBoxStyle('#ffffff', 10).shadow).toBe(true);
    expect(textBoxStyle('bad', 50).color).toBe('#ffffff');
  });
});

describe('slides', () => {
  it('loops in both directions', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
  it('accepts only a home banner (type 10) with slides', () => {
    const b = { Id: 1, Rodzaj: 10, Wysokosc: 500, Grafiki: [{}] } as unknown as Banner;
    expect(homeBanner(b)).toBe(b);
    expect(homeBanner({ ...b, Rodzaj: 20 })).toBeNull();
    expect(homeBanner({ ...b, Grafiki: [] })).toBeNull();
    expect(homeBanner(null)).toBeNull();
  });
});

describe('firstSlidePreloads', () => {
  const slide = (mobile: string | null) => ({
    Id: 2,
    Plik: 'baner.jpg',
    GrafikaMobile: mobile ? { Id: 9, Nazwa: mobile } : null,
  });
  const banner = (mobile: string | null) => ({ Id: 1, Grafiki: [slide(mobile)] }) as unknown as Banner;

  it('preloads the mobile and the desktop image of the first slide, each for its screens', () => {
    expect(firstSlidePreloads(banner('m.jpg'), 'demo')).toEqual([
      expect.objectContaining({
        tagName: 'link',
        rel: 'preload',
        as: 'image',
        media: '(max-width: 639px)',
        href: '/static/demo/panelbanerygrafika/1/2/m.jpg',
      }),
      expect.objectContaining({
        media: '(min-width: 640px)',
        href: '/static/demo/panelbanerygrafika/1/2/baner.jpg',
        fetchPriority: 'high',
      }),
    ]);
  });

  it('preloads the WebP copies where the slide has them, as the picture picks them', () => {
    const withWebp = (mobileWebp: string | null) =>
      ({
        Id: 1,
        Grafiki: [{ ...slide('m.jpg'), PlikWebp: 'baner.webp', GrafikaMobileWebp: mobileWebp }],
      }) as unknown as Banner;
    expect(firstSlidePreloads(withWebp('m.webp'), 'demo')).toEqual([
      expect.objectContaining({ href: '/static/demo/panelbanerygrafika/1/2/m.webp', type: 'image/webp' }),
      expect.objectContaining({ href: '/static/demo/panelbanerygrafika/1/2/baner.webp', type: 'image/webp' }),
    ]);
    // A phone image without a copy: the phone's JPEG, and no type that would make a browser skip it.
    const [phone] = firstSlidePreloads(withWebp(null), 'demo');
    expect(phone).toMatchObject({ href: '/static/demo/panelbanerygrafika/1/2/m.jpg' });
    expect(phone).not.toHaveProperty('type');
  });

  it('preloads the one image of a slide without a mobile image, and nothing without a banner', () => {
    const links = firstSlidePreloads(banner(null), 'demo');
    expect(links).toHaveLength(1);
    expect(links[0]).not.toHaveProperty('media');
    expect(firstSlidePreloads(null, 'demo')).toEqual([]);
  });
});
