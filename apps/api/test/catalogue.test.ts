import {
  CategoryCountsSchema,
  msg,
  type ProductListItem,
  ProductSchema,
  ShippingOptionSchema,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categories, productPhotos, products, shippingOptions } from '../src/db/schema.ts';
import { Categories, ProductList } from './fixtures/catalogue.ts';
import { changesDelivered } from './fixtures/changes.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { createTestApp, type TestApp } from './harness.ts';

const S = '/api/centauri/sklepyonline';

let t: TestApp;
let demoId: number;
let rivalId: number;

const get = async (path: string, org: string | null = 'demo') => {
  const res = await t.fetch(S + path, { org });
  return { status: res.status, body: (await res.json()) as unknown };
};
const list = async (path: string, org = 'demo') => {
  const { status, body } = await get(path, org);
  expect(status).toBe(200);
  return ProductList.parse(body);
};
const names = (items: ProductListItem[]) => items.map((p) => p.Nazwa);
const categoryId = async (name: string, org = 'demo') => {
  const cats = Categories.parse((await get('/pobierzKatalogi', org)).body);
  const c = cats.find((x) => x.Name === name);
  if (!c) throw new Error(`no category ${name}`);
  return c.Id;
};
const productId = async (name: string, org = 'demo') => {
  const p = (await list('/getProdukty/0/100', org)).find((x) => x.Nazwa === name);
  if (!p) throw new Error(`no product ${name}`);
  return p.Id;
};
/**
 * After a write behind the API's back: its change notice (from the database's triggers) has
 * reached the app, so the cached catalogue was dropped before the next read.
 */
const changed = () => changesDelivered(t, 'catalogue');

const setActive = async (id: number, active: boolean) => {
  await t.database.db.update(products).set({ active }).where(eq(products.id, id));
  await changed();
};

beforeAll(async () => {
  t = await createTestApp();
  demoId = await orgIdOf(t.database.db, 'demo');
  rivalId = await orgIdOf(t.database.db, 'rywal');
});
afterAll(() => t.close());
// An earlier test's restoring write may still be on its way.
beforeEach(() => changed());

