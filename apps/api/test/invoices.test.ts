import { formatGrosze, msg } from '@club/contract';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, organisations } from '../src/db/schema.ts';
import type { CorrectionInvoice, VatInvoice } from '../src/modules/invoices/invoice-data.ts';
import { issueCorrection, nextInvoiceNumber, shopDay } from '../src/modules/invoices/issue.ts';
import {
  json,
  line,
  loadCatalogue,
  loadShipping,
  payDemo,
  placeCart,
  refused,
  S,
} from './fixtures/checkout.ts';
import { insertOrder, orgIdOf, otherCustomerOf, ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelShop } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

type Ref = { Id: number; Numer: string; Rodzaj: 'VAT' | 'KOR'; DataWystawienia: string; Brutto: number };

const COMPANY = { Nazwa: 'Gęślą Jaźń S.A.', NIP: '774-000-14-54' };
const year = () => Number(shopDay().slice(0, 4));

const pdfText = async (bytes: ArrayBuffer) => {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = '';
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text += `${content.items.map((it) => ('str' in it ? it.str : '')).join(' ')}\n`;
  }
  return text.replace(/\s+/g, ' ');
};

describe('invoices', () => {
  let { t, owner, manager, rival } = {} as PanelShop;
  let customer: string;
  let demoId: number;
  const db = () => t.database.db;

  const invoicesOf = (orderId: number, ticket = customer) =>
    t.fetch(`${S}/zamowienie/${orderId}/faktury`, { ticket });

  /** The demo customer's order, paid through the demo provider unless `cod`. */
  const order = async (opts: { cod?: boolean; company?: boolean; pay?: boolean } = {}) => {
    const product = await loadCatalogue(t);
    const ship = await loadShipping(t);
    const { url, order: o } = await placeCart(
      t,
      [line(product('Szalik klubowy tkany'), 2)],
      ship('Kurier DPD'),
      {
        ticket: customer,
        extra: {
          ...(opts.cod && { Platnosc: 20 }),
          ...(opts.company && { Faktura: COMPANY }),
        },
      },
    );
    if (!opts.cod && opts.pay !== false) {
      await payDemo(t, url);
    }
    return o;
  };

  beforeAll(async () => {
    ({ t, owner, manager, rival } = await openPanelShop());
    customer = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    demoId = await orgIdOf(db(), 'demo');
  });
  afterAll(() => t?.close());

  it('issues an invoice when an order with a NIP is paid; its PDF totals equal the order’s', async () => {
    const unpaid = await order({ company: true, pay: false });
    expect(await json<Ref[]>(await invoicesOf(unpaid.id))).toEqual([]);

    const o = await order({ company: true });
    const [inv] = await json<Ref[]>(await invoicesOf(o.id));
    expect(inv).toMatchObject({ Rodzaj: 'VAT', Brutto: o.total });
    expect(inv!.Numer).toMatch(new RegExp(`^FV/${year()}/\\d{6}$`));

    const res = await t.fetch(`${S}/faktura/${inv!.Id}/pdf`, { ticket: customer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="faktura-FV-${year()}-${inv!.Numer.slice(-6)}.pdf"`,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const text = await pdfText(await res.arrayBuffer());
    expect(text).toContain(inv!.Numer);
    expect(text).toContain('NIP: 7740001454');
    expect(text).toContain(`Zapłacono: ${formatGrosze(o.total)}`.replace(/\s+/g, ' '));
  });

  it('issues one for a company’s cash-on-delivery order when it is placed', async () => {
    const o = await order({ cod: true, company: true });
    const list = await json<Ref[]>(await invoicesOf(o.id));
    expect(list).toHaveLength(1);
    expect(list[0]!.Brutto).toBe(o.total);
  });

  it('issues on request with a checked NIP, once; only for the buyer’s own, paid order', async () => {
    const o = await order();
    expect(await json<Ref[]>(await invoicesOf(o.id))).toEqual([]);
    const ask = (body: unknown, ticket = customer, id = o.id) =>
      t.fetch(`${S}/zamowienie/${id}/faktura`, { method: 'POST', json: body, ticket });

    const bad = await refused(await ask({ Nazwa: 'Firma', NIP: '1234567890' }), 400);
    expect(JSON.stringify(bad)).toContain(msg.invalidNip);

    const stranger = await ticketFor(t, 'demo', (await otherCustomerOf(db(), 'demo')).email);
    await refused(await ask(COMPANY, stranger), 404);
    await refused(await invoicesOf(o.id, stranger), 404);

    const unpaid = await order({ pay: false });
    expect((await refused(await ask(COMPANY, customer, unpaid.id), 409)).Message).toBe(msg.invoiceNotYet);

    const inv = await json<Ref>(await ask(COMPANY));
    expect(inv.Brutto).toBe(o.total);
    expect((await refused(await ask(COMPANY), 409)).Message).toBe(msg.invoiceAlreadyIssued);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, inv.Id));
    expect((row!.data as VatInvoice).buyer).toMatchObject({ name: COMPANY.Nazwa, nip: '7740001454' });

    // Another customer's invoice, another club's manager: as if there were none.
    await refused(await t.fetch(`${S}/faktura/${inv.Id}/pdf`, { ticket: stranger }), 404);
    await refused(await rival.fetch(`${PANEL}/invoices/${inv.Id}/pdf`), 404);
    await refused(await rival.fetch(`${PANEL}/orders/${o.id}/invoices`), 404);
    const panelPdf = await manager.fetch(`${PANEL}/invoices/${inv.Id}/pdf`);
    expect(panelPdf.status).toBe(200);
    expect(panelPdf.headers.get('content-type')).toBe('application/pdf');
    expect(await json<Ref[]>(await owner.fetch(`${PANEL}/orders/${o.id}/invoices`))).toHaveLength(1);
  });

  it('numbers per club and year, gap-free under 20 concurrent issues', async () => {
    const rivalId = await orgIdOf(db(), 'rywal');
    const next = (orgId: number, y: number) =>
      db().transaction((tx) => nextInvoiceNumber(tx, orgId, 'VAT', y));
    expect(await next(rivalId, 2031)).toBe('FV/2031/000001');
    expect(await next(demoId, 2031)).toBe('FV/2031/000001');
    expect(await next(demoId, 2031)).toBe('FV/2031/000002');
    expect(await next(demoId, 2032)).toBe('FV/2032/000001');
    // A rolled-back issue gives its number back.
    await db()
      .transaction(async (tx) => {
        await nextInvoiceNumber(tx, demoId, 'VAT', 2031);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await next(demoId, 2031)).toBe('FV/2031/000003');

    // 20 paid orders, their invoices issued from the panel at once.
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const o = await insertOrder(db(), {
        organisationId: demoId,
        userId: null,
        number: `INV/TEST/${i}`,
        lines: [{ productId: null, productName: `Produkt ${i}`, quantity: 1, unitPrice: 1000 + i }],
      });
      await db().update(orders).set({ paymentStatus: 'COMPLETED' }).where(eq(orders.id, o.id));
      ids.push(o.id);
    }
    const issued = await Promise.all(
      ids.map(async (id) =>
        json<Ref>(await owner.fetch(`${PANEL}/orders/${id}/invoices`, { method: 'POST' })),
      ),
    );
    const seq = issued.map((r) => Number(r.Numer.slice(-6))).sort((a, b) => a - b);
    expect(new Set(seq).size).toBe(20);
    expect(seq.at(-1)! - seq[0]!).toBe(19);
    // Asked again: the same invoice, no new number.
    const again = await json<Ref>(
      await owner.fetch(`${PANEL}/orders/${ids[0]}/invoices`, { method: 'POST' }),
    );
    expect(again.Numer).toBe(issued[0]!.Numer);
  });

  it('corrects an invoice in its own series; the export has the VAT per rate and is safe', async () => {
    const o = await order({ company: true });
    const [inv] = await json<Ref[]>(await invoicesOf(o.id));
    await db()
      .update(invoices)
      .set({
        data: {
          ...((await db().select().from(invoices).where(eq(invoices.id, inv!.Id)))[0]!.data as VatInvoice),
          buyer: {
            name: '=HYPERLINK("http://zlo")',
            street: 'x',
            postcode: '00-001',
            city: 'X',
            countryCode: 'PL',
            nip: null,
          },
        },
      })
      .where(eq(invoices.id, inv!.Id));
    const [row] = await db().select().from(invoices).where(eq(invoices.id, inv!.Id));
    const issuedLines = (row!.data as VatInvoice).lines;
    // One scarf of two refunded.
    const after = issuedLines.map((l, i) => (i === 0 ? { ...l, quantity: l.quantity - 1 } : l));
    const [org] = await db().select().from(organisations).where(eq(organisations.id, demoId));
    const kor = await issueCorrection(db(), org!, inv!.Id, {
      after,
      reason: 'Zwrot towaru',
    });
    expect(kor.number).toMatch(new RegExp(`^FK/${year()}/\\d{6}$`));
    expect(kor.gross).toBe(-issuedLines[0]!.unitGross);
    expect((kor.data as CorrectionInvoice).corrects.number).toBe(inv!.Numer);
    const list = await json<Ref[]>(await invoicesOf(o.id));
    expect(list.map((r) => r.Rodzaj)).toEqual(['VAT', 'KOR']);
    const korPdf = await t.fetch(`${S}/faktura/${kor.id}/pdf`, { ticket: customer });
    expect(await pdfText(await korPdf.arrayBuffer())).toContain('Faktura korygująca');

    const day = shopDay();
    await refused(await owner.fetch(`${PANEL}/invoices.csv?od=${day}`), 400);
    await refused(await t.fetch(`${PANEL}/invoices.csv?od=${day}&do=${day}`, { ticket: customer }), 403);
    const csvRes = await manager.fetch(`${PANEL}/invoices.csv?od=${day}&do=${day}`);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = (await csvRes.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const head = csv[0]!.split(';');
    expect(head.slice(0, 7)).toEqual([
      'Numer',
      'Rodzaj',
      'Data wystawienia',
      'Data sprzedaży',
      'Faktura korygowana',
      'Nabywca',
      'NIP nabywcy',
    ]);
    expect(head).toContain('Brutto 23%');
    expect(head).toContain('Netto zw');
    const rows = csv.slice(1);
    const all = await db().select().from(invoices).where(eq(invoices.organisationId, demoId));
    expect(rows).toHaveLength(all.filter((i) => i.issueDate === day).length);
    const zl = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
    const gross = head.indexOf('Brutto razem');
    const total = rows.reduce((s, r) => s + zl(r.split(';')[gross]!), 0);
    expect(total).toBe(all.filter((i) => i.issueDate === day).reduce((s, i) => s + i.gross, 0));
    // Each row's rates add up to its total.
    for (const r of rows) {
      const cells = r.split(';');
      const perRate = head
        .map((h, i) => (h.startsWith('Brutto ') && h !== 'Brutto razem' ? zl(cells[i] || '0') : 0))
        .reduce((a, b) => a + b, 0);
      expect(perRate).toBe(zl(cells[gross]!));
    }
    expect(csv.join('\n')).toContain(`"'=HYPERLINK(""http://zlo"")"`);
    expect(csv.find((r) => r.startsWith(kor.number))).toContain(`;${inv!.Numer};`);
  });
});
