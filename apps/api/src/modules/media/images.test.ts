import { LOGO_SHOWN_PX } from '@club/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShownLogo, shownLogoFileName, webpFileName } from './images.ts';

/** A PNG of varied pixels: its WebP copy is much smaller. */
const noisyPng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 4 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 4 },
  })
    .png()
    .toBuffer();

describe('logo copies for pages', () => {
  it('fits a large logo into the box pages show, as WebP with its transparency', async () => {
    const copy = await renderShownLogo(await noisyPng(800, 400));
    expect(copy).not.toBeNull();
    const meta = await sharp(copy!).metadata();
    expect(meta).toMatchObject({
      format: 'webp',
      width: LOGO_SHOWN_PX,
      height: LOGO_SHOWN_PX / 2,
      hasAlpha: true,
    });
  });

  it('makes no copy that would not be smaller than the logo', async () => {
    // A 1-px checkerboard: a two-colour PNG of ~150 bytes, kB of lossy WebP.
    const side = LOGO_SHOWN_PX;
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < side * side; i++)
      pixels.fill(((i % side) + Math.floor(i / side)) % 2 ? 255 : 0, i * 3, i * 3 + 3);
    const checkerboard = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    expect(await renderShownLogo(checkerboard)).toBeNull();
  });

  it('names the copies beside their pictures', () => {
    expect(shownLogoFileName('main-1a2b3c.png')).toBe('main-1a2b3c-shown.webp');
    expect(webpFileName('baner-1-telefon-a1b2c3.jpg')).toBe('baner-1-telefon-a1b2c3.webp');
  });
});
