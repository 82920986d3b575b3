import type { PanelBannerSlide } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { aliasFromImageUrl, longColour, orderAfterDrop, orderAfterStep, slideInput } from './banner-form.ts';

const slide: PanelBannerSlide = {
  Id: 7,
  Nazwa: 'Nowe koszulki',
  Plik: 'baner.jpg',
  GrafikaMobile: null,
  Url: '/produkty',
  Tresc: 'Tekst',
  KolorText: '#FFF',
  BgOpacity: 40,
  IsKolorMaski: true,
  KolorMaski: '',
  BanerGrafikaPrzezroczystoscMaski: 55,
  PolozenieTextX: 30,
  PolozenieTextY: 0,
  Pozycja: 0,
  ObrazUrl: '/static/klub%20sokol/panelbanerygrafika/3/7/baner.jpg',
  ObrazMobileUrl: null,
};

describe('banner form', () => {
  it('reads the club alias from an image address', () => {
    expect(aliasFromImageUrl(slide.ObrazUrl)).toBe('klub sokol');
    expect(aliasFromImageUrl(undefined)).toBe('');
  });

  it('gives the colour picker long lower-case colours', () => {
    expect(longColour('#Fa0')).toBe('#ffaa00');
    expect(longColour('#0B5D3B')).toBe('#0b5d3b');
  });

  it('fills the form from a slide, unknown codes and empty colours taking the defaults', () => {
    expect(slideInput(slide)).toEqual({
      Nazwa: 'Nowe koszulki',
      Tresc: 'Tekst',
      Url: '/produkty',
      KolorText: '#ffffff',
      BgOpacity: 40,
      IsKolorMaski: true,
      KolorMaski: '#000000',
      BanerGrafikaPrzezroczystoscMaski: 20,
      PolozenieTextX: 30,
      PolozenieTextY: 20,
    });
  });

  it('moves a slide by one place, or to where it is dropped', () => {
    expect(orderAfterStep([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(orderAfterStep([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(orderAfterDrop([1, 2, 3], 3, 1, false)).toEqual([3, 1, 2]);
    expect(orderAfterDrop([1, 2, 3], 1, 3, true)).toEqual([2, 3, 1]);
    expect(orderAfterDrop([1, 2, 3], 3, 2, false)).toEqual([1, 3, 2]);
  });
});
