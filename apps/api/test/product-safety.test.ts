import {
  msg,
  type PanelProduct,
  PanelProductSchema,
  type PanelSettings,
  ProductSchema,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines } from '../src/db/schema.ts';
import { line, loadShipping, makeCart, orderBody, orderOfCart, placeOk, S } from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { createPublished, openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const P = `${PANEL}/products`;
const SETTINGS = `${PANEL}/settings`;

let { t, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
});
afterAll(() => t?.close());

const ok = async (res: Response): Promise<PanelProduct> => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return PanelProductSchema.strict().parse(JSON.parse(text));
};
const refused = async (res: Response, message: string, field: string) => {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = JSON.parse(text) as { Message: string; Errors?: Record<string, string> };
  expect(body.Message).toBe(message);
  expect(JSON.stringify(body)).toContain(field);
};
const create = (json: unknown, p: PanelClient = manager) => createPublished(p, json);
const update = (id: number, json: unknown) => manager.fetch(`${P}/${id}`, { method: 'PUT', json });
const shopProduct = async (id: number, org?: 'rywal') => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`, { org });
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};
const settings = async (json: unknown, p: PanelClient = manager) => {
  const res = await p.fetch(SETTINGS, { method: 'PATCH', json });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as PanelSettings;
};

const scarf = (over: Record<string, unknown> = {}) => ({
  Nazwa: 'Szal bezpieczny',
  CenaBrutto: 49.99,
  Stan: 5,
  ...over,
});

const ownSafety = {
  ProducentNazwa: 'Fabryka Szali Sp. z o.o.',
  ProducentAdres: 'ul. Tkacka 1, 90-001 Łódź, Polska',
  ProducentKontakt: 'kontakt@szale.example.pl',
  OsobaOdpowiedzialnaNazwa: '',
  OsobaOdpowiedzialnaAdres: '',
  OsobaOdpowiedzialnaKontakt: '',
  KodEan: '5901234123457',
  NumerModelu: 'SZ-2026',
  Ostrzezenia: 'Nie dla dzieci poniżej 3 lat: małe elementy.',
};

describe('product safety data', () => {
  it('saves the fields through the panel and shows them on the storefront product', async () => {
    const p = await ok(await create(scarf(ownSafety)));
    expect(p).toMatchObject(ownSafety);
    const shop = await shopProduct(p.Id);
    expect(shop.Bezpieczenstwo).toEqual({
      ProducentNazwa: 'Fabryka Szali Sp. z o.o.',
      ProducentAdres: 'ul. Tkacka 1, 90-001 Łódź, Polska',
      ProducentKontakt: 'kontakt@szale.example.pl',
      KodEan: '5901234123457',
      NumerModelu: 'SZ-2026',
      Ostrzezenia: 'Nie dla dzieci poniżej 3 lat: małe elementy.',
    });
    // The product's own fields go out only inside Bezpieczenstwo.
    expect(Object.keys(shop)).not.toContain('ProducentNazwa');
  });

  it("uses the club's defaults where the product's own field is empty, and only this club's", async () => {
    const plain = await ok(await create(scarf({ Nazwa: 'Szal bez danych' })));
    expect((await shopProduct(plain.Id)).Bezpieczenstwo).toBeUndefined();

    const defaults = {
      ProducentNazwa: 'Klub Sportowy Demo',
      ProducentAdres: 'ul. Stadionowa 1, 00-001 Warszawa',
      ProducentKontakt: 'https://klub.example.pl/kontakt',
      OsobaOdpowiedzialnaNazwa: 'EU Rep GmbH',
      OsobaOdpowiedzialnaAdres: 'Hauptstr. 1, 10115 Berlin, Niemcy',
      OsobaOdpowiedzialnaKontakt: 'rep@eurep.example.de',
      Ostrzezenia: 'Prać w 30 °C.',
    };
    const saved = await settings({ BezpieczenstwoProduktu: defaults });
    expect(saved.BezpieczenstwoProduktu).toEqual(defaults);
    const read = (await (await manager.fetch(SETTINGS)).json()) as PanelSettings;
    expect(read.BezpieczenstwoProduktu).toEqual(defaults);

    expect((await shopProduct(plain.Id)).Bezpieczenstwo).toEqual(defaults);
    const own = await ok(await create(scarf({ Nazwa: 'Szal z producentem', ...ownSafety })));
    expect((await shopProduct(own.Id)).Bezpieczenstwo).toEqual({
      ...defaults,
      ProducentNazwa: ownSafety.ProducentNazwa,
      ProducentAdres: ownSafety.ProducentAdres,
      ProducentKontakt: ownSafety.ProducentKontakt,
      Ostrzezenia: ownSafety.Ostrzezenia,
      KodEan: ownSafety.KodEan,
      NumerModelu: ownSafety.NumerModelu,
    });

    // Another club's products do not take these defaults.
    const theirs = await ok(await create(scarf({ Nazwa: 'Szal rywala' }), rival));
    expect((await shopProduct(theirs.Id, 'rywal')).Bezpieczenstwo).toBeUndefined();
    // Emptied, the defaults are gone.
    await settings({ BezpieczenstwoProduktu: {} });
    expect((await shopProduct(plain.Id)).Bezpieczenstwo).toBeUndefined();
  });

  it('refuses a bad contact, a bad EAN and text past its length, with Polish messages', async () => {
    await refused(
      await create(scarf({ ProducentKontakt: 'nie-adres' })),
      msg.productContactInvalid,
      'ProducentKontakt',
    );
    await refused(
      await create(scarf({ OsobaOdpowiedzialnaKontakt: 'ftp://rep.example.de' })),
      msg.productContactInvalid,
      'OsobaOdpowiedzialnaKontakt',
    );
    await refused(await create(scarf({ KodEan: '5901234123458' })), msg.productGtinInvalid, 'KodEan');
    await refused(await create(scarf({ KodEan: '59012' })), msg.productGtinInvalid, 'KodEan');
    await refused(await create(scarf({ ProducentNazwa: 'x'.repeat(201) })), msg.tooLong, 'ProducentNazwa');
    const res = await manager.fetch(SETTINGS, {
      method: 'PATCH',
      json: { BezpieczenstwoProduktu: { ProducentKontakt: 'kontakt@' } },
    });
    await refused(res, msg.productContactInvalid, 'ProducentKontakt');
    // Good forms pass: an e-mail, an http(s) address, an EAN-8 and a GTIN-14.
    await ok(await create(scarf({ ProducentKontakt: 'http://szale.example.pl', KodEan: '96385074' })));
    await ok(await create(scarf({ KodEan: '15901234123454' })));
  });
});

describe('VAT rate', () => {
  it('defaults to 23 %, 8 % for a dated event ticket, keeps a chosen rate and shows it on the storefront', async () => {
    const plain = await ok(await create(scarf({ Nazwa: 'Szal VAT' })));
    expect(plain.StawkaVat).toBe('23');
    expect((await shopProduct(plain.Id)).StawkaVat).toBe('23');
    const ticket = await ok(await create(scarf({ Nazwa: 'Bilet na mecz', WydarzenieWTerminie: true })));
    expect(ticket.StawkaVat).toBe('8');
    const book = await ok(await create(scarf({ Nazwa: 'Książka klubu', StawkaVat: '5' })));
    expect(book.StawkaVat).toBe('5');
    const exempt = await ok(await update(book.Id, scarf({ Nazwa: 'Książka klubu', StawkaVat: 'zw' })));
    expect(exempt.StawkaVat).toBe('zw');
    expect((await shopProduct(book.Id)).StawkaVat).toBe('zw');
    await refused(await create(scarf({ StawkaVat: '7' })), msg.productVatRateInvalid, 'StawkaVat');
    await refused(await create(scarf({ StawkaVat: 23 })), msg.productVatRateInvalid, 'StawkaVat');
  });

  it('records the rate on the order line when the order is placed; a later change leaves it', async () => {
    const p = await ok(await create(scarf({ Nazwa: 'Szal do zamówienia', StawkaVat: '8' })));
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const ship = await loadShipping(t);
    const guid = await makeCart(t, [line(await shopProduct(p.Id), 1)], { ticket });
    await placeOk(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }), { ticket });
    await ok(await update(p.Id, scarf({ Nazwa: 'Szal do zamówienia', StawkaVat: '23' })));

    const order = (await orderOfCart(t.database.db, guid))!;
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.unitPrice, l.vatRate])).toEqual([[p.Id, 4999, '8']]);
  });
});
