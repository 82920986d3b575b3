import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { giftCardPdf } from './pdf.ts';

const card = {
  clubName: 'MKS Sokół Łódź',
  code: 'ABCDEFGHJKMNPQRS',
  amount: 15050,
  // 23:30 UTC is already the next day in Warsaw.
  expiresAt: new Date('2027-11-28T23:30:00Z'),
  storefrontUrl: 'https://sklep.sokol.pl/',
  orderNumber: '123/2026',
};

describe('giftCardPdf', () => {
  it('shows the club, the amount, the code in groups, the Warsaw expiry day, how to use it and the order', async () => {
    const { text, pages, info } = await pdfText(await giftCardPdf(card));
    expect(pages).toBe(1);
    expect(text).toContain('MKS Sokół Łódź');
    expect(text).toContain('Karta podarunkowa');
    expect(text).toContain('150,50 zł');
    expect(text).toContain('ABCD-EFGH-JKMN-PQRS');
    expect(text).toContain('Ważna do: 29.11.2027');
    expect(text).toContain('Wpisz kod w koszyku w polu „Karta podarunkowa” na https://sklep.sokol.pl;');
    expect(text).toContain('saldo sprawdzisz na https://sklep.sokol.pl/karta-podarunkowa.');
    expect(text).toContain('Zamówienie nr 123/2026');
    expect(info.Title).toBe('Karta podarunkowa – MKS Sokół Łódź');
    expect(info.CreationDate).toMatch(/^D:20260101000000/);
  });

  it('gives the same bytes for the same card, other bytes for another code', async () => {
    const first = await giftCardPdf(card);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await giftCardPdf({ ...card })).equals(first)).toBe(true);
    expect((await giftCardPdf({ ...card, code: 'ABCDEFGHJKMNPQRT' })).equals(first)).toBe(false);
  });

  it('keeps a very long club name on the card', async () => {
    const long = `Uczniowski Klub Sportowy ${'Bardzo Długa Nazwa '.repeat(12)}`;
    const { text, pages } = await pdfText(await giftCardPdf({ ...card, clubName: long }));
    expect(pages).toBe(1);
    expect(text).toContain('ABCD-EFGH-JKMN-PQRS');
    expect(text).toContain('150,50 zł');
  });
});
