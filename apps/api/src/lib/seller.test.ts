import { describe, expect, it } from 'vitest';
import { fillSellerPlaceholders } from './seller.ts';

const club = { name: 'FC Rywal', shopEmail: 'sklep@rywal.pl' };
const seller = {
  name: 'FC Rywal S.A.',
  street: 'ul. Boczna 7',
  postcode: '30-001',
  city: 'Kraków',
  nip: '5260250995',
  regon: '',
  krs: '0000123456',
  email: 'biuro@rywal.pl',
  phone: '12 345 67 89',
  bankAccount: '',
  complaints: { name: '', street: 'ul. Magazynowa 2', postcode: '30-002', city: 'Kraków' },
};

describe('fillSellerPlaceholders', () => {
  it("fills the seller's data, leaving out what the club has not given", () => {
    expect(
      fillSellerPlaceholders('<p>{{sprzedawca}}; {{email}}; {{adres-reklamacji}}</p>', { ...club, seller }),
    ).toBe(
      '<p>FC Rywal S.A., ul. Boczna 7, 30-001 Kraków, NIP 5260250995, KRS 0000123456; biuro@rywal.pl; FC Rywal S.A., ul. Magazynowa 2, 30-002 Kraków</p>',
    );
  });

  it("takes the club's name and shop address until the seller is given, without stray commas", () => {
    expect(
      fillSellerPlaceholders('{{sprzedawca}} / {{email}} / {{telefon}}.', { ...club, seller: null }),
    ).toBe('FC Rywal / sklep@rywal.pl / .');
  });

  it('escapes the values and keeps unknown or malformed placeholders as written', () => {
    const html = fillSellerPlaceholders('{{nazwa}} {{nieznany}} {{ nazwa }} {nazwa}', {
      ...club,
      seller: { ...seller, name: 'A & B <script>' },
    });
    expect(html).toBe('A &amp; B &lt;script&gt; {{nieznany}} {{ nazwa }} {nazwa}');
    // A key named like an object's own property is no placeholder either.
    expect(fillSellerPlaceholders('{{constructor}}', { ...club, seller })).toBe('{{constructor}}');
  });
});
