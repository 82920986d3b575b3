import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LogoImage } from './LogoImage.tsx';

describe('LogoImage', () => {
  it('offers the WebP copy first and keeps the logo as the <img> for other browsers', () => {
    const html = renderToStaticMarkup(
      <LogoImage logo={{ src: '/logo?v=1', shown: '/logo?v=1&f=webp' }} alt="Klub" width={56} height={56} />,
    );
    expect(html).toMatch(
      /^<picture class="shrink-0"><source type="image\/webp" srcset="\/logo\?v=1&amp;f=webp"\/?><img src="\/logo\?v=1"/i,
    );
    expect(html).toContain('alt="Klub"');
  });
});
