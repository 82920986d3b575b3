import { fillMessage, msg } from '@club/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productParameters, products } from '../src/db/schema.ts';
import { expireUnpaidOrders } from '../src/modules/orders/maintenance.ts';
import { returnStockOnce } from '../src/modules/orders/place-stock.ts';
import * as checkout from './fixtures/checkout.ts';

/** Stock kept per parameter in the product page, the cart, order placement and stock returns. */

let { t, product, ship, customer } = {} as checkout.CheckoutShop;
beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
});
afterAll(() => t?.close());

const db = () => t.database.db;
const RETRO = 'Koszulka retro 1979'; // S 0, M 3, L 2, XL 1, XXL 0
const AWAY = 'Koszulka meczowa wyjazdowa 2026/27'; // S 5, M 8, L 0, XL 7, XXL 5
const THIRD = 'Koszulka meczowa trzecia 2026/27'; // S 0, M 4, L 4, XL 4, XXL 0
const BEANIE = 'Czapka zimowa z pomponem'; // Zielona 18, Żółta 17, choosing one not required

/** The product's total and each parameter's stock, as the database holds them. */
const stocks = async (productId: number) => {
  const [p] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  const params = await db()
    .select({ name: productParameters.name, stock: productParameters.stock })
    .from(productParameters)
    .where(eq(productParameters.productId, productId))
    .orderBy(asc(productParameters.position));
  return { total: p!.stock, ...Object.fromEntries(params.map((x) => [x.name, x.stock])) } as Record<
    string,
    number
  >;
};

/** Sets one parameter's stock and keeps the product's total their sum (as the panel does). */
const setParamStock = async (productId: number, name: string, stock: number) => {
  await db()
    .update(productParameters)
    .set({ stock })
    .where(and(eq(productParameters.productId, productId), eq(productParameters.name, name)));
  await db()
    .update(products)
    .set({
      stock: sql`(select sum(stock) from ${productParameters} where ${productParameters.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
};

const cod = (guid: string) => checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 });

describe('product page', () => {
  it('shows each parameter with its stock and the total in MagazynyStany', async () => {
    const retro = product(RETRO);
    expect(retro.Parametry.map((p) => [p.Nazwa, p.Stan])).toEqual([
      ['S', 0],
      ['M', 3],
      ['L', 2],
      ['XL', 1],
      ['XXL', 0],
    ]);
    expect(retro.MagazynyStany).toEqual([{ Stan: 6 }]);
    expect(product('Kubek z herbem').Parametry).toEqual([]);
    // Every seeded product with parameters: the total is their sum.
    for (const name of [AWAY, THIRD, BEANIE, 'Body niemowlęce']) {
      const p = product(name);
      expect(p.MagazynyStany[0]!.Stan).toBe(p.Parametry.reduce((s, x) => s + x.Stan, 0));
    }
  });
});

describe('order placement takes stock per parameter', () => {
  it('refuses a size that sold out meanwhile while other sizes are in stock, and changes nothing', async () => {
    const away = product(AWAY);
    const guid = await checkout.makeCart(t, [checkout.line(away, 1, 'M'), checkout.line(away, 2, 'XL')]);
    await setParamStock(away.Id, 'XL', 1);
    const before = await stocks(away.Id);
    expect(before.total).toBe(19);
    const n = await checkout.countOrders(db());
    const body = await checkout.refused(await checkout.place(t, cod(guid)), 409);
    expect(body.Message).toBe(fillMessage(msg.orderNotEnoughStock, { produkt: `${AWAY} - XL` }));
    expect(await stocks(away.Id)).toEqual(before);
    expect(await checkout.countOrders(db())).toBe(n);
    // The other sizes stay on sale: the buyer lowers XL to what is left and orders.
    const cart = (await (await t.fetch(`/api/centauri/sklepyonline/koszyk/${guid}`)).json()) as {
      Pozycje: { Id: number; Parametr: { Id: number; Nazwa: string } | null }[];
    };
    const xl = cart.Pozycje.find((p) => p.Parametr?.Nazwa === 'XL')!;
    const res = await t.fetch(`/api/centauri/sklepyonline/koszyk/${guid}`, {
      method: 'POST',
      json: [{ Id: xl.Id, IdWyrob: away.Id, Ilosc: 1, Parametr: xl.Parametr }],
    });
    expect(res.status).toBe(200);
    await checkout.placeOk(t, cod(guid));
    expect(await stocks(away.Id)).toEqual({ ...before, total: 17, M: before.M! - 1, XL: 0 });
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect((await checkout.linesOf(db(), order.id)).map((l) => [l.parameterName, l.quantity])).toEqual([
      ['M', 1],
      ['XL', 1],
    ]);
  });

  it('serves a line without a parameter from the parameters in order, one order line per parameter', async () => {
    const beanie = product(BEANIE);
    await setParamStock(beanie.Id, 'Zielona', 1);
    const guid = await checkout.makeCart(t, [checkout.line(beanie, 3)]);
    await checkout.placeOk(t, cod(guid));
    const after = await stocks(beanie.Id);
    expect(after).toEqual({ total: 15, Zielona: 0, Żółta: 15 });
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect((await checkout.linesOf(db(), order.id)).map((l) => [l.parameterName, l.quantity])).toEqual([
      ['Zielona', 1],
      ['Żółta', 2],
    ]);
  });

  it('concurrent orders of the last piece of one size: exactly one wins', async () => {
    const third = product(THIRD);
    await setParamStock(third.Id, 'XL', 1);
    const before = await stocks(third.Id);
    const carts = [];
    for (let i = 0; i < 8; i++) carts.push(await checkout.makeCart(t, [checkout.line(third, 1, 'XL')]));
    const results = await Promise.all(carts.map((guid) => checkout.place(t, cod(guid))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(((await r.json()) as { Message: string }).Message).toBe(
        fillMessage(msg.orderNotEnoughStock, { produkt: `${THIRD} - XL` }),
      );
    }
    expect(await stocks(third.Id)).toEqual({ ...before, total: before.total! - 1, XL: 0 });
  });
});

describe('stock returns go back to the parameter, once', () => {
  it('an expired online order gives its sizes back exactly once', async () => {
    const retro = product(RETRO);
    const before = await stocks(retro.Id);
    const guid = await checkout.makeCart(t, [checkout.line(retro, 2, 'L'), checkout.line(retro, 1, 'M')], {
      ticket: customer,
    });
    await checkout.placeOk(t, checkout.orderBody(guid, ship('Kurier DPD')), { ticket: customer });
    const order = (await checkout.orderOfCart(db(), guid))!;
    expect(await stocks(retro.Id)).toEqual({ ...before, total: before.total! - 3, L: 0, M: before.M! - 1 });

    await db()
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.id));
    expect(await expireUnpaidOrders(t.app)).toBeGreaterThanOrEqual(1);
    expect(await stocks(retro.Id)).toEqual(before);
    // A second expiry run or another cancel path finds the stock already returned.
    await expireUnpaidOrders(t.app);
    expect(await db().transaction((tx) => returnStockOnce(tx, order.organisationId, order.id))).toBe(false);
    expect(await stocks(retro.Id)).toEqual(before);
  });
});