describe('getProdukty/{offset}/{count}', () => {
  it('lists the active products of the org by position with price in zł and the first photo', async () => {
    const items = await list('/getProdukty/0/64');
    expect(items).toHaveLength(44);
    expect(items[0]).toEqual({
      Id: expect.any(Number),
      Nazwa: 'Koszulka meczowa domowa 2026/27',
      CenaBrutto: 289.99,
      NajnizszaCena30Dni: null,
      Zdjecie: { Id: expect.any(Number), Nazwa: 'koszulka-meczowa-domowa-2026-27.jpg' },
      MagazynyStany: [{ Stan: expect.any(Number) }],
    });
    expect(Object.keys(items[0]!).sort()).toEqual([
      'CenaBrutto',
      'Id',
      'MagazynyStany',
      'NajnizszaCena30Dni',
      'Nazwa',
      'Zdjecie',
    ]);
    expect(items.find((p) => p.Nazwa === 'Karta podarunkowa 1 299,99 zł')?.CenaBrutto).toBe(1299.99);
    // Seeded without photos.
    expect(items.find((p) => p.Nazwa === 'Zestaw naklejek')?.Zdjecie).toBeNull();
    expect(names(items)).not.toContain('Szalik FC Rywal');
  });

  it('gives the first photo by position, the same one the product page shows first', async () => {
    const id = await productId('Koszulka meczowa domowa 2026/27');
    const detail = ProductSchema.parse((await get(`/pokazProdukt/${id}`)).body);
    const item = (await list('/getProdukty/0/1'))[0]!;
    expect(item.Zdjecie).toEqual(detail.Zalaczniki[0]);
  });

  it('pages with offset and count', async () => {
    const all = await list('/getProdukty/0/100');
    expect(await list('/getProdukty/2/3')).toEqual(all.slice(2, 5));
    expect(await list('/getProdukty/40/10')).toEqual(all.slice(40));
    expect(await list('/getProdukty/1000/10')).toEqual([]);
  });

  it('includes the products of all subcategories of kategoriaId', async () => {
    const clothing = await list(`/getProdukty/0/100?kategoriaId=${await categoryId('Odzież')}`);
    expect(clothing).toHaveLength(18);
    expect(names(clothing)).toContain('Koszulka meczowa domowa 2026/27');
    expect(names(clothing)).toContain('Bluza z kapturem');
    expect(names(clothing)).toContain('Body niemowlęce');
    expect(names(clothing)).not.toContain('Kubek z herbem');
    const hats = await list(`/getProdukty/0/100?kategoriaId=${await categoryId('Czapki')}`);
    expect(names(hats)).toEqual(['Czapka zimowa z pomponem', 'Czapka z daszkiem', 'Kapelusz kibica']);
  });

  it('follows the category tree to any depth', async () => {
    const scarves = await categoryId('Szaliki');
    const [deep] = await t.database.db
      .insert(categories)
      .values({ organisationId: demoId, parentId: scarves, name: 'Szaliki limitowane', position: 99 })
      .returning({ id: categories.id });
    const [deeper] = await t.database.db
      .insert(categories)
      .values({ organisationId: demoId, parentId: deep!.id, name: 'Derby', position: 100 })
      .returning({ id: categories.id });
    const derby = await productId('Szalik jedwabny „Derby”');
    await t.database.db.update(products).set({ categoryId: deeper!.id }).where(eq(products.id, derby));
    await changed();
    try {
      expect(names(await list(`/getProdukty/0/100?kategoriaId=${await categoryId('Akcesoria')}`))).toContain(
        'Szalik jedwabny „Derby”',
      );
      expect(names(await list(`/getProdukty/0/100?kategoriaId=${scarves}`))).toContain(
        'Szalik jedwabny „Derby”',
      );
      expect(names(await list(`/getProdukty/0/100?kategoriaId=${deeper!.id}`))).toEqual([
        'Szalik jedwabny „Derby”',
      ]);
      const counts = CategoryCountsSchema.parse((await get('/getiloscwyrobowdlakatalogu/')).body);
      expect(counts[String(deeper!.id)]).toBe(1);
      expect(counts[String(deep!.id)]).toBe(1);
      expect(counts[String(scarves)]).toBe(4);
      expect(counts[String(await categoryId('Akcesoria'))]).toBe(18);
    } finally {
      await t.database.db.update(products).set({ categoryId: scarves }).where(eq(products.id, derby));
      await t.database.db.delete(categories).where(eq(categories.id, deeper!.id));
      await t.database.db.delete(categories).where(eq(categories.id, deep!.id));
      await changed();
    }
  });

  it('excludes excludeProduktId, also together with kategoriaId', async () => {
    const home = await productId('Koszulka meczowa domowa 2026/27');
    const all = await list(`/getProdukty/0/100?excludeProduktId=${home}`);
    expect(all).toHaveLength(43);
    expect(all.map((p) => p.Id)).not.toContain(home);
    const kits = await list(
      `/getProdukty/0/20?kategoriaId=${await categoryId('Koszulki meczowe')}&excludeProduktId=${home}`,
    );
    expect(kits).toHaveLength(9);
    expect(kits.map((p) => p.Id)).not.toContain(home);
  });

  it('answers [] for an unknown category and for another club’s category', async () => {
    expect(await list('/getProdukty/0/64?kategoriaId=999999')).toEqual([]);
    const rivalScarves = await categoryId('Szaliki', 'rywal');
    expect(await list(`/getProdukty/0/64?kategoriaId=${rivalScarves}`)).toEqual([]);
    expect(names(await list(`/getProdukty/0/64?kategoriaId=${rivalScarves}`, 'rywal'))).toEqual([
      'Szalik FC Rywal',
    ]);
  });

  it('shows each club only its own products', async () => {
    expect(names(await list('/getProdukty/0/64', 'rywal'))).toEqual(['Szalik FC Rywal', 'Koszulka FC Rywal']);
  });

  it('leaves out inactive products', async () => {
    const id = await productId('Kubek z herbem');
    await setActive(id, false);
    try {
      expect((await list('/getProdukty/0/100')).map((p) => p.Id)).not.toContain(id);
    } finally {
      await setActive(id, true);
    }
  });

  it.each([
    ['/getProdukty/-1/10', msg.offsetRange],
    ['/getProdukty/abc/10', msg.offsetRange],
    ['/getProdukty/1.5/10', msg.offsetRange],
    ['/getProdukty/1000001/10', msg.offsetRange],
    ['/getProdukty/0/0', msg.offsetRange],
    ['/getProdukty/0/-5', msg.offsetRange],
    ['/getProdukty/0/abc', msg.offsetRange],
    ['/getProdukty/0/101', msg.offsetRange],
    ['/getProdukty/0/1000000000', msg.offsetRange],
    ['/getProdukty/0/99999999999999999999', msg.offsetRange],
    ['/getProdukty/0/10?kategoriaId=abc', msg.invalidNumber],
    ['/getProdukty/0/10?kategoriaId=-1', msg.invalidNumber],
    ['/getProdukty/0/10?kategoriaId=9999999999', msg.invalidNumber],
    ['/getProdukty/0/10?excludeProduktId=1e3', msg.invalidNumber],
  ])('rejects %s with 400 and a Polish message', async (path, message) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect((body as { Message: string }).Message).toBe(message);
  });
});

