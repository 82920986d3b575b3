import { describe, expect, it } from 'vitest';
import { csvAmount, invoiceBreakdown, invoicesCsv } from './export-csv.ts';
import type { CorrectionInvoice, InvoiceLine, VatInvoice } from './invoice-data.ts';

const party = { name: 'Klub', street: 'ul. A 1', postcode: '00-001', city: 'Łódź', countryCode: 'PL' };
const lines: InvoiceLine[] = [
  { name: 'Koszulka', quantity: 2, unit: 'szt.', unitGross: 12300, vatRate: '23' },
  { name: 'Bilet', quantity: 1, unit: 'szt.', unitGross: 10800, vatRate: '8' },
];
const invoice: VatInvoice = {
  kind: 'VAT',
  number: 'FV/2026/000001',
  issueDate: '2026-11-28',
  saleDate: '2026-11-27',
  place: 'Łódź',
  seller: { ...party, nip: '5261040828', bankAccount: null },
  buyer: { ...party, name: '@SUM(A1)', nip: '7740001454' },
  currency: 'PLN',
  payment: { form: 'transfer', label: 'PayU', paid: true, paidOn: '2026-11-27', dueOn: null },
  lines,
};
const correction: CorrectionInvoice = {
  ...invoice,
  kind: 'KOR',
  number: 'FK/2026/000001',
  corrects: { number: invoice.number, issueDate: invoice.issueDate },
  reason: 'Zwrot',
  before: lines,
  after: [{ ...lines[0]!, quantity: 1 }, lines[1]!],
};

describe('accounting export', () => {
  it('writes amounts with a decimal comma, negative ones too', () => {
    expect(csvAmount(123456)).toBe('1234,56');
    expect(csvAmount(-5)).toBe('-0,05');
    expect(csvAmount(0)).toBe('0,00');
  });

  it('breaks an invoice and a correction down per rate', () => {
    const inv = invoiceBreakdown(invoice);
    expect(inv.rates.get('23')).toMatchObject({ net: 20000, vat: 4600, gross: 24600 });
    expect(inv.rates.get('8')).toMatchObject({ net: 10000, vat: 800, gross: 10800 });
    expect(inv.total).toEqual({ net: 30000, vat: 5400, gross: 35400 });
    const kor = invoiceBreakdown(correction);
    expect(kor.rates.get('23')).toEqual({ net: -10000, vat: -2300, gross: -12300 });
    expect(kor.rates.get('8')).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(kor.total.gross).toBe(-12300);
  });

  it('has one row per invoice, Polish headers and no formulas from the buyer’s text', () => {
    const [head, first, second] = invoicesCsv([invoice, correction])
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(head).toBe(
      'Numer;Rodzaj;Data wystawienia;Data sprzedaży;Faktura korygowana;Nabywca;NIP nabywcy;' +
        'Netto 23%;VAT 23%;Brutto 23%;Netto 8%;VAT 8%;Brutto 8%;Netto 5%;VAT 5%;Brutto 5%;' +
        'Netto 0%;VAT 0%;Brutto 0%;Netto zw;VAT zw;Brutto zw;Netto razem;VAT razem;Brutto razem',
    );
    expect(first).toBe(
      "FV/2026/000001;Faktura VAT;2026-11-28;2026-11-27;;'@SUM(A1);7740001454;" +
        '200,00;46,00;246,00;100,00;8,00;108,00;;;;;;;;;;300,00;54,00;354,00',
    );
    expect(second).toContain('FK/2026/000001;Faktura korygująca;2026-11-28;2026-11-27;FV/2026/000001;');
    expect(second!.endsWith(';-100,00;-23,00;-123,00')).toBe(true);
  });

  it('adds gift cards sold as prepayments and their uses, gross only, after the invoices', () => {
    const [, inv, sale, use, back, end] = invoicesCsv(
      [invoice],
      [
        {
          kind: 'sale',
          orderNumber: 'ZS/2026/000007',
          day: '2026-11-28',
          buyer: 'Jan Kibic',
          nip: null,
          amount: 10000,
        },
        {
          kind: 'use',
          orderNumber: 'ZS/2026/000009',
          day: '2026-11-29',
          buyer: '=Ewa',
          nip: '7740001454',
          amount: 4000,
        },
        {
          kind: 'use',
          orderNumber: 'ZS/2026/000009',
          day: '2026-11-30',
          buyer: '=Ewa',
          nip: '7740001454',
          amount: -1500,
        },
      ],
    )
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(inv).toMatch(/^FV\/2026\/000001;Faktura VAT;/);
    const empty = ';'.repeat(5 * 3 + 2);
    expect(sale).toBe(`ZS/2026/000007;Karta podarunkowa – przedpłata;2026-11-28;;;Jan Kibic;${empty};100,00`);
    expect(use).toBe(
      `ZS/2026/000009;Karta podarunkowa – wykorzystanie;2026-11-29;;;'=Ewa;7740001454${empty};40,00`,
    );
    expect(back).toMatch(/^ZS\/2026\/000009;Karta podarunkowa – wykorzystanie;2026-11-30;.*;-15,00$/);
    expect(sale!.split(';')).toHaveLength(25);
    expect(end).toBe('');
  });
});
