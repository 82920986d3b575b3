import {
  MAX_BATCH_CODES,
  msg,
  type PanelPromotion,
  type PanelPromotionList,
  priceCart,
  promotionOfRow,
} from '@club/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  categories,
  productParameters,
  products,
  promotionCodes,
  promotions,
} from '../src/db/schema.ts';
import { json, refused } from './fixtures/checkout.ts';
import { orgIdOf, ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient } from './fixtures/panel.ts';
import { expectOutsidersRefused, type PanelCall } from './fixtures/panel-access.ts';
import type { TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const PROMO = `${PANEL}/promotions`;

let t: TestApp;
let owner: PanelClient;
let manager: PanelClient;
let rival: PanelClient;
let demoId: number;
let scarves: number;
let scarf: number;
let productIds: number[];
let rivalProduct: number;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop());
  const db = t.database.db;
  demoId = await orgIdOf(db, 'demo');
  const rivalId = await orgIdOf(db, 'rywal');
  [{ id: scarves }] = (await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.organisationId, demoId), eq(categories.name, 'Szaliki')))) as [{ id: number }];
  [{ id: scarf }] = (await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, demoId), eq(products.name, 'Szalik klubowy tkany')))) as [
    { id: number },
  ];
  productIds = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.organisationId, demoId))
      .orderBy(products.id)
  ).map((r) => r.id);
  [{ id: rivalProduct }] = (await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.organisationId, rivalId))
    .limit(1)) as [{ id: number }];
});
afterAll(() => t?.close());

const create = (body: unknown, p: PanelClient = owner) => p.fetch(PROMO, { method: 'POST', json: body });
const created = async (body: unknown, p: PanelClient = owner) => json<PanelPromotion>(await create(body, p));
const update = (id: number, body: unknown, p: PanelClient = owner) =>
  p.fetch(`${PROMO}/${id}`, { method: 'PATCH', json: body });
const act = (id: number, what: 'pause' | 'resume' | 'end', p: PanelClient = owner) =>
  p.fetch(`${PROMO}/${id}/${what}`, { method: 'POST' });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(promotions).where(eq(promotions.id, id)))[0]!;
const auditOf = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'promotion'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id)
  ).map((r) => ({ action: r.action, userEmail: r.userEmail, before: r.before, after: r.after }));

