import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { bootScript } from './deferred-scripts.server.ts';

describe('the page scripts on the server', () => {
  it('preloads are written without rel (nothing is fetched until the boot script says), at low priority', () => {
    expect(renderToString(h('link', { rel: 'modulepreload', href: '/build-assets/root.js' }))).toBe(
      '<link href="/build-assets/root.js" data-modulepreload fetchpriority="low"/>',
    );
  });

  it('links carry no nonce: the policy allows same-origin scripts without one', () => {
    expect(
      renderToString(h('link', { rel: 'modulepreload', href: '/build-assets/root.js', nonce: 'abc' })),
    ).toBe('<link href="/build-assets/root.js" data-modulepreload fetchpriority="low"/>');
    expect(renderToString(h('link', { rel: 'icon', href: '/favicon.svg', nonce: 'abc' }))).toBe(
      '<link rel="icon" href="/favicon.svg"/>',
    );
  });

  it('the module script becomes a classic script carrying its source', () => {
    const source = 'import "/build-assets/manifest.js";\nimport("/build-assets/entry.client.js");';
    const html = renderToString(
      h('script', {
        nonce: 'abc',
        type: 'module',
        async: true,
        dangerouslySetInnerHTML: { __html: source },
      }),
    );
    expect(html).toBe(`<script nonce="abc">${bootScript(source)}</script>`);
    expect(html).toContain(JSON.stringify(source));
  });

  it('a closing tag in the source cannot end the script early', () => {
    expect(bootScript('window.x = "</script><script>alert(1)</script>";')).not.toContain('</script>');
  });

  it('leaves other links and scripts alone', () => {
    expect(renderToString(h('link', { rel: 'icon', href: '/favicon.svg' }))).toBe(
      '<link rel="icon" href="/favicon.svg"/>',
    );
    expect(renderToString(h('script', { nonce: 'abc', dangerouslySetInnerHTML: { __html: 'x=1' } }))).toBe(
      '<script nonce="abc">x=1</script>',
    );
  });
});
