import type { Cart } from '@club/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CartGiftCard, GiftCardRow } from './CartGiftCard.tsx';

const cart: Cart = { Guid: 'g', Koszt: 120, Pozycje: [] };
const card = {
  Koncowka: 'PQRS',
  Saldo: 150,
  WaznaDo: '2027-11-29T12:00:00Z',
  Kwota: 0,
  Komunikat: 'Karty podarunkowej nie można wykorzystać na zakup innych kart podarunkowych.',
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('CartGiftCard', () => {
  it('without a card: a labelled code field, as the discount code', () => {
    const html = renderToStaticMarkup(<CartGiftCard cart={cart} onChange={() => undefined} />);
    const id = html.match(/<label for="([^"]+)"/)![1];
    expect(html).toContain(`id="${id}"`);
    expect(text(html)).toContain('Karta podarunkowa');
    expect(html).toContain('name="Kod"');
  });

  it('with a card: its end, balance and last day, why it pays nothing, and its removal', () => {
    const html = text(
      renderToStaticMarkup(
        <CartGiftCard cart={{ ...cart, KartaPodarunkowa: card }} onChange={() => undefined} />,
      ),
    );
    expect(html).toContain('Karta podarunkowa ••••-PQRS');
    expect(html).toContain('Saldo: 150,00 zł, ważna do 29.11.2027');
    expect(html).toContain(card.Komunikat);
    expect(html).toContain('Usuń kartę');
  });

  it("the summary's row: what the card pays", () => {
    const html = text(
      renderToStaticMarkup(
        <dl>
          <GiftCardRow card={{ ...card, Kwota: 49.99, Komunikat: null }} />
        </dl>,
      ),
    );
    expect(html).toMatch(/Karta podarunkowa ••••-PQRS −49,99\s?zł/);
    expect(renderToStaticMarkup(<GiftCardRow />)).toBe('');
  });
});
