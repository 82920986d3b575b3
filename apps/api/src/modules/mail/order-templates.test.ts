import type { Seller } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { type OrderConfirmation, orderConfirmationMail } from './order-templates.ts';

const seller: Seller = {
  Uzupelnione: true,
  Brakuje: [],
  Nazwa: 'Klub <Sokół> sp. z o.o.',
  UlicaINumer: 'ul. Sportowa 1',
  KodPocztowy: '00-950',
  Miasto: 'Warszawa',
  NIP: '1234563218',
  REGON: '123456785',
  KRS: '',
  Email: 'biuro@example.pl',
  Telefon: '22 123 45 67',
  NrKonta: '',
  Reklamacje: {
    Nazwa: 'Dział zwrotów',
    UlicaINumer: 'Magazynowa 5',
    KodPocztowy: '01-234',
    Miasto: 'Łomianki',
  },
};
const order = (over: Partial<OrderConfirmation> = {}): OrderConfirmation => ({
  shopName: 'Sklep Sokół',
  number: 'ZS/2026/000001',
  lines: [{ name: 'Szalik', quantity: 1, unitPrice: 4999 }],
  shippingName: 'Kurier DPD',
  shippingCost: 1599,
  deliveryInfo: null,
  paymentMethod: 20,
  total: 6598,
  address: {
    name: 'Jan',
    street: 'ul. A 1',
    postcode: '00-001',
    city: 'Warszawa',
    phone: '600',
    email: 'j@example.pl',
  },
  seller,
  shopEmail: 'sklep@example.pl',
  eventTickets: [],
  ...over,
});

describe('order confirmation', () => {
  it('addresses the withdrawal form to the seller and sends returns to the complaints address', () => {
    const { text, html } = orderConfirmationMail(order());
    expect(text).toContain(
      '– Adresat: Klub <Sokół> sp. z o.o., ul. Sportowa 1, 00-950 Warszawa, e-mail: biuro@example.pl',
    );
    expect(text).toContain(
      'Rzecz odeślij lub przekaż na adres: Dział zwrotów, Magazynowa 5, 01-234 Łomianki',
    );
    expect(text).toContain('Adres do zwrotów i reklamacji | Dział zwrotów, Magazynowa 5, 01-234 Łomianki');
    // An empty KRS is left out rather than shown blank.
    expect(text).not.toMatch(/KRS \|/);
    // Seller data is escaped in HTML like every other value.
    expect(html).toContain('Klub &lt;Sokół&gt; sp. z o.o.');
    expect(html).not.toContain('<Sokół>');
    expect(html).toContain('<li>Data: ............</li>');
  });

  it('never invents legal data the club has not entered: the shop name and address stand in', () => {
    const empty: Seller = {
      ...seller,
      Uzupelnione: false,
      Nazwa: '',
      UlicaINumer: '',
      KodPocztowy: '',
      Miasto: '',
      NIP: '',
      REGON: '',
      Email: '',
      Telefon: '',
    };
    const { text } = orderConfirmationMail(order({ seller: empty }));
    expect(text).toContain('Sprzedawca\n==========\n\nSklep Sokół, e-mail: sklep@example.pl');
    expect(text).toContain('– Adresat: Sklep Sokół, e-mail: sklep@example.pl');
    expect(text).not.toContain('NIP');
  });

  it('names the dated event tickets under the art. 38 exception, only when there are any', () => {
    expect(orderConfirmationMail(order()).text).not.toContain('Wyjątek:');
    const { text } = orderConfirmationMail(order({ eventTickets: ['Bilet A', 'Karnet - Ulgowy'] }));
    expect(text).toContain('Dotyczy to następujących pozycji zamówienia: Bilet A; Karnet - Ulgowy.');
  });
});

describe('a confirmation with pre-ordered lines (decision 144)', () => {
  it('labels each pre-order line with its date and says a mixed order ships in one parcel', () => {
    const mail = orderConfirmationMail(
      order({
        lines: [
          { name: 'Koszulka wyjazdowa - L', quantity: 1, unitPrice: 24900, preorderRelease: '2027-01-20' },
          { name: 'Szalik', quantity: 1, unitPrice: 4999, preorderRelease: null },
        ],
      }),
    );
    expect(mail.text).toContain('Koszulka wyjazdowa - L (Przedsprzedaż – wysyłka ok. 20.01.2027)');
    expect(mail.text).toContain(
      'wyślemy je w jednej paczce, gdy dotrą produkty z przedsprzedaży (ok. 20.01.2027)',
    );
    expect(mail.html).toContain('Przedsprzedaż – wysyłka ok. 20.01.2027');
  });

  it('says nothing of pre-orders for an order from stock', () => {
    const mail = orderConfirmationMail(order());
    expect(mail.text).not.toContain('Przedsprzedaż');
    expect(mail.text).not.toContain('przedsprzedaży');
  });
});