describe('pokazProdukt/{id}', () => {
  it('returns the whole product as the contract describes it', async () => {
    const id = await productId('Koszulka meczowa domowa 2026/27');
    const { status, body } = await get(`/pokazProdukt/${id}`);
    expect(status).toBe(200);
    const p = ProductSchema.strict().parse(body);
    expect(p).toMatchObject({
      Id: id,
      Nazwa: 'Koszulka meczowa domowa 2026/27',
      CenaBrutto: 289.99,
      MagazynyStany: [{ Stan: 40 }],
      WymagajWybraniaSklep: true,
      SklepWyrobu: { Id: await categoryId('Koszulki meczowe'), Nazwa: 'Koszulki meczowe' },
    });
    expect(p.Opis).toContain('w barwach klubu');
    expect(p.OpisDodatkowy).toContain('<strong>Koszulka meczowa domowa 2026/27</strong>');
    expect(p.Parametry.map((x) => x.Nazwa)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(p.Zalaczniki).toHaveLength(3);
    expect(p.Zalaczniki.map((z) => z.Nazwa)).toEqual([
      'koszulka-meczowa-domowa-2026-27.jpg',
      'koszulka-meczowa-domowa-2026-27-2.jpg',
      'koszulka-meczowa-domowa-2026-27-3.jpg',
    ]);
    expect(p.Zdjecie).toEqual(p.Zalaczniki[0]);
  });

  it('orders photos by position, in the list as on the product page', async () => {
    const id = await productId('Koszulka meczowa wyjazdowa 2026/27');
    const before = ProductSchema.parse((await get(`/pokazProdukt/${id}`)).body).Zalaczniki;
    const last = before[2]!;
    await t.database.db.update(productPhotos).set({ position: -1 }).where(eq(productPhotos.id, last.Id));
    await changed();
    try {
      const after = ProductSchema.parse((await get(`/pokazProdukt/${id}`)).body);
      expect(after.Zalaczniki).toEqual([last, before[0], before[1]]);
      expect(after.Zdjecie).toEqual(last);
      expect((await list('/getProdukty/0/100')).find((x) => x.Id === id)?.Zdjecie).toEqual(last);
    } finally {
      await t.database.db.update(productPhotos).set({ position: 2 }).where(eq(productPhotos.id, last.Id));
      await changed();
    }
  });

  it('serves a product without parameters or photos', async () => {
    const p = ProductSchema.parse((await get(`/pokazProdukt/${await productId('Zestaw naklejek')}`)).body);
    expect(p).toMatchObject({
      Parametry: [],
      WymagajWybraniaSklep: false,
      Zdjecie: null,
      Zalaczniki: [],
      OpisDodatkowy: null,
    });
    const cap = ProductSchema.parse(
      (await get(`/pokazProdukt/${await productId('Czapka zimowa z pomponem')}`)).body,
    );
    expect(cap.Parametry.map((x) => x.Nazwa)).toEqual(['Zielona', 'Żółta']);
    expect(cap.WymagajWybraniaSklep).toBe(false);
    const outOfStock = ProductSchema.parse(
      (await get(`/pokazProdukt/${await productId('Szalik dziecięcy')}`)).body,
    );
    expect(outOfStock.MagazynyStany).toEqual([{ Stan: 0 }]);
  });

  it('sanitises OpisDodatkowy on the way out', async () => {
    const id = await productId('Brelok metalowy');
    await t.database.db
      .update(products)
      .set({
        extraDescription:
          '<p onclick="alert(1)">Brelok</p><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
      })
      .where(eq(products.id, id));
    await changed();
    const p = ProductSchema.parse((await get(`/pokazProdukt/${id}`)).body);
    expect(p.OpisDodatkowy).toContain('Brelok');
    expect(p.OpisDodatkowy).not.toMatch(/script|onclick|javascript/);
  });

  it('answers 404 for an unknown, inactive or other club’s product', async () => {
    const expect404 = async (path: string, org = 'demo') => {
      const { status, body } = await get(path, org);
      expect(status).toBe(404);
      expect(body).toEqual({ Message: msg.productNotFound });
    };
    await expect404('/pokazProdukt/999999');
    await expect404(`/pokazProdukt/${await productId('Szalik FC Rywal', 'rywal')}`);
    await expect404(`/pokazProdukt/${await productId('Kubek z herbem')}`, 'rywal');
    const id = await productId('Kubek z herbem');
    await setActive(id, false);
    try {
      await expect404(`/pokazProdukt/${id}`);
    } finally {
      await setActive(id, true);
    }
  });

  it('rejects a non-numeric id with a Polish message', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const { status, body } = await get(`/pokazProdukt/${id}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ Message: msg.productNotFound });
    }
  });
});

describe('pobierzKatalogi and getiloscwyrobowdlakatalogu', () => {
  it('lists categories in position order with parents and HasChild', async () => {
    const cats = Categories.parse((await get('/pobierzKatalogi')).body);
    expect(cats.map((c) => c.Name)).toEqual([
      'Odzież',
      'Koszulki meczowe',
      'Bluzy i kurtki',
      'Kolekcja dziecięca',
      'Akcesoria',
      'Szaliki',
      'Czapki',
      'Gadżety',
      'Bilety',
      'Wyprzedaż',
    ]);
    const byName = new Map(cats.map((c) => [c.Name, c]));
    expect(byName.get('Odzież')).toMatchObject({ IdParent: null, HasChild: true });
    expect(byName.get('Szaliki')).toMatchObject({ IdParent: byName.get('Akcesoria')!.Id, HasChild: false });
    expect(byName.get('Bilety')).toMatchObject({ IdParent: null, HasChild: false });
    expect(Object.keys(cats[0]!).sort()).toEqual(['HasChild', 'Id', 'IdParent', 'Name']);
    expect(Categories.parse((await get('/pobierzKatalogi', 'rywal')).body).map((c) => c.Name)).toEqual([
      'Pamiątki',
      'Szaliki',
    ]);
  });

  it('counts active products per category including subcategories, and lists empty ones with 0', async () => {
    const cats = Categories.parse((await get('/pobierzKatalogi')).body);
    const id = (name: string) => String(cats.find((c) => c.Name === name)!.Id);
    const counts = CategoryCountsSchema.parse((await get('/getiloscwyrobowdlakatalogu/')).body);
    expect(Object.keys(counts).sort()).toEqual(cats.map((c) => String(c.Id)).sort());
    expect(counts[id('Koszulki meczowe')]).toBe(10);
    expect(counts[id('Bluzy i kurtki')]).toBe(5);
    expect(counts[id('Kolekcja dziecięca')]).toBe(3);
    expect(counts[id('Odzież')]).toBe(18);
    expect(counts[id('Akcesoria')]).toBe(18);
    expect(counts[id('Bilety')]).toBe(4);

    const [empty] = await t.database.db
      .insert(categories)
      .values({ organisationId: demoId, name: 'Pusta', position: 50 })
      .returning({ id: categories.id });
    const mug = await productId('Kubek z herbem');
    await setActive(mug, false);
    try {
      const after = CategoryCountsSchema.parse((await get('/getiloscwyrobowdlakatalogu')).body);
      expect(after[String(empty!.id)]).toBe(0);
      expect(after[id('Gadżety')]).toBe(counts[id('Gadżety')]! - 1);
      expect(after[id('Akcesoria')]).toBe(17);
    } finally {
      await setActive(mug, true);
      await t.database.db.delete(categories).where(eq(categories.id, empty!.id));
      await changed();
    }
  });

  it('counts only the club’s own categories', async () => {
    const counts = CategoryCountsSchema.parse((await get('/getiloscwyrobowdlakatalogu/', 'rywal')).body);
    const cats = Categories.parse((await get('/pobierzKatalogi', 'rywal')).body);
    expect(counts).toEqual({ [String(cats[0]!.Id)]: 2, [String(cats[1]!.Id)]: 1 });
  });
});

describe('getwysylki', () => {
  it('lists active shipping options by position with Meta in grosze', async () => {
    const { status, body } = await get('/getwysylki');
    expect(status).toBe(200);
    const options = z.array(ShippingOptionSchema.strict()).parse(body);
    expect(
      options.map(({ Tresc, Meta, PlatnoscPrzyOdbiorze }) => ({ Tresc, Meta, PlatnoscPrzyOdbiorze })),
    ).toEqual([
      { Tresc: 'Kurier DPD', Meta: 1599, PlatnoscPrzyOdbiorze: true },
      { Tresc: 'Paczkomat InPost', Meta: 1399, PlatnoscPrzyOdbiorze: false },
      { Tresc: 'Poczta Polska', Meta: 1299, PlatnoscPrzyOdbiorze: true },
      { Tresc: 'Odbiór osobisty w sklepie klubowym', Meta: 0, PlatnoscPrzyOdbiorze: true },
    ]);
  });

  it('hides inactive options and other clubs’ options', async () => {
    const where = and(eq(shippingOptions.organisationId, demoId), eq(shippingOptions.name, 'Poczta Polska'));
    await t.database.db.update(shippingOptions).set({ active: false }).where(where);
    try {
      const options = z.array(ShippingOptionSchema).parse((await get('/getwysylki')).body);
      expect(options.map((o) => o.Tresc)).not.toContain('Poczta Polska');
      expect(options).toHaveLength(3);
    } finally {
      await t.database.db.update(shippingOptions).set({ active: true }).where(where);
    }
    const rival = z.array(ShippingOptionSchema).parse((await get('/getwysylki', 'rywal')).body);
    expect(rival.map((o) => o.Tresc)).toEqual(['Kurier GLS']);
    expect(rivalId).not.toBe(demoId);
  });
});
