import type { MenuItem } from '@club/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuItem as item } from '../testing/menu-item.ts';
import { SiteFooter } from './SiteFooter.tsx';

/** The footer inside a router (its links are router links), rendered to HTML as the server does. */
const render = (menu: MenuItem[]) => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SiteFooter
            shop="Sklep"
            year={2026}
            logo={{ src: '/logo', shown: '/logo?f=webp' }}
            menu={menu}
            social={[]}
            text=""
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe('SiteFooter', () => {
  it('shows the sub-items of menu 30 (and theirs) as nested lists under their parent', () => {
    const html = render([
      item(1, 'Regulamin', '/regulamin'),
      item(2, 'Kontakt', '/kontakt', [
        item(3, 'Akredytacje prasowe', '/akredytacja', [item(4, 'Dla fotoreporterów', '/foto')]),
      ]),
    ]);
    for (const [title, href] of [
      ['Regulamin', '/regulamin'],
      ['Kontakt', '/kontakt'],
      ['Akredytacje prasowe', '/akredytacja'],
      ['Dla fotoreporterów', '/foto'],
    ])
      expect(html).toMatch(new RegExp(`<a [^>]*href="${href}"[^>]*>${title}</a>`));
    // Kontakt's <li> holds a list with its sub-item, which holds its own.
    expect(html).toMatch(
      /<li><a [^>]*href="\/kontakt"[^>]*>Kontakt<\/a><ul [^>]*><li><a [^>]*href="\/akredytacja"[^>]*>Akredytacje prasowe<\/a><ul [^>]*><li><a [^>]*href="\/foto"/,
    );
    // An item without sub-items gets no empty list.
    expect(html).toMatch(/<li><a [^>]*href="\/regulamin"[^>]*>Regulamin<\/a><\/li>/);
  });
});
