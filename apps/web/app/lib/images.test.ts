import { describe, expect, it } from 'vitest';
import { photosFor, productPhotoSources, productPhotoUrl } from './images.ts';

describe('productPhotoUrl', () => {
  it('builds the spec path of a product photo', () => {
    expect(productPhotoUrl('demo', 12, { Id: 7, Nazwa: 'koszulka.jpg' })).toBe(
      '/static/demo/wyrobzdjecie/12/7/600_600_koszulka.jpg',
    );
  });
  it('falls back to the placeholder without a photo', () => {
    expect(productPhotoUrl('demo', 12, null)).toBe('/assets/images/no-image.png');
    expect(productPhotoUrl('demo', 12, undefined)).toBe('/assets/images/no-image.png');
  });
  it('escapes names so a file name cannot leave its path segment', () => {
    expect(productPhotoUrl('demo', 1, { Id: 2, Nazwa: '../a b?.jpg' })).toBe(
      '/static/demo/wyrobzdjecie/1/2/600_600_..%2Fa%20b%3F.jpg',
    );
  });
});

describe('productPhotoSources', () => {
  it('lists the 150/300/600 WebP siblings, the 600x600 JPEG as src', () => {
    const s = productPhotoSources('demo', 12, { Id: 7, Nazwa: 'koszulka.jpg' });
    const base = '/static/demo/wyrobzdjecie/12/7/';
    expect(s.src).toBe(`${base}600_600_koszulka.jpg`);
    expect(s.webpSrcSet).toBe(
      `${base}150_150_koszulka.webp 150w, ${base}300_300_koszulka.webp 300w, ${base}600_600_koszulka.webp 600w`,
    );
  });
  it('is the placeholder alone without a photo', () => {
    expect(productPhotoSources('demo', 12, null)).toEqual({ src: '/assets/images/no-image.png' });
  });
  it('escapes names in every candidate', () => {
    const s = productPhotoSources('demo', 1, { Id: 2, Nazwa: 'a b,c.jpg' });
    expect(s.src).toContain('/600_600_a%20b%2Cc.jpg');
    expect(s.webpSrcSet).toContain('/600_600_a%20b%2Cc.webp 600w');
  });
});

describe('photosFor', () => {
  const img = (src: string) => ({ src });
  const images = [img('all-1'), img('green'), img('black'), img('all-2')];
  const values = [null, 'Zielony', 'Czarny', null];

  it('shows every photo until a chosen value has photos of its own', () => {
    expect(photosFor(images, values, [])).toEqual({ images, key: '' });
    expect(photosFor(images, values, [null, 'M'])).toEqual({ images, key: '' });
  });

  it("puts the chosen colour's photos first and leaves out the other colours'", () => {
    expect(photosFor(images, values, ['Czarny', 'M'])).toEqual({
      images: [img('black'), img('all-1'), img('all-2')],
      key: 'Czarny',
    });
  });
});
