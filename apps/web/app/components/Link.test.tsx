import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isActivePath, Link, LinkNavigation, NavLink } from './Link.tsx';

const renderAt = (url: string, element: ReactNode) => {
  const router = createMemoryRouter([{ path: '*', element: <LinkNavigation>{element}</LinkNavigation> }], {
    initialEntries: [url],
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe('Link', () => {
  it("renders the target as the href, with its query, and the router's discovery mark", () => {
    const html = renderAt(
      '/',
      <Link to="/szukaj?q=%C5%BC%C3%B3%C5%82ty&strona=2" className="btn" rel="next">
        Dalej
      </Link>,
    );
    expect(html).toBe(
      '<a class="btn" rel="next" href="/szukaj?q=%C5%BC%C3%B3%C5%82ty&amp;strona=2">Dalej</a>',
    );
  });

  it('marks nothing current', () => {
    expect(renderAt('/produkt/1', <Link to="/produkt/1">P</Link>)).not.toContain('aria-current');
  });
});

describe('NavLink', () => {
  it('is the current page on its own path and below it, as React Router decides', () => {
    const html = renderAt(
      '/moje-konto/zamowienia',
      <NavLink to="/moje-konto" className="l">
        Konto
      </NavLink>,
    );
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('class="l active"');
  });

  it('with `end`, only on its own path', () => {
    expect(
      renderAt(
        '/produkty',
        <NavLink to="/" end>
          Start
        </NavLink>,
      ),
    ).not.toContain('aria-current');
    expect(
      renderAt(
        '/',
        <NavLink to="/" end>
          Start
        </NavLink>,
      ),
    ).toContain('aria-current="page"');
  });

  it('is not current on another page', () => {
    const html = renderAt(
      '/koszyk',
      <NavLink to="/logowanie" className="l">
        Zaloguj
      </NavLink>,
    );
    expect(html).not.toContain('aria-current');
    expect(html).toContain('class="l"');
  });
});

describe('isActivePath', () => {
  it.each([
    ['/regulamin', '/regulamin', true, true],
    ['/regulamin', '/regulamin/', false, true],
    ['/Regulamin', '/regulamin', true, true],
    ['/produkty', '/produkty/5', false, true],
    ['/produkty', '/produkty/5', true, false],
    ['/produkty', '/produktyx', false, false],
    ['/strona/o-klubie?x=1', '/strona/o-klubie', true, true],
    ['/strona/żółty', '/strona/%C5%BC%C3%B3%C5%82ty', true, true],
    ['/', '/produkty', false, false],
  ])('%s at %s (end %s): %s', (to, here, end, active) => {
    expect(isActivePath(to, here, end)).toBe(active);
  });
});
