import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OutcomeFrame, OutcomeHeading } from './OutcomeCard.tsx';

const render = (ok: boolean) => {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <OutcomeFrame backLabel="Wróć do sklepu">
          <OutcomeHeading ok={ok} title="Gotowe" />
        </OutcomeFrame>
      ),
    },
  ]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
};

describe('OutcomeCard', () => {
  it('marks success with a tick and failure with an exclamation, hidden from screen readers', () => {
    expect(render(true)).toMatch(
      /<div aria-hidden="true" class="[^"]*bg-green-100[^"]*">✓<\/div><h1[^>]*>Gotowe<\/h1>/,
    );
    expect(render(false)).toMatch(/<div aria-hidden="true" class="[^"]*bg-red-100[^"]*">!<\/div>/);
  });

  it('always offers the way back to the shop after the content', () => {
    expect(render(true)).toMatch(/<\/h1><div class="mt-8"><a[^>]*href="\/"[^>]*>.*Wróć do sklepu/s);
  });
});
