import { formatGrosze } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { pdfText, plainSpaces } from '../../../test/fixtures/pdf-text.ts';
import type { CorrectionInvoice, InvoiceLine, VatInvoice } from './invoice-data.ts';
import { shippingLine } from './invoice-data.ts';
import { rateLabel, renderInvoicePdf } from './pdf.ts';
import { summarise, summariseCorrection } from './vat.ts';

const seller = {
  name: 'Klub Sportowy Żółć Sp. z o.o.',
  street: 'ul. Źródlana 5',
  postcode: '90-001',
  city: 'Łódź',
  countryCode: 'PL',
  nip: '5261040828',
  bankAccount: '12 1020 1026 0000 0402 0205 9485',
};
const company = {
  name: 'Gęślą Jaźń S.A.',
  street: 'ul. Ćwiczebna 1',
  postcode: '30-001',
  city: 'Kraków',
  countryCode: 'PL',
  nip: '7740001454',
};

const lines: InvoiceLine[] = [
  {
    name: 'Koszulka meczowa 2026/27 z nadrukiem nazwiska i numeru',
    quantity: 2,
    unit: 'szt.',
    unitGross: 28999,
    vatRate: '23',
  },
  { name: 'Bilet na mecz', quantity: 3, unit: 'szt.', unitGross: 3333, vatRate: '8' },
  { name: 'Książka: zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ', quantity: 1, unit: 'szt.', unitGross: 4999, vatRate: '5' },
  { name: 'Karnet', quantity: 1, unit: 'szt.', unitGross: 12000, vatRate: 'zw' },
  shippingLine('Kurier InPost', 1599, '23'),
];

const invoice: VatInvoice = {
  kind: 'VAT',
  number: 'FV/2026/000123',
  issueDate: '2026-11-28',
  saleDate: '2026-11-27',
  place: 'Łódź',
  seller,
  buyer: company,
  currency: 'PLN',
  payment: { form: 'transfer', label: 'PayU', paid: true, paidOn: '2026-11-27', dueOn: null },
  lines,
};

const correction: CorrectionInvoice = {
  ...invoice,
  kind: 'KOR',
  number: 'FK/2026/000004',
  issueDate: '2026-12-03',
  saleDate: '2026-11-27',
  corrects: { number: invoice.number, issueDate: invoice.issueDate },
  reason: 'Zwrot towaru: odstąpienie od umowy',
  payment: { form: 'transfer', label: 'PayU', paid: false, paidOn: null, dueOn: null },
  before: lines,
  after: [lines[0]!, { ...lines[1]!, quantity: 1 }, lines[3]!, lines[4]!],
};

const zl = (grosze: number) => plainSpaces(formatGrosze(grosze));
const textOf = pdfText;

const amounts = (...grosze: number[]) => grosze.map(zl).join(' ');