describe('promotions in the panel', () => {
  it('creates each kind, stored as the engine needs it', async () => {
    const sokol = await created({
      Nazwa: 'Szaliki -10%',
      Rodzaj: 'percent',
      Procent: 10,
      Zakres: { Typ: 'categories', Id: [scarves] },
      Kod: ' sokol10 ',
      Od: '2026-12-01T00:00',
      Do: '2027-07-01T00:00',
      LimitUzyc: 500,
      LimitNaKlienta: 1,
    });
    expect(sokol).toMatchObject({
      Rodzaj: 'percent',
      Procent: 10,
      Kwota: null,
      Kod: 'SOKOL10',
      Automatyczna: false,
      LiczbaKodow: 1,
      UzyteKody: 0,
      Uzycia: 0,
      Zakres: { Typ: 'categories', Id: [scarves] },
      Od: '2026-12-01T00:00',
      Do: '2027-07-01T00:00',
      LimitUzyc: 500,
      LimitNaKlienta: 1,
      Wstrzymana: false,
      LaczySie: false,
      Zakonczono: null,
    });
    const row = await rowOf(sokol.Id);
    // Warsaw time: +01:00 in December, +02:00 in July; percent in basis points.
    expect(row).toMatchObject({
      percentBp: 1000,
      organisationId: demoId,
      startsAt: new Date('2026-11-30T23:00:00Z'),
      endsAt: new Date('2027-06-30T22:00:00Z'),
      automatic: false,
    });
    const [code] = await t.database.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.promotionId, sokol.Id));
    expect(code).toMatchObject({ code: 'SOKOL10', usageLimit: null, used: 0 });

    // The stored row is the engine's promotion: 10 % off the scarf only, in its period.
    const engine = promotionOfRow(row, code!.code);
    const priced = priceCart(
      {
        lines: [
          {
            key: 1,
            productId: scarf,
            variantId: null,
            categoryIds: [scarves],
            unitPrice: 4999,
            printingPrice: 0,
            quantity: 2,
          },
          {
            key: 2,
            productId: -1,
            variantId: null,
            categoryIds: [],
            unitPrice: 10000,
            printingPrice: 0,
            quantity: 1,
          },
        ],
        shippingPrice: 1599,
      },
      [engine],
      'Sokol10',
      new Date('2026-12-05T12:00:00Z'),
    );
    expect(priced.code).toEqual({ code: 'SOKOL10', applied: true, promotionId: sokol.Id });
    expect(priced.itemsDiscount).toBe(1000);

    const amount = await created({ Nazwa: 'Wyprzedaż', Rodzaj: 'amount', Kwota: 20.5, Minimum: 150 });
    expect(amount).toMatchObject({
      Automatyczna: true,
      Kod: null,
      Kwota: 20.5,
      Minimum: 150,
      Status: 'active',
    });
    expect(await rowOf(amount.Id)).toMatchObject({ amount: 2050, minimum: 15000, percentBp: null });

    const free = await created({
      Nazwa: 'Darmowa dostawa od 200 zł',
      Rodzaj: 'freeShipping',
      Minimum: 200,
      LaczySie: true,
    });
    expect(free).toMatchObject({ Rodzaj: 'freeShipping', LaczySie: true, Minimum: 200 });

    const threeForTwo = await created({
      Nazwa: '3 szaliki w cenie 2',
      Rodzaj: 'buyXGetY',
      Kup: 2,
      Gratis: 1,
      Zakres: { Typ: 'products', Id: [scarf] },
    });
    expect(threeForTwo).toMatchObject({ Kup: 2, Gratis: 1, Zakres: { Typ: 'products', Id: [scarf] } });
    expect(promotionOfRow(await rowOf(threeForTwo.Id))).toMatchObject({
      kind: 'buyXGetY',
      buy: 2,
      get: 1,
      code: null,
      scope: { type: 'products', ids: [scarf] },
    });

    const bundle = await created({
      Nazwa: 'Komplet meczowy',
      Rodzaj: 'bundle',
      Zestaw: {
        Skladniki: [
          { Typ: 'products', Id: [productIds[0]] },
          { Typ: 'products', Id: [productIds[1]] },
          { Typ: 'products', Id: [productIds[2]] },
        ],
        Cena: 249.99,
      },
      ZNadrukiem: true,
    });
    expect(bundle.Zestaw).toEqual({
      Skladniki: [
        { Typ: 'products', Id: [productIds[0]] },
        { Typ: 'products', Id: [productIds[1]] },
        { Typ: 'products', Id: [productIds[2]] },
      ],
      Cena: 249.99,
    });
    expect(promotionOfRow(await rowOf(bundle.Id))).toMatchObject({
      kind: 'bundle',
      price: 24999,
      includesPrinting: true,
      components: [{ type: 'products', ids: [productIds[0]] }, { type: 'products' }, { type: 'products' }],
    });

    // A variant's scope names the club's own variants.
    const [variant] = await t.database.db
      .select({ id: productParameters.id })
      .from(productParameters)
      .where(eq(productParameters.organisationId, demoId))
      .limit(1);
    const variantPromo = await created({
      Nazwa: 'Rozmiar XXL taniej',
      Rodzaj: 'percent',
      Procent: 5.25,
      Zakres: { Typ: 'variants', Id: [variant!.id] },
    });
    expect((await rowOf(variantPromo.Id)).percentBp).toBe(525);

    const list = await json<PanelPromotionList>(await owner.fetch(PROMO));
    expect(list.Total).toBe(list.Items.length);
    // Newest first.
    expect(list.Items.slice(0, 6).map((p) => p.Id)).toEqual(
      [variantPromo, bundle, threeForTwo, free, amount, sokol].map((p) => p.Id),
    );
    expect(await json<PanelPromotion>(await manager.fetch(`${PROMO}/${sokol.Id}`))).toEqual(
      list.Items.find((p) => p.Id === sokol.Id),
    );
    expect((await auditOf(sokol.Id))[0]).toMatchObject({
      action: 'create',
      userEmail: owner.user.Email,
      after: { Nazwa: 'Szaliki -10%', Procent: 10, Kod: 'SOKOL10', Od: '2026-12-01T00:00', LimitUzyc: 500 },
    });
  });

  it('names the categories, products and variants its scope and bundle name, for the panel', async () => {
    const [variant] = await t.database.db
      .select({ id: productParameters.id, name: productParameters.name, product: products.name })
      .from(productParameters)
      .innerJoin(products, eq(products.id, productParameters.productId))
      .where(eq(productParameters.organisationId, demoId))
      .limit(1);
    const scarves10 = await created({
      Nazwa: 'Nazwy: szaliki',
      Rodzaj: 'percent',
      Procent: 10,
      Zakres: { Typ: 'categories', Id: [scarves] },
    });
    expect(scarves10.Nazwy).toEqual([{ Typ: 'categories', Id: scarves, Nazwa: 'Szaliki' }]);
    const bundle = await created({
      Nazwa: 'Nazwy: zestaw',
      Rodzaj: 'bundle',
      Zestaw: {
        Skladniki: [
          { Typ: 'products', Id: [scarf] },
          { Typ: 'variants', Id: [variant!.id] },
        ],
        Cena: 99,
      },
    });
    const names = [
      { Typ: 'products', Id: scarf, Nazwa: 'Szalik klubowy tkany' },
      { Typ: 'variants', Id: variant!.id, Nazwa: `${variant!.product} – ${variant!.name}` },
    ];
    expect(bundle.Nazwy).toEqual(names);
    // The list names them too (read at once for all its promotions); a whole-cart one names nothing.
    const list = await json<PanelPromotionList>(await owner.fetch(PROMO));
    expect(list.Items.find((p) => p.Id === bundle.Id)?.Nazwy).toEqual(names);
    expect((await created({ Nazwa: 'Nazwy: koszyk', Rodzaj: 'amount', Kwota: 5 })).Nazwy).toEqual([]);
  });

  it('refuses bad input with Polish messages', async () => {
    const base = { Nazwa: 'X', Rodzaj: 'percent', Procent: 10 };
    const cases: [unknown, Record<string, string>][] = [
      [{ ...base, Nazwa: ' ' }, { Nazwa: msg.promoNameRequired }],
      [{ ...base, Rodzaj: 'gratis' }, { Rodzaj: msg.promoKindInvalid }],
      [{ ...base, Procent: 0 }, { Procent: msg.promoPercentInvalid }],
      [{ ...base, Procent: 100.5 }, { Procent: msg.promoPercentInvalid }],
      [{ ...base, Procent: 10.001 }, { Procent: msg.promoPercentInvalid }],
      [{ Nazwa: 'X', Rodzaj: 'percent' }, { Procent: msg.promoPercentInvalid }],
      [{ Nazwa: 'X', Rodzaj: 'amount', Kwota: 0 }, { Kwota: msg.promoAmountInvalid }],
      [{ Nazwa: 'X', Rodzaj: 'amount', Kwota: -5 }, { Kwota: msg.promoAmountInvalid }],
      [{ Nazwa: 'X', Rodzaj: 'buyXGetY', Kup: 0, Gratis: 1 }, { Kup: msg.promoBuyGetInvalid }],
      [{ Nazwa: 'X', Rodzaj: 'buyXGetY', Kup: 2 }, { Gratis: msg.promoBuyGetInvalid }],
      [
        { Nazwa: 'X', Rodzaj: 'bundle', Zestaw: { Skladniki: [{ Typ: 'products', Id: [scarf] }], Cena: 10 } },
        { Zestaw: msg.promoBundleInvalid },
      ],
      [
        {
          Nazwa: 'X',
          Rodzaj: 'bundle',
          Zestaw: {
            Skladniki: [
              { Typ: 'products', Id: [1] },
              { Typ: 'products', Id: [2] },
            ],
            Cena: 0,
          },
        },
        { 'Zestaw.Cena': msg.promoBundlePriceInvalid },
      ],
      [
        {
          Nazwa: 'X',
          Rodzaj: 'bundle',
          Zestaw: {
            Skladniki: [
              { Typ: 'products', Id: [scarf] },
              { Typ: 'products', Id: [scarf] },
            ],
            Cena: 10,
          },
        },
        { Zestaw: msg.promoBundleOverlap },
      ],
      [{ ...base, Zakres: { Typ: 'products', Id: [] } }, { Zakres: msg.promoScopeInvalid }],
      [{ ...base, Zakres: { Typ: 'products', Id: [-3] } }, { 'Zakres.Id.0': msg.promoScopeInvalid }],
      [{ ...base, Od: '2026-12-01 00:00' }, { Od: msg.promoDateInvalid }],
      [{ ...base, Od: '2026-02-30T10:00' }, { Od: msg.promoDateInvalid }],
      [{ ...base, Od: '2026-12-02T00:00', Do: '2026-12-01T23:59' }, { Do: msg.promoEndsBeforeStart }],
      [{ ...base, Od: '2026-12-02T00:00', Do: '2026-12-02T00:00' }, { Do: msg.promoEndsBeforeStart }],
      [{ ...base, LimitUzyc: 0 }, { LimitUzyc: msg.promoLimitInvalid }],
      [{ ...base, LimitNaKlienta: 1.5 }, { LimitNaKlienta: msg.promoCustomerLimitInvalid }],
      [{ ...base, Minimum: -1 }, { Minimum: msg.promoMinimumInvalid }],
      [{ ...base, Kod: 'AB' }, { Kod: msg.promoCodeFormat }],
      [{ ...base, Kod: 'ZNIŻKA10' }, { Kod: msg.promoCodeFormat }],
      [{ ...base, Kod: 'SOKOL 10' }, { Kod: msg.promoCodeFormat }],
      [{ ...base, Kod: 'A'.repeat(33) }, { Kod: msg.promoCodeFormat }],
      [
        { ...base, Kody: { Liczba: MAX_BATCH_CODES + 1, Prefiks: 'KIBIC' } },
        { 'Kody.Liczba': msg.promoBatchSizeInvalid },
      ],
      [{ ...base, Kody: { Liczba: 0, Prefiks: 'KIBIC' } }, { 'Kody.Liczba': msg.promoBatchSizeInvalid }],
      [{ ...base, Kody: { Liczba: 10, Prefiks: 'KIBIC_' } }, { 'Kody.Prefiks': msg.promoBatchPrefixInvalid }],
      [{ ...base, Kod: 'JEDEN', Kody: { Liczba: 10, Prefiks: 'KIBIC' } }, { Kody: msg.promoCodeOrBatch }],
    ];
    for (const [body, fields] of cases) {
      const r = await refused(await create(body), 400);
      expect(r.Fields, JSON.stringify(body)).toEqual(fields);
      expect(r.Message).toBe(Object.values(fields)[0]);
    }
    // A product whose category is another component of the bundle: a piece could match both.
    expect(
      (
        await refused(
          await create({
            Nazwa: 'X',
            Rodzaj: 'bundle',
            Zestaw: {
              Skladniki: [
                { Typ: 'categories', Id: [scarves] },
                { Typ: 'products', Id: [scarf] },
              ],
              Cena: 50,
            },
          }),
          400,
        )
      ).Fields,
    ).toEqual({ Zestaw: msg.promoBundleOverlap });
    // Another club's product is unknown here, like one that does not exist.
    expect(
      (await refused(await create({ ...base, Zakres: { Typ: 'products', Id: [rivalProduct] } }), 400)).Fields,
    ).toEqual({ Zakres: msg.promoScopeUnknown });
    expect(
      (await refused(await create({ ...base, Zakres: { Typ: 'categories', Id: [999_999] } }), 400)).Fields,
    ).toEqual({ Zakres: msg.promoScopeUnknown });
    expect((await t.database.db.select().from(promotions).where(eq(promotions.name, 'X'))).length).toBe(0);
  });

  it('refuses a code the club already has, whatever its case, with a Polish 409', async () => {
    const first = await created({ Nazwa: 'Kibice', Rodzaj: 'amount', Kwota: 10, Kod: 'KIBIC-2026' });
    for (const again of ['KIBIC-2026', 'kibic-2026', ' Kibic-2026 ']) {
      const r = await refused(await create({ Nazwa: 'Druga', Rodzaj: 'amount', Kwota: 5, Kod: again }), 409);
      expect(r.Message).toBe('Kod KIBIC-2026 jest już używany w promocji tego sklepu.');
      expect(r.Fields).toEqual({ Kod: r.Message });
    }
    // Nothing half-made: the refused promotion is not there.
    expect((await t.database.db.select().from(promotions).where(eq(promotions.name, 'Druga'))).length).toBe(
      0,
    );
    // The index holds even for a row written around the service.
    await expect(
      t.database.db
        .insert(promotionCodes)
        .values({ organisationId: demoId, promotionId: first.Id, code: 'KIBIC-2026'.toLowerCase() }),
    ).rejects.toThrow();
    // Another club may have the same code.
    const theirs = await created({ Nazwa: 'Ich', Rodzaj: 'amount', Kwota: 10, Kod: 'KIBIC-2026' }, rival);
    expect(theirs.Kod).toBe('KIBIC-2026');
  });

  it('makes a batch of 100 unique single-use codes and exports them as CSV', async () => {
    const batch = await created({
      Nazwa: 'Sponsor: Piekarnia',
      Rodzaj: 'percent',
      Procent: 15,
      Kody: { Liczba: 100, Prefiks: 'piekarnia' },
    });
    expect(batch).toMatchObject({ Automatyczna: false, Kod: null, LiczbaKodow: 100, UzyteKody: 0 });
    const codes = await t.database.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.promotionId, batch.Id))
      .orderBy(promotionCodes.id);
    expect(codes.length).toBe(100);
    expect(new Set(codes.map((c) => c.code)).size).toBe(100);
    for (const c of codes) {
      expect(c.code).toMatch(/^PIEKARNIA-[A-HJ-NP-Z2-9]{8}$/);
      expect(c).toMatchObject({ usageLimit: 1, used: 0, organisationId: demoId });
    }

    const res = await manager.fetch(`${PROMO}/${batch.Id}/codes.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="kody-promocji-${batch.Id}.csv"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // A UTF-8 BOM, so spreadsheets read the Polish letters; semicolons and CRLF like the orders' CSV.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('Kod;Promocja;Limit użyć;Użyto\r\n')).toBe(true);
    const rows = text.trimEnd().split('\r\n').slice(1);
    expect(rows).toEqual(codes.map((c) => `${c.code};Sponsor: Piekarnia;1;0`));

    // A single-use code's use is a conditional update: of 20 concurrent orders exactly one gets it.
    const one = codes[0]!;
    const takes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.database.db.execute(
          sql`UPDATE promotion_codes SET used = used + 1 WHERE id = ${one.id} AND (usage_limit IS NULL OR used < usage_limit) RETURNING id`,
        ),
      ),
    );
    expect(takes.map((r) => (r as unknown as { rows: unknown[] }).rows.length).reduce((a, b) => a + b)).toBe(
      1,
    );
    const after = await json<PanelPromotion>(await owner.fetch(`${PROMO}/${batch.Id}`));
    expect(after.UzyteKody).toBe(1);

    expect((await auditOf(batch.Id))[0]).toMatchObject({
      action: 'create',
      after: { LiczbaKodow: 100, Prefiks: 'PIEKARNIA', Procent: 15 },
    });
  });

  it('pauses, resumes and ends; an ended promotion stays, and refuses changes', async () => {
    const p = await created({ Nazwa: 'Na weekend', Rodzaj: 'percent', Procent: 20, Kod: 'WEEKEND20' });
    const paused = await json<PanelPromotion>(await act(p.Id, 'pause'));
    expect(paused).toMatchObject({ Wstrzymana: true, Status: 'paused' });
    expect(promotionOfRow(await rowOf(p.Id), 'WEEKEND20').paused).toBe(true);
    // Pausing again changes nothing (no second audit entry).
    await json(await act(p.Id, 'pause'));
    const resumed = await json<PanelPromotion>(await act(p.Id, 'resume', manager));
    expect(resumed).toMatchObject({ Wstrzymana: false, Status: 'active' });

    const ended = await json<PanelPromotion>(await act(p.Id, 'end'));
    expect(ended.Status).toBe('ended');
    expect(ended.Zakonczono).not.toBeNull();
    // The engine sees it as expired: its code is refused like an old one.
    const engine = promotionOfRow(await rowOf(p.Id), 'WEEKEND20');
    const cart = {
      lines: [
        {
          key: 1,
          productId: scarf,
          variantId: null,
          categoryIds: [],
          unitPrice: 5000,
          printingPrice: 0,
          quantity: 1,
        },
      ],
      shippingPrice: 0,
    };
    expect(priceCart(cart, [engine], 'WEEKEND20', new Date()).code).toMatchObject({
      applied: false,
      reason: 'expired',
    });
    // Ending again is no change; changing, pausing or resuming it is refused.
    expect((await json<PanelPromotion>(await act(p.Id, 'end'))).Zakonczono).toBe(ended.Zakonczono);
    expect((await refused(await update(p.Id, { Procent: 30 }), 409)).Message).toBe(msg.promoEnded);
    expect((await refused(await act(p.Id, 'pause'), 409)).Message).toBe(msg.promoEnded);
    expect((await refused(await act(p.Id, 'resume'), 409)).Message).toBe(msg.promoEnded);
    // Still listed, its code still taken.
    expect((await json<PanelPromotionList>(await owner.fetch(PROMO))).Items.map((x) => x.Id)).toContain(p.Id);
    expect(
      (await refused(await create({ Nazwa: 'Y', Rodzaj: 'amount', Kwota: 1, Kod: 'weekend20' }), 409))
        .Message,
    ).toBe('Kod WEEKEND20 jest już używany w promocji tego sklepu.');

    expect((await auditOf(p.Id)).map((e) => e.action)).toEqual(['create', 'pause', 'resume', 'end']);
    expect((await auditOf(p.Id))[2]).toMatchObject({
      userEmail: manager.user.Email,
      before: { Wstrzymana: true },
      after: { Wstrzymana: false },
    });
    expect((await auditOf(p.Id))[3]).toMatchObject({
      before: { Zakonczona: false },
      after: { Zakonczona: true },
    });
  });

  it('changes only the fields given, checked as the promotion will be', async () => {
    const p = await created({
      Nazwa: 'Jesień',
      Rodzaj: 'percent',
      Procent: 10,
      Zakres: { Typ: 'categories', Id: [scarves] },
      Od: '2026-10-01T00:00',
      Do: '2026-11-01T00:00',
      Kod: 'JESIEN',
      LimitUzyc: 50,
    });
    const changed = await json<PanelPromotion>(await update(p.Id, { Procent: 12.5 }));
    expect(changed).toEqual({ ...p, Procent: 12.5, Zmieniono: changed.Zmieniono });
    expect((await auditOf(p.Id)).at(-1)).toMatchObject({
      action: 'update',
      before: { Procent: 10, Nazwa: 'Jesień' },
      after: { Procent: 12.5, Nazwa: 'Jesień' },
    });
    // The same values again: nothing changes, nothing is audited.
    await json(await update(p.Id, { Procent: 12.5 }));
    expect((await auditOf(p.Id)).length).toBe(2);

    // An end before the stored start; another kind without its value.
    expect((await refused(await update(p.Id, { Do: '2026-09-30T12:00' }), 400)).Fields).toEqual({
      Do: msg.promoEndsBeforeStart,
    });
    expect((await refused(await update(p.Id, { Rodzaj: 'amount' }), 400)).Fields).toEqual({
      Kwota: msg.promoAmountInvalid,
    });
    const toAmount = await json<PanelPromotion>(await update(p.Id, { Rodzaj: 'amount', Kwota: 15 }));
    expect(toAmount).toMatchObject({ Rodzaj: 'amount', Kwota: 15, Procent: null, Kod: 'JESIEN' });
    // Open-ended: null clears a date.
    expect(await json<PanelPromotion>(await update(p.Id, { Do: null }))).toMatchObject({
      Od: '2026-10-01T00:00',
      Do: null,
    });

    // A limit below the uses so far is refused.
    await t.database.db.update(promotions).set({ used: 30 }).where(eq(promotions.id, p.Id));
    expect((await refused(await update(p.Id, { LimitUzyc: 20 }), 400)).Fields).toEqual({
      LimitUzyc: 'Limit nie może być mniejszy niż liczba dotychczasowych użyć (30).',
    });
    expect((await json<PanelPromotion>(await update(p.Id, { LimitUzyc: 30 }))).Uzycia).toBe(30);
    expect((await refused(await update(p.Id, { Procent: 0 }), 400)).Fields).toEqual({
      Procent: msg.promoPercentInvalid,
    });
  });

  it("another club's promotion is not found, and stays as it was", async () => {
    const theirs = await created({ Nazwa: 'Rywal -5%', Rodzaj: 'percent', Procent: 5, Kod: 'RYWAL5' }, rival);
    const id = theirs.Id;
    const attempts: Response[] = [
      await owner.fetch(`${PROMO}/${id}`),
      await update(id, { Procent: 90 }),
      await act(id, 'pause'),
      await act(id, 'resume'),
      await act(id, 'end'),
      await owner.fetch(`${PROMO}/${id}/codes.csv`),
      await owner.fetch(`${PROMO}/${id}/stats`),
      await owner.fetch(`${PROMO}/999999`),
    ];
    for (const res of attempts) expect((await refused(res, 404)).Message).toBe(msg.promoNotFound);
    expect((await json<PanelPromotionList>(await owner.fetch(PROMO))).Items.map((p) => p.Id)).not.toContain(
      id,
    );
    expect(await json<PanelPromotion>(await rival.fetch(`${PROMO}/${id}`))).toEqual(theirs);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('a manager manages promotions like prices (decision 150); outsiders are refused', async () => {
    const mine = await created(
      { Nazwa: 'Od kierownika', Rodzaj: 'freeShipping', Kody: { Liczba: 3, Prefiks: 'K' } },
      manager,
    );
    expect(mine.LiczbaKodow).toBe(3);
    expect((await auditOf(mine.Id))[0]).toMatchObject({ action: 'create', userEmail: manager.user.Email });
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    const calls: PanelCall[] = [
      ['GET', PROMO],
      ['GET', `${PROMO}/${mine.Id}`],
      ['POST', PROMO, { Nazwa: 'Obca', Rodzaj: 'amount', Kwota: 1 }],
      ['PATCH', `${PROMO}/${mine.Id}`, { Nazwa: 'Obca' }],
      ['POST', `${PROMO}/${mine.Id}/pause`],
      ['POST', `${PROMO}/${mine.Id}/resume`],
      ['POST', `${PROMO}/${mine.Id}/end`],
      ['GET', `${PROMO}/${mine.Id}/codes.csv`],
      ['GET', `${PROMO}/${mine.Id}/stats`],
    ];
    await expectOutsidersRefused(t, calls, { ticket, rival });
    expect(await json<PanelPromotion>(await owner.fetch(`${PROMO}/${mine.Id}`))).toEqual(mine);
    expect((await t.database.db.select().from(promotions).where(eq(promotions.name, 'Obca'))).length).toBe(0);
  });
});
