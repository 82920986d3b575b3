import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { productPhotoSources } from '../lib/images.ts';
import { ProductPicture } from './ProductPicture.tsx';

describe('ProductPicture', () => {
  it('renders a <picture> with a sized WebP source, the 600x600 JPEG as the only JPEG', () => {
    const html = renderToStaticMarkup(
      <ProductPicture
        photo={productPhotoSources('demo', 3, { Id: 9, Nazwa: 'szalik.jpg' })}
        sizes="50vw"
        alt="Szalik"
      />,
    );
    const base = '/static/demo/wyrobzdjecie/3/9/';
    expect(html).toMatch(/^<picture><source type="image\/webp" srcset="[^"]+" sizes="50vw"\/?><img /i);
    expect(html).toContain(`${base}300_300_szalik.webp 300w`);
    expect(html).toContain(`src="${base}600_600_szalik.jpg"`);
    // Browsers without WebP (Safari before 14) take the 600x600 JPEG; no JPEG srcset per tile.
    expect(html).not.toContain('150_150_szalik.jpg');
    expect(html).toMatch(/<img src="[^"]+" alt/);
    expect(html).toContain('width="600"');
    expect(html).toContain('alt="Szalik"');
  });

  it('renders the placeholder as a plain <img> without srcset', () => {
    const html = renderToStaticMarkup(
      <ProductPicture photo={productPhotoSources('demo', 3, null)} sizes="50vw" alt="" />,
    );
    expect(html).not.toContain('<picture');
    expect(html.toLowerCase()).not.toContain('srcset');
    expect(html).toContain('src="/assets/images/no-image.png"');
  });
});