describe('renderInvoicePdf', () => {
  it('shows the seller and buyer with NIP, Polish letters, lines and the totals per rate', async () => {
    const { text, info } = await textOf(await renderInvoicePdf(invoice));
    expect(text).toContain('Faktura VAT nr FV/2026/000123');
    expect(text).toContain('Data wystawienia: 2026-11-28');
    expect(text).toContain('Data sprzedaży: 2026-11-27');
    expect(text).toContain('Miejsce wystawienia: Łódź');
    expect(text).toContain('Sprzedawca');
    expect(text).toContain('Klub Sportowy Żółć Sp. z o.o.');
    expect(text).toContain('ul. Źródlana 5');
    expect(text).toContain('NIP: 5261040828');
    expect(text).toContain('Nabywca');
    expect(text).toContain('Gęślą Jaźń S.A.');
    expect(text).toContain('30-001 Kraków');
    expect(text).toContain('NIP: 7740001454');
    expect(text).toContain('Książka: zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ');

    const summary = summarise(lines);
    summary.lines.forEach((l, i) => {
      expect(text).toContain(
        `${i + 1} ${l.line.name} ${l.line.quantity} ${l.line.unit} ${amounts(l.line.unitGross, l.net)} ${rateLabel(l.line.vatRate)} ${amounts(l.vat, l.gross)}`,
      );
    });
    expect(summary.rates.map((r) => r.rate)).toEqual(['23', '8', '5', 'zw']);
    for (const r of summary.rates) {
      expect(text).toContain(`${rateLabel(r.rate)} ${amounts(r.net, r.vat, r.gross)}`);
    }
    const { net, vat, gross } = summary.total;
    expect(text).toContain(`Razem ${amounts(net, vat, gross)}`);
    expect(gross).toBe(lines.reduce((sum, l) => sum + l.quantity * l.unitGross, 0));
    expect(text).toContain(`Zapłacono: ${zl(gross)}`);
    expect(formatGrosze(gross)).toBe('865,95\u00a0zł');
    expect(text).toContain('Słownie: osiemset sześćdziesiąt pięć złotych 95/100');
    expect(text).toContain('Sposób płatności: PayU');
    expect(text).toContain('Data płatności: 2026-11-27');
    expect(info.Title).toBe('Faktura VAT FV/2026/000123');
  });

  it('names no NIP for a consumer and shows what is left to pay', async () => {
    const consumer = { ...company, name: 'Jan Kowalski', nip: null };
    const unpaid = { ...invoice.payment, paid: false, paidOn: null, dueOn: '2026-12-05' };
    const { text } = await textOf(await renderInvoicePdf({ ...invoice, buyer: consumer, payment: unpaid }));
    expect(text).toContain('Jan Kowalski');
    expect(text.match(/NIP:/g)).toHaveLength(1);
    expect(text).toContain(`Do zapłaty: ${zl(summarise(lines).total.gross)}`);
    expect(text).toContain('Termin płatności: 2026-12-05');
  });

  it('shows what a gift card paid and the rest, paid or due the other way', async () => {
    const total = summarise(lines).total.gross;
    const partly = await textOf(
      await renderInvoicePdf({ ...invoice, payment: { ...invoice.payment, giftCard: 10000 } }),
    );
    expect(partly.text).toContain(
      `Zapłacono kartą podarunkową: ${zl(10000)} Zapłacono: ${zl(total - 10000)}`,
    );
    expect(partly.text).toContain('Słownie: siedemset sześćdziesiąt pięć złotych 95/100');
    expect(partly.text).toContain('Sposób płatności: PayU');

    const cod = {
      form: 'cash' as const,
      label: 'Za pobraniem',
      paid: false,
      paidOn: null,
      dueOn: '2026-11-28',
    };
    const onDelivery = await textOf(
      await renderInvoicePdf({ ...invoice, payment: { ...cod, giftCard: 10000 } }),
    );
    expect(onDelivery.text).toContain(
      `Zapłacono kartą podarunkową: ${zl(10000)} Do zapłaty: ${zl(total - 10000)}`,
    );

    const card = {
      form: 'voucher' as const,
      label: 'Karta podarunkowa',
      paid: true,
      paidOn: '2026-11-28',
      dueOn: null,
    };
    const byCard = await textOf(
      await renderInvoicePdf({ ...invoice, payment: { ...card, giftCard: total } }),
    );
    expect(byCard.text).toContain(
      `Zapłacono kartą podarunkową: ${zl(total)} Słownie: osiemset sześćdziesiąt pięć złotych 95/100`,
    );
    expect(byCard.text).not.toContain('Zapłacono: ');
    expect(byCard.text).toContain('Sposób płatności: Karta podarunkowa');
  });

  it('shows a correction with the invoice it corrects, both states and the difference per rate', async () => {
    const { text } = await textOf(await renderInvoicePdf(correction));
    expect(text).toContain('Faktura korygująca nr FK/2026/000004');
    expect(text).toContain('Dotyczy faktury nr FV/2026/000123 z dnia 2026-11-28');
    expect(text).toContain('Przyczyna korekty: Zwrot towaru: odstąpienie od umowy');
    expect(text).toContain('NIP: 5261040828');
    expect(text).toContain('NIP: 7740001454');
    expect(text).toContain('Przed korektą');
    expect(text).toContain('Po korekcie');
    const c = summariseCorrection(correction.before, correction.after);
    expect(c.rates.map((r) => r.rate)).toEqual(['23', '8', '5', 'zw']);
    for (const r of c.rates) {
      const { net, vat, gross } = r.difference;
      expect(text).toContain(`${rateLabel(r.rate)} ${amounts(net, vat, gross)}`);
    }
    expect(c.difference.gross).toBe(-(2 * 3333 + 4999));
    expect(text).toContain(`Razem ${amounts(c.difference.net, c.difference.vat, c.difference.gross)}`);
    expect(text).toContain(`Do zwrotu: ${zl(2 * 3333 + 4999)}`);
    expect(text).toContain('Słownie: sto szesnaście złotych 65/100');
  });

  it('gives the same bytes for the same invoice, dated by its issue date', async () => {
    const first = await renderInvoicePdf(invoice);
    const second = await renderInvoicePdf(structuredClone(invoice));
    expect(second.equals(first)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    const { info } = await textOf(first);
    expect(info.CreationDate).toMatch(/^D:20261128000000/);
    const other = await renderInvoicePdf({ ...invoice, issueDate: '2026-11-29' });
    expect(other.equals(first)).toBe(false);
  });

  it('continues a long invoice on further pages', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ ...lines[1]!, name: `Bilet nr ${i + 1}` }));
    const { text, pages } = await textOf(await renderInvoicePdf({ ...invoice, lines: many }));
    expect(pages).toBeGreaterThan(1);
    for (let i = 1; i <= 80; i++) expect(text).toContain(`Bilet nr ${i} `);
    const { total } = summarise(many);
    expect(text).toContain(`Razem ${amounts(total.net, total.vat, total.gross)}`);
  });
});
