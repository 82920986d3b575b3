import {
  CartSchema,
  fillMessage,
  msg,
  type PanelPreorders,
  PanelPreordersSchema,
  type PanelProduct,
  PanelProductSchema,
  type Product,
  ProductSchema,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, productParameters } from '../src/db/schema.ts';
import { eventually, loadShipping, makeCart, orderBody, orderOfCart, place, S } from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { openPanelShop, PANEL, type PanelShop } from './fixtures/panel.ts';

/** Pre-orders (decision 144): a variant sold up to a cap before stock arrives, with its shipping date. */

let { t, manager, rival } = {} as PanelShop;
let ship: Awaited<ReturnType<typeof loadShipping>>;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
  ship = await loadShipping(t);
});
afterAll(() => t?.close());

const P = `${PANEL}/products`;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const RELEASE = inDays(30);
const polish = (iso: string) => iso.split('-').reverse().join('.');

const publish = async () => {
  const res = await manager.fetch(P, {
    method: 'POST',
    json: {
      Nazwa: 'Koszulka wyjazdowa przedsprzedaż',
      Opis: 'Nowy sezon',
      CenaBrutto: 249,
      KategoriaId: null,
      Opcje: [{ Nazwa: 'Rozmiar', Wartosci: ['M', 'L'] }],
      Parametry: [
        { Wartosci: ['M'], Stan: 5 },
        { Wartosci: ['L'], Stan: 0 },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const p = PanelProductSchema.parse(await res.json()) as PanelProduct;
  await manager.fetch(`${P}/${p.Id}/status`, { method: 'POST', json: { Status: 'active' } });
  const v = (name: string) => p.Parametry.find((x) => x.Nazwa === name)!;
  return { p, m: v('M'), l: v('L') };
};

const setPreorder = (productId: number, parameterId: number, body: unknown, who = manager) =>
  who.fetch(`${P}/${productId}/variants/${parameterId}/preorder`, { method: 'PUT', json: body });

const storefront = async (id: number): Promise<Product> => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`);
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};

const capLeft = async (parameterId: number) => {
  const [row] = await t.database.db
    .select({
      cap: productParameters.preorderCap,
      sold: productParameters.preorderSold,
      stock: productParameters.stock,
    })
    .from(productParameters)
    .where(eq(productParameters.id, parameterId));
  return row!;
};

describe('pre-orders', () => {
  it('sells the last capped piece once under concurrent orders and refuses the next in Polish', async () => {
    const { p, l } = await publish();
    const saved = await setPreorder(p.Id, l.Id, { Przedsprzedaz: { DataWysylki: RELEASE, Limit: 2 } });
    expect(saved.status, await saved.clone().text()).toBe(200);

    // The storefront sells the variant with the pieces the cap leaves, labelled with its date.
    const shop = await storefront(p.Id);
    expect(shop.Parametry.find((x) => x.Id === l.Id)).toMatchObject({
      Stan: 2,
      Przedsprzedaz: { DataWysylki: RELEASE },
    });
    expect(shop.MagazynyStany).toEqual([{ Stan: 7 }]);

    const first = await makeCart(t, [
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: l.Id, Nazwa: l.Nazwa } },
    ]);
    expect(
      (await place(t, orderBody(first, ship('Kurier DPD'), { Platnosc: 20, Email: 'pierwszy@example.pl' })))
        .status,
    ).toBe(200);
    // One capped piece left, two buyers at once.
    const carts = await Promise.all(
      [0, 1].map(() =>
        makeCart(t, [{ Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: l.Id, Nazwa: l.Nazwa } }]),
      ),
    );
    const answers = await Promise.all(
      carts.map((guid, i) =>
        place(
          t,
          orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, Email: `przedsprzedaz${i}@example.pl` }),
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.status === 409)!;
    expect(((await loser.json()) as { Message: string }).Message).toBe(
      fillMessage(msg.preorderCapReached, { produkt: 'Koszulka wyjazdowa przedsprzedaż - L', zostalo: '0' }),
    );
    // The cap counted, the stock untouched (nothing has arrived).
    expect(await capLeft(l.Id)).toEqual({ cap: 2, sold: 2, stock: 0 });
    // The next buyer cannot even put it in the cart.
    const next = await t.fetch(`${S}/koszyk/`, {
      method: 'POST',
      json: [{ Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: l.Id, Nazwa: l.Nazwa } }],
    });
    expect(next.status).toBe(400);
    expect(((await next.json()) as { Message: string }).Message).toBe(msg.outOfStock);

    // Cancelling an order gives its piece back to the cap.
    const winner = carts[answers.findIndex((r) => r.status === 200)]!;
    const order = (await orderOfCart(t.database.db, winner))!;
    const cancel = await manager.fetch(`${PANEL}/orders/${order.id}/status`, {
      method: 'POST',
      json: { Status: 60 },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(await capLeft(l.Id)).toEqual({ cap: 2, sold: 1, stock: 0 });
  });

  it('labels the cart line and the order with the expected shipping date, and the e-mail says how a mixed order ships', async () => {
    const { p, m, l } = await publish();
    await setPreorder(p.Id, l.Id, { Przedsprzedaz: { DataWysylki: RELEASE, Limit: 50 } });
    const email = 'mieszane@example.pl';
    const guid = await makeCart(t, [
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: l.Id, Nazwa: l.Nazwa } },
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: { Id: m.Id, Nazwa: m.Nazwa } },
    ]);
    const cart = CartSchema.strict().parse(await (await t.fetch(`${S}/koszyk/${guid}`)).json());
    expect(cart.Pozycje.map((x) => [x.Parametr?.Nazwa, x.Przedsprzedaz?.DataWysylki])).toEqual([
      ['L', RELEASE],
      ['M', undefined],
    ]);
    const res = await place(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, Email: email }));
    expect(res.status, await res.clone().text()).toBe(200);
    const order = (await orderOfCart(t.database.db, guid))!;
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((x) => [x.parameterName, x.preorderRelease]).sort()).toEqual([
      ['L', RELEASE],
      ['M', null],
    ]);
    // The in-stock piece took stock, the pre-ordered one the cap.
    expect(await capLeft(m.Id)).toMatchObject({ stock: 4 });
    expect(await capLeft(l.Id)).toMatchObject({ sold: 1, stock: 0 });

    const mail = await eventually(async () =>
      (await t.outbox.messages()).find((x) => x.to === email && readableMail(x).includes(order.number)),
    );
    expect(mail.text).toContain(`Przedsprzedaż – wysyłka ok. ${polish(RELEASE)}`);
    expect(mail.text).toContain('wyślemy je w jednej paczce');

    // The panel's order detail marks the line.
    const detail = (await (await manager.fetch(`${PANEL}/orders/${order.id}`)).json()) as {
      Pozycje: { Parametr: string; Przedsprzedaz?: { DataWysylki: string } }[];
    };
    expect(detail.Pozycje.find((x) => x.Parametr === 'L')?.Przedsprzedaz).toEqual({ DataWysylki: RELEASE });
    const slip = await (await manager.fetch(`${PANEL}/orders/${order.id}/packing-slip`)).text();
    expect(slip).toContain(`Przedsprzedaż – wysyłka ok. ${polish(RELEASE)}`);

    // The list to fulfil names the variant, its pieces and the order.
    const list = PanelPreordersSchema.strict().parse(
      await (await manager.fetch(`${PANEL}/preorders`)).json(),
    ) as PanelPreorders;
    expect(list.Warianty.find((v) => v.IdParametr === l.Id)).toMatchObject({
      Produkt: 'Koszulka wyjazdowa przedsprzedaż',
      Wariant: 'L',
      DataWysylki: RELEASE,
      Limit: 50,
      Sprzedane: 1,
      DoWyslania: 1,
      Zamowienia: [{ Id: order.id, Numer: order.number, Ilosc: 1 }],
    });

    // Stock arrives: the manager ends the pre-order; the count and the orders to send are kept.
    const ended = await setPreorder(p.Id, l.Id, { Przedsprzedaz: null });
    const after = PanelPreordersSchema.parse(await ended.json());
    expect(after.Warianty.find((v) => v.IdParametr === l.Id)).toMatchObject({
      DataWysylki: null,
      Sprzedane: 1,
      DoWyslania: 1,
    });
    expect((await storefront(p.Id)).Parametry.find((x) => x.Id === l.Id)?.Przedsprzedaz).toBeUndefined();
  });

  it('refuses a past date and a cap outside 1..100000 in Polish', async () => {
    const { p, l } = await publish();
    const past = await setPreorder(p.Id, l.Id, { Przedsprzedaz: { DataWysylki: '2020-01-01', Limit: 5 } });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { Message: string }).Message).toBe(msg.preorderDateFuture);
    const cap = await setPreorder(p.Id, l.Id, { Przedsprzedaz: { DataWysylki: RELEASE, Limit: 0 } });
    expect(cap.status).toBe(400);
    expect(((await cap.json()) as { Message: string }).Message).toBe(msg.preorderCapRange);
  });

  it("does not let another club see or change a club's pre-orders", async () => {
    const { p, l } = await publish();
    await setPreorder(p.Id, l.Id, { Przedsprzedaz: { DataWysylki: RELEASE, Limit: 10 } });
    const change = await setPreorder(
      p.Id,
      l.Id,
      { Przedsprzedaz: { DataWysylki: RELEASE, Limit: 99 } },
      rival,
    );
    expect(change.status).toBe(404);
    expect(((await change.json()) as { Message: string }).Message).toBe(msg.preorderVariantNotFound);
    expect(await capLeft(l.Id)).toMatchObject({ cap: 10 });
    const theirs = PanelPreordersSchema.parse(await (await rival.fetch(`${PANEL}/preorders`)).json());
    expect(theirs.Warianty.some((v) => v.IdParametr === l.Id)).toBe(false);
    // A stranger without a panel session gets nothing.
    expect((await t.fetch(`${PANEL}/preorders`)).status).toBe(401);
  });
});
