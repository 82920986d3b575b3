import {
  fillMessage,
  MAX_PROMOTION_STATS_DAYS,
  msg,
  OrderStatus,
  type PanelPromotion,
  type PanelPromotionList,
  type PanelPromotionStats,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { PANEL, type PanelClient } from './fixtures/panel.ts';

/**
 * A promotion's use as the panel shows it: real orders placed through the storefront with a code,
 * one of them cancelled (left out, as on the dashboard), the period as Polish calendar days, a
 * batch's codes used, another club's promotion not found and the period's Polish messages.
 */
let shop: checkout.CheckoutPanelShop;
let manager: PanelClient;
const PROMO = `${PANEL}/promotions`;
const CART = `${checkout.S}/koszyk`;
const SCARF = 'Szalik zimowy dziany'; // 69,99 zł
const MUG = 'Kubek z herbem';

beforeAll(async () => {
  shop = await checkout.openCheckoutPanelShop();
  manager = shop.manager;
});
afterAll(async () => {
  await shop?.t.close();
});

const db = () => shop.t.database.db;
const create = async (body: Record<string, unknown>, who = manager) =>
  checkout.json<PanelPromotion>(await who.fetch(PROMO, { method: 'POST', json: body }));
const stats = (id: number, query = '', who = manager) => who.fetch(`${PROMO}/${id}/stats${query}`);
const statsOk = async (id: number, query = '') => checkout.json<PanelPromotionStats>(await stats(id, query));

/** Places an order of `lines` with `code` typed in the cart; returns the order row. */
const orderWith = async (code: string, lines: checkout.Product[], delivery = 'Kurier DPD') => {
  const guid = await checkout.makeCart(
    shop.t,
    lines.map((p) => checkout.line(p)),
  );
  const typed = await shop.t.fetch(`${CART}/${guid}/kod`, {
    method: 'POST',
    json: { Kod: code },
    org: 'demo',
  });
  expect(typed.status, await typed.clone().text()).toBe(200);
  await checkout.placeOk(
    shop.t,
    checkout.orderBody(guid, shop.ship(delivery), { Email: 'staty@example.pl' }),
  );
  return (await checkout.orderOfCart(db(), guid))!;
};

const zl = (grosze: number) => grosze / 100;

describe('a promotion’s use', () => {
  let promo: PanelPromotion;
  let kept: Awaited<ReturnType<typeof orderWith>>[];
  beforeAll(async () => {
    promo = await create({ Nazwa: 'Staty -10%', Rodzaj: 'percent', Procent: 10, Kod: 'STATY10' });
    const [scarf, mug] = [shop.product(SCARF), shop.product(MUG)];
    kept = [await orderWith('staty10', [scarf]), await orderWith('STATY10', [scarf, mug])];
    const cancelled = await orderWith('STATY10', [mug]);
    const cancel = await manager.fetch(`${PANEL}/orders/${cancelled.id}/status`, {
      method: 'POST',
      json: { Status: OrderStatus.cancelled },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
  });

  it('counts its orders not cancelled, their revenue and what it took off, over its whole life', async () => {
    const s = await statsOk(promo.Id);
    const discount = kept.reduce((sum, o) => sum + o.itemsDiscount, 0);
    expect(discount).toBeGreaterThan(0);
    expect(s).toEqual({
      Od: null,
      Do: null,
      Zamowienia: 2,
      Przychod: zl(kept.reduce((sum, o) => sum + o.total, 0)),
      RabatProdukty: zl(discount),
      RabatDostawa: 0,
      WykorzystaneKody: null,
      LiczbaKodow: null,
    });
    // The list and the detail say the same, in one figure for products and delivery.
    const listed = (await checkout.json<PanelPromotionList>(await manager.fetch(PROMO))).Items.find(
      (p) => p.Id === promo.Id,
    );
    // The cancelled order gave its use back: the counter and the figures agree.
    expect(listed).toMatchObject({ Zamowienia: 2, Rabat: zl(discount), Uzycia: 2 });
    expect(await checkout.json<PanelPromotion>(await manager.fetch(`${PROMO}/${promo.Id}`))).toMatchObject({
      Zamowienia: 2,
      Rabat: zl(discount),
    });
  });

  it('takes a period of Polish calendar days, both included', async () => {
    // 23:30 UTC on 15 March is 00:30 on 16 March in Warsaw (winter time).
    const [early, late] = kept as [(typeof kept)[0], (typeof kept)[0]];
    await db()
      .update(orders)
      .set({ createdAt: new Date('2026-03-15T23:30:00Z') })
      .where(eq(orders.id, early.id));
    const onThe16th = await statsOk(promo.Id, '?od=2026-03-16&do=2026-03-16');
    expect(onThe16th).toMatchObject({
      Od: '2026-03-16',
      Do: '2026-03-16',
      Zamowienia: 1,
      Przychod: zl(early.total),
      RabatProdukty: zl(early.itemsDiscount),
    });
    expect((await statsOk(promo.Id, '?od=2026-03-15&do=2026-03-15')).Zamowienia).toBe(0);
    // One side open: up to a day, or from a day on.
    expect((await statsOk(promo.Id, '?do=2026-03-16')).Zamowienia).toBe(1);
    expect(await statsOk(promo.Id, '?od=2026-03-17')).toMatchObject({
      Od: '2026-03-17',
      Do: null,
      Zamowienia: 1,
      Przychod: zl(late.total),
    });
    expect(await statsOk(promo.Id, '?od=2020-01-01&do=2020-12-31')).toMatchObject({
      Zamowienia: 0,
      Przychod: 0,
      RabatProdukty: 0,
      RabatDostawa: 0,
    });
  });

  it('refuses a wrong period with its Polish message by the field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['?od=2026-02-30', { od: msg.promoStatsDateInvalid }],
      ['?do=16.03.2026', { do: msg.promoStatsDateInvalid }],
      ['?od=1999-12-31', { od: msg.promoStatsDateInvalid }],
      ['?od=2026-03-17&do=2026-03-16', { do: msg.promoStatsPeriodOrder }],
      [
        '?od=2024-01-01&do=2027-01-01',
        { do: fillMessage(msg.promoStatsPeriodTooLong, { ile: String(MAX_PROMOTION_STATS_DAYS) }) },
      ],
    ];
    for (const [query, fields] of cases) {
      const body = await checkout.refused(await stats(promo.Id, query), 400);
      expect(body.Fields, query).toEqual(fields);
      expect(body.Message, query).toBe(Object.values(fields)[0]);
    }
    // The longest period allowed: three years and a leap day.
    expect((await stats(promo.Id, '?od=2024-01-01&do=2026-12-31')).status).toBe(200);
  });

  it("another club's promotion is not found, as a missing one", async () => {
    const theirs = await create(
      { Nazwa: 'Rywal', Rodzaj: 'percent', Procent: 5, Kod: 'RYWALSTAT' },
      shop.rival,
    );
    for (const res of [await stats(theirs.Id), await stats(999_999), await stats(promo.Id, '', shop.rival)])
      expect((await checkout.refused(res, 404)).Message).toBe(msg.promoNotFound);
  });
});

describe('a batch of single-use codes', () => {
  it('counts the codes its orders used and the delivery it gave', async () => {
    const batch = await create({
      Nazwa: 'Staty dostawa',
      Rodzaj: 'freeShipping',
      Kody: { Liczba: 3, Prefiks: 'STAT' },
    });
    expect(await statsOk(batch.Id)).toMatchObject({ Zamowienia: 0, WykorzystaneKody: 0, LiczbaKodow: 3 });
    const csv = await (await manager.fetch(`${PROMO}/${batch.Id}/codes.csv`)).text();
    const codes = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((r) => r.split(';')[0]!);
    const mug = shop.product(MUG);
    const placed = [await orderWith(codes[0]!, [mug]), await orderWith(codes[1]!, [mug])];
    const dpd = shop.ship('Kurier DPD').Meta;
    expect(placed.map((o) => o.shippingCost)).toEqual([0, 0]);
    expect(await statsOk(batch.Id)).toEqual({
      Od: null,
      Do: null,
      Zamowienia: 2,
      Przychod: zl(placed[0]!.total + placed[1]!.total),
      RabatProdukty: 0,
      RabatDostawa: zl(2 * dpd),
      WykorzystaneKody: 2,
      LiczbaKodow: 3,
    });
  });
});
