import {
  type PanelProduct,
  type PanelPromotion,
  type Product,
  ProductListItemSchema,
  ProductSchema,
  percentOf,
  priceCart,
  promotionOfRow,
  SearchResultSchema,
} from '@club/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productPrices, promotions } from '../src/db/schema.ts';
import { notifyChange } from '../src/modules/changes/notify.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { json, S } from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { createPublished, openPanelShop, PANEL, type PanelClient } from './fixtures/panel.ts';
import type { TestApp } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;
const PROMO = `${PANEL}/promotions`;

let t: TestApp;
let owner: PanelClient;
let rival: PanelClient;
let demoId: number;
beforeAll(async () => {
  ({ t, owner, rival } = await openPanelShop());
  demoId = await orgIdOf(t.database.db, 'demo');
});
afterAll(() => t?.close());

const list = async (org = 'demo') => {
  const res = await t.fetch(`${S}/getProdukty/0/100`, { org });
  expect(res.status).toBe(200);
  return z.array(ProductListItemSchema.strict()).parse(await res.json());
};
const tile = async (id: number, org = 'demo') => (await list(org)).find((p) => p.Id === id);
const detail = async (id: number, org = 'demo'): Promise<Product> => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`, { org });
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};

let made = 0;
/** A published product of the demo club at `zl`, its history replaced by `history` (days ago, zł). */
const product = async (zl: number, history: [number, number][] = [], client = owner) => {
  const res = await createPublished(client, {
    Nazwa: `Koszulka promocyjna ${++made}`,
    Opis: '',
    CenaBrutto: zl,
    KategoriaId: null,
    Stan: 5,
    Parametry: [],
  });
  const { Id } = await json<PanelProduct>(res);
  if (history.length) {
    const db = t.database.db;
    const organisationId = client === rival ? await orgIdOf(db, 'rywal') : demoId;
    await db.delete(productPrices).where(eq(productPrices.productId, Id));
    await db.insert(productPrices).values(
      history.map(([daysAgo, price]) => ({
        organisationId,
        productId: Id,
        priceGross: Math.round(price * 100),
        validFrom: new Date(Date.now() - daysAgo * DAY),
      })),
    );
  }
  return Id;
};

const promote = async (body: Record<string, unknown>, client = owner) => {
  const created = await json<PanelPromotion>(await client.fetch(PROMO, { method: 'POST', json: body }));
  await changesDelivered(t, 'promotions');
  return created;
};
const sale = (ids: number[], extra: Record<string, unknown> = {}) => ({
  Nazwa: 'Wyprzedaż',
  Rodzaj: 'percent',
  Procent: 20,
  Zakres: { Typ: 'products', Id: ids },
  ...extra,
});
/** Moves a promotion into the past as if made `daysAgo` (its start too), announced like a panel change. */
const backdate = async (id: number, daysAgo: number, endedDaysAgo?: number) => {
  const at = new Date(Date.now() - daysAgo * DAY);
  await t.database.db
    .update(promotions)
    .set({
      createdAt: at,
      startsAt: at,
      ...(endedDaysAgo !== undefined && { endedAt: new Date(Date.now() - endedDaysAgo * DAY) }),
    })
    .where(eq(promotions.id, id));
  await notifyChange(t.database.db, { organisationId: demoId, topic: 'promotions' });
  await changesDelivered(t, 'promotions');
};

describe('automatic promotions on the catalogue', () => {
  it('show the promoted price on the list, the product and the search, as the cart charges it', async () => {
    const id = await product(49.99);
    const before = await tile(id);
    expect(before?.Promocja).toBeUndefined();
    const promotion = await promote(sale([id]));

    const expected = 4999 - percentOf(4999, 20);
    const shown = { Nazwa: 'Wyprzedaż', CenaPromocyjna: expected / 100, NajnizszaCenaPrzedPromocja: 49.99 };
    expect(await tile(id)).toMatchObject({ CenaBrutto: 49.99, NajnizszaCena30Dni: null, Promocja: shown });
    expect(await detail(id)).toMatchObject({ CenaBrutto: 49.99, Promocja: shown });
    const found = SearchResultSchema.parse(
      await (await t.fetch(`${S}/szukaj?q=${encodeURIComponent(`Koszulka promocyjna ${made}`)}`)).json(),
    );
    expect(found.Produkty.find((p) => p.Id === id)?.Promocja).toEqual(shown);

    // The cart's engine, given the stored row, charges the same for one piece.
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, promotion.Id));
    const cart = priceCart(
      {
        lines: [
          {
            key: 1,
            productId: id,
            variantId: null,
            categoryIds: [],
            unitPrice: 4999,
            printingPrice: 0,
            quantity: 1,
          },
        ],
        shippingPrice: 0,
      },
      [promotionOfRow(row!)],
      null,
      new Date(),
    );
    expect(cart.lines[0]!.after).toBe(expected);
  });

  it('give the lowest price of the 30 days before the promotion began, the base price 20 days before', async () => {
    // 120 zł for long, 90 zł from 22 to 18 days ago, 120 zł since.
    const id = await product(120, [
      [100, 120],
      [22, 90],
      [18, 120],
    ]);
    await promote(sale([id]));
    expect((await tile(id))?.Promocja).toEqual({
      Nazwa: 'Wyprzedaż',
      CenaPromocyjna: 96,
      NajnizszaCenaPrzedPromocja: 90,
    });
  });

  it('measure the window from the start, not from today, and count earlier promotions shown in it', async () => {
    // 100 zł from 50 to 40 days ago: within 30 days of a start 25 days ago, not of today.
    const early = await product(150, [
      [200, 150],
      [50, 100],
      [40, 150],
    ]);
    const started = await promote(sale([early]));
    await backdate(started.Id, 25);
    expect((await detail(early)).Promocja).toMatchObject({
      CenaPromocyjna: 120,
      NajnizszaCenaPrzedPromocja: 100,
    });

    // 10 % from 15 to 5 days ago: 135 zł was shown before today's 20 %.
    const again = await product(150, [[200, 150]]);
    const earlier = await promote({ ...sale([again], { Procent: 10 }), Nazwa: 'Tydzień kibica' });
    await backdate(earlier.Id, 15, 5);
    expect((await tile(again))?.Promocja).toBeUndefined();
    await promote(sale([again]));
    expect((await tile(again))?.Promocja).toEqual({
      Nazwa: 'Wyprzedaż',
      CenaPromocyjna: 120,
      NajnizszaCenaPrzedPromocja: 135,
    });
  });

  it('not show a promotion before its start, while paused or after its end', async () => {
    const id = await product(80);
    const later = await promote(sale([id], { Od: '2099-01-01T00:00' }));
    expect((await tile(id))?.Promocja).toBeUndefined();
    expect((await detail(id)).Promocja).toBeUndefined();

    const now = await promote(sale([id]));
    expect((await tile(id))?.Promocja?.CenaPromocyjna).toBe(64);
    await owner.fetch(`${PROMO}/${now.Id}/pause`, { method: 'POST' });
    await changesDelivered(t, 'promotions');
    expect((await tile(id))?.Promocja).toBeUndefined();
    await owner.fetch(`${PROMO}/${now.Id}/resume`, { method: 'POST' });
    await changesDelivered(t, 'promotions');
    expect((await tile(id))?.Promocja?.CenaPromocyjna).toBe(64);
    await owner.fetch(`${PROMO}/${now.Id}/end`, { method: 'POST' });
    await changesDelivered(t, 'promotions');
    expect((await tile(id))?.Promocja).toBeUndefined();
    expect((await detail(id)).Promocja).toBeUndefined();
    expect(later.Status).toBe('scheduled');
  });

  it('show a promotion once its start comes, without a change in the panel', async () => {
    const id = await product(80);
    const soon = await promote(sale([id]));
    // Starts in a moment: set in the database, as the panel takes whole minutes.
    await t.database.db
      .update(promotions)
      .set({ startsAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(promotions.id, soon.Id));
    await notifyChange(t.database.db, { organisationId: demoId, topic: 'promotions' });
    await changesDelivered(t, 'promotions');
    expect((await tile(id))?.Promocja).toBeUndefined();
    // The start is announced to every process (their cached pages go), and the cache reads again.
    let heard = false;
    const off = t.app.changes.subscribe('promotions', (e) => {
      if (e !== 'all' && e.organisationId === demoId) heard = true;
    });
    await new Promise((r) => setTimeout(r, 2_000));
    off();
    expect(heard).toBe(true);
    expect((await tile(id))?.Promocja?.CenaPromocyjna).toBe(64);
  });

  it('never show a code, nor badge more than a short text for deals that are not a price cut', async () => {
    const id = await product(60);
    await promote(sale([id], { Kod: 'TYLKOKOD' }));
    await promote({
      Nazwa: 'Trzy za dwa',
      Rodzaj: 'buyXGetY',
      Kup: 2,
      Gratis: 1,
      Zakres: { Typ: 'products', Id: [id] },
    });
    await promote(sale([id], { Minimum: 200, Nazwa: 'Duże zakupy' }));
    const shown = await tile(id);
    expect(shown?.Promocja).toBeUndefined();
    expect(shown?.Oferty).toEqual(['3 w cenie 2', expect.stringMatching(/^−20% przy zakupach od 200,00\sz/)]);
    expect((await detail(id)).Oferty).toEqual(shown?.Oferty);
  });

  it("never show another club's promotion", async () => {
    const ours = await product(70);
    await promote({ ...sale([]), Zakres: { Typ: 'cart', Id: [] }, Nazwa: 'Rywal -50%', Procent: 50 }, rival);
    expect((await tile(ours))?.Promocja).toBeUndefined();
    const rivalList = await list('rywal');
    expect(rivalList.length).toBeGreaterThan(0);
    expect(rivalList.every((p) => p.Promocja?.Nazwa === 'Rywal -50%')).toBe(true);
    expect((await list()).some((p) => p.Promocja?.Nazwa === 'Rywal -50%')).toBe(false);
  });
});
