import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { Link } from '../components/Link.tsx';
import './server-links.server.ts';

describe('links on the server', () => {
  it('become the anchor the Link renders, with no component in between', () => {
    const vnode = h(
      Link as never,
      { to: '/szukaj?q=%C5%BC&strona=2', className: 'btn', rel: 'next', onClick: () => {} },
      'Dalej',
    );
    expect(vnode.type).toBe('a');
    expect(renderToString(vnode)).toBe(
      '<a class="btn" rel="next" href="/szukaj?q=%C5%BC&amp;strona=2">Dalej</a>',
    );
  });

  it('leave other elements and components alone', () => {
    const Tile = ({ name }: { name: string }) => h('p', null, name);
    expect(h(Tile, { name: 'x' }).type).toBe(Tile);
    expect(renderToString(h('a', { href: '/regulamin' }, 'Regulamin'))).toBe(
      '<a href="/regulamin">Regulamin</a>',
    );
  });
});
