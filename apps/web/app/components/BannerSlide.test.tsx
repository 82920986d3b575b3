import type { BannerSlide as Slide } from '@club/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BannerSlide } from './BannerSlide.tsx';

const slide = (over: Partial<Slide>): Slide => ({
  Id: 3,
  Nazwa: '',
  Plik: 'baner.jpg',
  GrafikaMobile: { Id: 3, Nazwa: 'baner-telefon.jpg' },
  Url: '',
  Tresc: '',
  KolorText: '#ffffff',
  BgOpacity: 50,
  IsKolorMaski: false,
  KolorMaski: '#000000',
  BanerGrafikaPrzezroczystoscMaski: 20,
  PolozenieTextX: 20,
  PolozenieTextY: 20,
  ...over,
});
const render = (s: Slide) =>
  renderToStaticMarkup(
    <BannerSlide slide={s} bannerId={1} alias="demo" first fallbackLabel="Baner" height={450} />,
  );
const sources = (html: string) =>
  [...html.matchAll(/<source ([^>]*)>/g)].map((m) => ({
    media: m[1]!.match(/media="([^"]+)"/)?.[1] ?? null,
    type: m[1]!.match(/type="([^"]+)"/)?.[1] ?? null,
    file: m[1]!.match(/srcset="[^"]*\/([^"/]+)"/i)?.[1],
  }));

describe('BannerSlide', () => {
  it("offers the phone's WebP, the phone's JPEG, then the desktop WebP before the JPEG <img>", () => {
    const html = render(slide({ PlikWebp: 'baner.webp', GrafikaMobileWebp: 'baner-telefon.webp' }));
    expect(sources(html)).toEqual([
      { media: '(max-width: 639px)', type: 'image/webp', file: 'baner-telefon.webp' },
      { media: '(max-width: 639px)', type: null, file: 'baner-telefon.jpg' },
      { media: null, type: 'image/webp', file: 'baner.webp' },
    ]);
    expect(html).toMatch(/<img [^>]*src="\/static\/demo\/panelbanerygrafika\/1\/3\/baner\.jpg"/);
  });

  it('offers only the JPEGs of a slide stored before its WebP copies', () => {
    expect(sources(render(slide({})))).toEqual([
      { media: '(max-width: 639px)', type: null, file: 'baner-telefon.jpg' },
    ]);
  });
});
