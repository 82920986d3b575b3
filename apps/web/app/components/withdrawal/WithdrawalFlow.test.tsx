import type { WithdrawalOffer } from '@club/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WithdrawalFlow } from './WithdrawalFlow.tsx';

const line = (over: Partial<WithdrawalOffer['Pozycje'][number]>): WithdrawalOffer['Pozycje'][number] => ({
  Id: 1,
  Nazwa: 'Koszulka treningowa',
  Parametr: 'M',
  Ilosc: 1,
  Dostepne: 1,
  Wylaczenie: null,
  Rozmiary: [],
  BrakWymiany: null,
  ...over,
});
const render = (Pozycje: WithdrawalOffer['Pozycje'], Otwarte = true) =>
  renderToStaticMarkup(
    <WithdrawalFlow
      offer={{ NrZamowienia: 'ZS/2026/000001', Sklep: 'MKS', Otwarte, Do: null, Pozycje }}
      submit={async () => {
        throw new Error('not in a static render');
      }}
    />,
  );

describe('WithdrawalFlow: a size instead of the money', () => {
  it('offers the sizes the shop allows, the refund first and chosen', () => {
    const html = render([
      line({
        Rozmiary: [
          { Id: 7, Nazwa: 'L' },
          { Id: 8, Nazwa: 'XL' },
        ],
      }),
    ]);
    expect(html).toContain('>Zamiast zwrotu pieniędzy</label>');
    expect(html).toMatch(/<option value="" selected="">Zwrot pieniędzy<\/option>/);
    expect(html).toContain('<option value="7">Wymiana na rozmiar L</option>');
    expect(html).toContain('<option value="8">Wymiana na rozmiar XL</option>');
  });

  it('says why there is no exchange, and offers none for a line without sizes, exempt or closed', () => {
    expect(render([line({ BrakWymiany: 'Brak innego rozmiaru' })])).toContain('Brak innego rozmiaru');
    expect(render([line({ Parametr: null })])).not.toContain('Zamiast zwrotu pieniędzy');
    const sizes = [{ Id: 7, Nazwa: 'L' }];
    expect(render([line({ Rozmiary: sizes, Dostepne: 0, Wylaczenie: 'Bilet' })])).not.toContain(
      'Zamiast zwrotu pieniędzy',
    );
    expect(render([line({ Rozmiary: sizes })], false)).not.toContain('Zamiast zwrotu pieniędzy');
  });
});
