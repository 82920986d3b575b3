import { describe, expect, it } from 'vitest';
import { productPhotoUrl } from './images.ts';

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
