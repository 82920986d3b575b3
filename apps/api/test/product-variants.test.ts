import {
  fillMessage,
  msg,
  type PanelProduct,
  PanelProductSchema,
  type Product,
  ProductSchema,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, productParameters, productPhotos, productPrices, products } from '../src/db/schema.ts';
import { loadShipping, makeCart, orderBody, orderOfCart, place, S } from './fixtures/checkout.ts';
import { openPanelShop, PANEL, type PanelShop } from './fixtures/panel.ts';

/** Options and variants: a product with named options, each combination with its own stock, codes and price. */

let { t, manager, rival } = {} as PanelShop;
let ship: Awaited<ReturnType<typeof loadShipping>>;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
  ship = await loadShipping(t);
});
afterAll(() => t?.close());

const P = `${PANEL}/products`;
const ok = async (res: Response): Promise<PanelProduct> => {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return PanelProductSchema.strict().parse(JSON.parse(text));
};
const refusedWith = async (res: Response, message: string) => {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(JSON.parse(text).Message).toBe(message);
};
const storefront = async (id: number): Promise<Product> => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`);
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};

const OPTIONS = [
  { Nazwa: 'Kolor', Wartosci: ['Biały', 'Czerwony'] },
  { Nazwa: 'Rozmiar', Wartosci: ['M', 'L'] },
];
const shirt = (over: Record<string, unknown> = {}) => ({
  Nazwa: 'Koszulka wariantowa',
  Opis: 'Koszulka w dwóch kolorach',
  CenaBrutto: 199,
  KategoriaId: null,
  Opcje: OPTIONS,
  Parametry: [
    { Wartosci: ['Biały', 'M'], Stan: 3, Sku: 'KOSZ-BI-M', Ean: '5901234123457' },
    { Wartosci: ['Biały', 'L'], Stan: 0, Sku: 'KOSZ-BI-L' },
    { Wartosci: ['Czerwony', 'M'], Stan: 1, CenaBrutto: 229 },
    { Wartosci: ['Czerwony', 'L'], Stan: 2 },
  ],
  ...over,
});

const publish = async (over: Record<string, unknown> = {}) => {
  const p = await ok(await manager.fetch(P, { method: 'POST', json: shirt(over) }));
  await ok(await manager.fetch(`${P}/${p.Id}/status`, { method: 'POST', json: { Status: 'active' } }));
  return p;
};

const orgOf = async (productId: number) =>
  (
    await t.database.db
      .select({ org: products.organisationId })
      .from(products)
      .where(eq(products.id, productId))
  )[0]!.org;

const variant = (p: { Parametry: { Nazwa: string; Id: number }[] }, name: string) => {
  const v = p.Parametry.find((x) => x.Nazwa === name);
  if (!v) throw new Error(`no variant ${name}`);
  return v;
};

describe('the panel keeps options and variants', () => {
  it('saves each combination with its stock, codes and own price, named by its values', async () => {
    const p = await publish();
    expect(p.Opcje).toEqual(OPTIONS);
    expect(p.WymagajWybraniaParametru).toBe(true); // a variant is always chosen
    expect(p.Stan).toBe(6);
    expect(p.Parametry.map((v) => [v.Nazwa, v.Wartosci, v.Stan, v.Sku, v.Ean, v.CenaBrutto])).toEqual([
      ['Biały / M', ['Biały', 'M'], 3, 'KOSZ-BI-M', '5901234123457', null],
      ['Biały / L', ['Biały', 'L'], 0, 'KOSZ-BI-L', '', null],
      ['Czerwony / M', ['Czerwony', 'M'], 1, '', '', 229],
      ['Czerwony / L', ['Czerwony', 'L'], 2, '', '', null],
    ]);

    // Edited: a variant kept by its Id keeps its row (carts and orders refer to it).
    const red = variant(p, 'Czerwony / M');
    const again = await ok(
      await manager.fetch(`${P}/${p.Id}`, {
        method: 'PUT',
        json: shirt({
          Parametry: [
            { Id: red.Id, Wartosci: ['Czerwony', 'M'], Stan: 5, CenaBrutto: 219 },
            { Wartosci: ['Biały', 'M'], Stan: 1 },
          ],
        }),
      }),
    );
    expect(variant(again, 'Czerwony / M')).toMatchObject({ Id: red.Id, Stan: 5, CenaBrutto: 219 });
    expect(again.Stan).toBe(6);
  });

  it('refuses variants that do not fit the options, twice the same combination, a fourth option and a bad EAN', async () => {
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({ Parametry: [{ Wartosci: ['Biały'], Stan: 1 }] }),
      }),
      msg.panelProductVariantValues,
    );
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({ Parametry: [{ Wartosci: ['Zielony', 'M'], Stan: 1 }] }),
      }),
      msg.panelProductVariantValues,
    );
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({
          Parametry: [
            { Wartosci: ['Biały', 'M'], Stan: 1 },
            { Wartosci: ['Biały', 'M'], Stan: 2 },
          ],
        }),
      }),
      msg.panelProductVariantDuplicate,
    );
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({
          Opcje: [
            ...OPTIONS,
            { Nazwa: 'Wersja', Wartosci: ['męska'] },
            { Nazwa: 'Krój', Wartosci: ['slim'] },
          ],
          Parametry: [],
        }),
      }),
      msg.panelProductTooManyOptions,
    );
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({ Parametry: [{ Wartosci: ['Biały', 'M'], Stan: 1, Ean: '5901234123458' }] }),
      }),
      msg.productGtinInvalid,
    );
    await refusedWith(
      await manager.fetch(P, {
        method: 'POST',
        json: shirt({ Parametry: [{ Wartosci: ['Biały', 'M'], Stan: 1, CenaBrutto: 0 }] }),
      }),
      msg.panelProductVariantPriceInvalid,
    );
  });

  it("keeps another club's product out of reach", async () => {
    const p = await publish();
    expect((await rival.fetch(`${P}/${p.Id}`)).status).toBe(404);
    expect((await rival.fetch(`${P}/${p.Id}`, { method: 'PUT', json: shirt() })).status).toBe(404);
  });
});

describe('the storefront sells variants', () => {
  it('shows the options and each variant with its values, stock and own price', async () => {
    const p = await publish();
    const shop = await storefront(p.Id);
    expect(shop.Opcje).toEqual(OPTIONS);
    expect(shop.WymagajWybraniaSklep).toBe(true);
    expect(shop.Parametry.map((v) => [v.Nazwa, v.Wartosci, v.Stan, v.CenaBrutto])).toEqual([
      ['Biały / M', ['Biały', 'M'], 3, undefined],
      ['Biały / L', ['Biały', 'L'], 0, undefined],
      ['Czerwony / M', ['Czerwony', 'M'], 1, 229],
      ['Czerwony / L', ['Czerwony', 'L'], 2, undefined],
    ]);
    // A product without options keeps the spec's plain list.
    const plain = await ok(
      await manager.fetch(P, {
        method: 'POST',
        json: { ...shirt(), Opcje: undefined, Parametry: [{ Nazwa: 'M', Stan: 1 }] },
      }),
    );
    await manager.fetch(`${P}/${plain.Id}/status`, { method: 'POST', json: { Status: 'active' } });
    const plainShop = await storefront(plain.Id);
    expect(plainShop.Opcje).toBeUndefined();
    expect(plainShop.Parametry).toEqual([{ Id: plainShop.Parametry[0]!.Id, Nazwa: 'M', Stan: 1 }]);
  });

  it("prices a cart line and the order at the variant's price, whatever the client sent", async () => {
    const p = await publish();
    const red = variant(p, 'Czerwony / M');
    const white = variant(p, 'Biały / M');
    const guid = await makeCart(t, [
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: red.Id, Nazwa: red.Nazwa, CenaBrutto: 1 } as never },
      { Id: 0, IdWyrob: p.Id, Ilosc: 2, Parametr: { Id: white.Id, Nazwa: white.Nazwa } },
    ]);
    const cart = (await (await t.fetch(`${S}/koszyk/${guid}`)).json()) as {
      Koszt: number;
      Pozycje: { CenaJednBrutto: number; Parametr: { Nazwa: string } }[];
    };
    expect(cart.Pozycje.map((l) => [l.Parametr.Nazwa, l.CenaJednBrutto])).toEqual([
      ['Czerwony / M', 229],
      ['Biały / M', 199],
    ]);
    const res = await place(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }));
    expect(res.status, await res.clone().text()).toBe(200);
    const order = (await orderOfCart(t.database.db, guid))!;
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.parameterName, l.unitPrice, l.quantity]).sort()).toEqual([
      ['Biały / M', 19900, 2],
      ['Czerwony / M', 22900, 1],
    ]);
  });

  it('sells the last piece of one combination once when two buyers order it at the same moment', async () => {
    const p = await publish();
    const red = variant(p, 'Czerwony / M'); // 1 piece
    const carts = await Promise.all(
      [0, 1].map(() =>
        makeCart(t, [{ Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: red.Id, Nazwa: red.Nazwa } }]),
      ),
    );
    const answers = await Promise.all(
      carts.map((guid, i) =>
        place(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, Email: `kibic${i}@example.pl` })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(((await loser.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.orderNotEnoughStock, { produkt: 'Koszulka wariantowa - Czerwony / M' }),
    );
    const [row] = await t.database.db
      .select({ stock: productParameters.stock })
      .from(productParameters)
      .where(eq(productParameters.id, red.Id));
    expect(row!.stock).toBe(0);
    expect((await storefront(p.Id)).MagazynyStany).toEqual([{ Stan: 5 }]);
  });

  it("shows the lowest price of 30 days before a cut of a variant's own price (Omnibus)", async () => {
    const p = await publish();
    const red = variant(p, 'Czerwony / M'); // 229 zł
    const cut = shirt({
      Parametry: p.Parametry.map((v) => ({
        Id: v.Id,
        Wartosci: v.Wartosci,
        Stan: v.Stan,
        CenaBrutto: v.Id === red.Id ? 179 : v.CenaBrutto,
      })),
    });
    await ok(await manager.fetch(`${P}/${p.Id}`, { method: 'PUT', json: cut }));
    const shop = await storefront(p.Id);
    expect(variant(shop, 'Czerwony / M')).toMatchObject({ CenaBrutto: 179, NajnizszaCena30Dni: 229 });
    // The product's own price did not change: no figure for it.
    expect(shop.NajnizszaCena30Dni).toBeNull();
    const history = await t.database.db
      .select({ price: productPrices.priceGross })
      .from(productPrices)
      .where(eq(productPrices.parameterId, red.Id));
    expect(history.map((h) => h.price)).toEqual([22900, 17900]);
  });

  it('lets the panel change a line only to a variant of the same price', async () => {
    const p = await publish();
    const white = variant(p, 'Biały / M');
    const guid = await makeCart(t, [
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: white.Id, Nazwa: white.Nazwa } },
    ]);
    const res = await place(
      t,
      orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, Email: 'poprawka@example.pl' }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const order = (await orderOfCart(t.database.db, guid))!;
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const change = (to: string) =>
      manager.fetch(`${PANEL}/orders/${order.id}/lines`, {
        method: 'PUT',
        json: { Pozycje: [{ Id: line!.id, Ilosc: 1, ParametrId: variant(p, to).Id }] },
      });
    await refusedWith(await change('Czerwony / M'), msg.panelOrderVariantPriceDiffers);
    const moved = await change('Czerwony / L');
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [after] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect([after!.parameterName, after!.unitPrice]).toEqual(['Czerwony / L', 19900]);
  });
});

describe("a colour's own photos", () => {
  it('ties a photo to an option value; the storefront says which; a value gone unties it', async () => {
    const p = await publish();
    const [photo] = await t.database.db
      .insert(productPhotos)
      .values({ organisationId: await orgOf(p.Id), productId: p.Id, fileName: 'czerwona.jpg' })
      .returning({ id: productPhotos.id });
    const tie = (Wartosc: string | null, client = manager) =>
      client.fetch(`${P}/${p.Id}/photos/${photo!.id}/variant`, { method: 'PUT', json: { Wartosc } });
    const tied = await tie('Czerwony');
    expect(tied.status, await tied.clone().text()).toBe(200);
    expect(((await tied.json()) as { Items: { Wartosc: string | null }[] }).Items[0]!.Wartosc).toBe(
      'Czerwony',
    );
    expect((await storefront(p.Id)).Zalaczniki).toEqual([
      { Id: photo!.id, Nazwa: 'czerwona.jpg', Wartosc: 'Czerwony' },
    ]);

    await refusedWith(await tie('Zielony'), msg.photoVariantInvalid);
    expect((await tie('Czerwony', rival)).status).toBe(404);

    // The colour renamed in the form: the photo shows every variant again.
    await ok(
      await manager.fetch(`${P}/${p.Id}`, {
        method: 'PUT',
        json: shirt({
          Opcje: [{ Nazwa: 'Kolor', Wartosci: ['Biały', 'Karminowy'] }, OPTIONS[1]],
          Parametry: [{ Wartosci: ['Karminowy', 'M'], Stan: 1 }],
        }),
      }),
    );
    expect((await storefront(p.Id)).Zalaczniki).toEqual([{ Id: photo!.id, Nazwa: 'czerwona.jpg' }]);
  });
});
