import { type Category, msg, type PanelCategory } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisations, products } from '../src/db/schema.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';

const C = `${PANEL}/categories`;

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop());
});
afterAll(() => t.close());

const tree = async (p: PanelClient = manager): Promise<PanelCategory[]> => {
  const res = await p.fetch(C);
  expect(res.status).toBe(200);
  return (await res.json()) as PanelCategory[];
};
const byName = async (name: string, p: PanelClient = manager) => {
  const found = (await tree(p)).find((c) => c.Nazwa === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
};
const create = (json: unknown, p: PanelClient = manager) => p.fetch(C, { method: 'POST', json });
const update = (id: number, json: unknown, p: PanelClient = manager) =>
  p.fetch(`${C}/${id}`, { method: 'PATCH', json });
const storefront = async (org = 'demo'): Promise<Category[]> =>
  (await t.fetch('/api/centauri/sklepyonline/pobierzKatalogi', { org })).json() as Promise<Category[]>;
const auditOf = async (entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);

describe('category tree', () => {
  it('lists the tree in order, parents before children, with depth and product counts', async () => {
    const list = await tree();
    const names = list.map((c) => c.Nazwa);
    expect(names.slice(0, 4)).toEqual(['Odzież', 'Koszulki meczowe', 'Bluzy i kurtki', 'Kolekcja dziecięca']);
    const clothes = list.find((c) => c.Nazwa === 'Odzież')!;
    const kits = list.find((c) => c.Nazwa === 'Koszulki meczowe')!;
    expect(clothes).toMatchObject({ IdParent: null, Poziom: 0, LiczbaPodkategorii: 3 });
    expect(kits).toMatchObject({ IdParent: clothes.Id, Poziom: 1, LiczbaPodkategorii: 0 });
    // Counts come from the database: products of the club not archived, directly and with subcategories.
    const [direct] = await t.database.db.select().from(products).where(eq(products.categoryId, kits.Id));
    expect(direct).toBeDefined();
    expect(kits.LiczbaProduktow).toBeGreaterThan(0);
    const children = list.filter((c) => c.IdParent === clothes.Id);
    expect(clothes.LiczbaProduktowRazem).toBe(
      clothes.LiczbaProduktow + children.reduce((sum, c) => sum + c.LiczbaProduktowRazem, 0),
    );
    // Only this club's categories.
    const rivalNames = (await tree(rival)).map((c) => c.Nazwa);
    expect(rivalNames).toEqual(['Pamiątki', 'Szaliki']);
  });
});

describe('create, rename, move', () => {
  it('creates top-level and child categories at the end of their siblings, audited, seen by the storefront at once', async () => {
    const res = await create({ Nazwa: '  Kolekcja retro  ' });
    expect(res.status).toBe(200);
    const retro = (await res.json()) as PanelCategory;
    expect(retro).toMatchObject({ Nazwa: 'Kolekcja retro', IdParent: null, Poziom: 0, LiczbaProduktow: 0 });
    const child = (await (
      await create({ Nazwa: 'Retro lata 90.', IdParent: retro.Id })
    ).json()) as PanelCategory;
    expect(child).toMatchObject({ IdParent: retro.Id, Poziom: 1, Pozycja: 0 });
    const top = (await tree()).filter((c) => c.IdParent === null);
    expect(top.at(-1)!.Id).toBe(retro.Id);

    const shop = await storefront();
    expect(shop).toContainEqual({
      Id: child.Id,
      IdParent: retro.Id,
      Name: 'Retro lata 90.',
      HasChild: false,
    });
    expect(shop.find((c) => c.Id === retro.Id)).toMatchObject({ HasChild: true });

    const [entry] = await auditOf(retro.Id);
    expect(entry).toMatchObject({
      action: 'create',
      userEmail: 'zastepca@sokol-demo.pl',
      before: null,
      after: { Nazwa: 'Kolekcja retro', IdParent: null },
    });
  });

  it('renames, audited with before and after', async () => {
    const c = (await (await create({ Nazwa: 'Do zmiany' })).json()) as PanelCategory;
    const res = await update(c.Id, { Nazwa: 'Po zmianie' }, owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ Id: c.Id, Nazwa: 'Po zmianie' });
    const entries = await auditOf(c.Id);
    expect(entries.at(-1)).toMatchObject({
      action: 'update',
      userEmail: 'kierownik@sokol-demo.pl',
      before: { Nazwa: 'Do zmiany' },
      after: { Nazwa: 'Po zmianie' },
    });
    expect((await storefront()).find((s) => s.Id === c.Id)?.Name).toBe('Po zmianie');
  });

  it('moves under another parent and back to the top; the old siblings close the gap', async () => {
    const a = (await (await create({ Nazwa: 'Rodzic A' })).json()) as PanelCategory;
    const b = (await (await create({ Nazwa: 'Rodzic B' })).json()) as PanelCategory;
    const x = (await (await create({ Nazwa: 'X', IdParent: a.Id })).json()) as PanelCategory;
    const y = (await (await create({ Nazwa: 'Y', IdParent: a.Id })).json()) as PanelCategory;
    const moved = await update(x.Id, { IdParent: b.Id });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ IdParent: b.Id, Poziom: 1, Pozycja: 0 });
    expect(await byName('Y')).toMatchObject({ IdParent: a.Id, Pozycja: 0 });
    expect((await auditOf(x.Id)).at(-1)).toMatchObject({
      action: 'move',
      before: { IdParent: a.Id },
      after: { IdParent: b.Id },
    });
    const top = await update(y.Id, { IdParent: null });
    expect(await top.json()).toMatchObject({ IdParent: null, Poziom: 0 });
  });

  it('refuses a move into itself or its own subtree (no cycles)', async () => {
    const root = (await (await create({ Nazwa: 'Korzeń' })).json()) as PanelCategory;
    const mid = (await (await create({ Nazwa: 'Środek', IdParent: root.Id })).json()) as PanelCategory;
    const leaf = (await (await create({ Nazwa: 'Liść', IdParent: mid.Id })).json()) as PanelCategory;
    for (const target of [root.Id, mid.Id, leaf.Id]) {
      const res = await update(root.Id, { IdParent: target });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        Message: msg.categoryCycle,
        Fields: { IdParent: msg.categoryCycle },
      });
    }
    expect(await byName('Korzeń')).toMatchObject({ IdParent: null });
  });

  it("keeps clubs apart: another club's category is neither a parent nor editable", async () => {
    const rivalCat = (await tree(rival))[0]!;
    const asParent = await create({ Nazwa: 'Obca', IdParent: rivalCat.Id });
    expect(asParent.status).toBe(400);
    expect(await asParent.json()).toMatchObject({ Message: msg.categoryParentNotFound });
    const rename = await update(rivalCat.Id, { Nazwa: 'Przejęta' });
    expect(rename.status).toBe(404);
    expect(await rename.json()).toEqual({ Message: msg.categoryNotFound });
    const del = await manager.fetch(`${C}/${rivalCat.Id}`, { method: 'DELETE' });
    expect(del.status).toBe(404);
    expect((await tree(rival))[0]!.Nazwa).toBe(rivalCat.Nazwa);
  });

  it('answers invalid input with Polish messages', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ Nazwa: '   ' }, { Nazwa: msg.categoryNameRequired }],
      [{}, { Nazwa: msg.categoryNameRequired }],
      [{ Nazwa: 'x'.repeat(101) }, { Nazwa: msg.tooLong }],
      [{ Nazwa: 'Ok', IdParent: 'a' }, { IdParent: msg.categoryParentNotFound }],
      [{ Nazwa: 'Ok', IdParent: 0 }, { IdParent: msg.categoryParentNotFound }],
    ];
    for (const [json, fields] of cases) {
      const res = await create(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(
        ((await res.json()) as { Message: string; Fields?: Record<string, string> }).Fields,
      ).toMatchObject(fields);
    }
    const missing = await update(2_000_000, { Nazwa: 'Nic' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Message: msg.categoryNotFound });
  });
});

describe('reorder', () => {
  it('sets the order of one parent’s children, audited; refuses a list that is not exactly those children', async () => {
    const parent = (await (await create({ Nazwa: 'Kolejność' })).json()) as PanelCategory;
    const ids: number[] = [];
    for (const n of ['Pierwsza', 'Druga', 'Trzecia'])
      ids.push(((await (await create({ Nazwa: n, IdParent: parent.Id })).json()) as PanelCategory).Id);
    const wanted = [ids[2]!, ids[0]!, ids[1]!];
    const res = await manager.fetch(`${C}/reorder`, {
      method: 'POST',
      json: { IdParent: parent.Id, Kolejnosc: wanted },
    });
    expect(res.status).toBe(200);
    const list = (await res.json()) as PanelCategory[];
    expect(list.filter((c) => c.IdParent === parent.Id).map((c) => c.Id)).toEqual(wanted);
    expect(
      (await storefront()).filter((c) => c.IdParent === parent.Id).map((c) => c.Id),
      'the storefront shows the new order',
    ).toEqual(wanted);
    expect((await auditOf(parent.Id)).at(-1)).toMatchObject({
      action: 'reorder',
      before: { Kolejnosc: ids },
      after: { Kolejnosc: wanted },
    });

    for (const Kolejnosc of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[1]],
      [...ids, 1],
    ]) {
      const bad = await manager.fetch(`${C}/reorder`, {
        method: 'POST',
        json: { IdParent: parent.Id, Kolejnosc },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ Message: msg.categoryOrderMismatch });
    }
  });
});

describe('delete', () => {
  it('refuses a category with products or subcategories (409, Polish), deletes an empty one (204, audited)', async () => {
    const kits = await byName('Koszulki meczowe');
    const withProducts = await manager.fetch(`${C}/${kits.Id}`, { method: 'DELETE' });
    expect(withProducts.status).toBe(409);
    expect(await withProducts.json()).toEqual({ Message: msg.categoryNotEmpty });

    const parent = (await (await create({ Nazwa: 'Z dzieckiem' })).json()) as PanelCategory;
    const child = (await (await create({ Nazwa: 'Dziecko', IdParent: parent.Id })).json()) as PanelCategory;
    const withChild = await manager.fetch(`${C}/${parent.Id}`, { method: 'DELETE' });
    expect(withChild.status).toBe(409);
    expect(await withChild.json()).toEqual({ Message: msg.categoryNotEmpty });

    const gone = await manager.fetch(`${C}/${child.Id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await tree()).some((c) => c.Id === child.Id)).toBe(false);
    expect((await storefront()).some((c) => c.Id === child.Id)).toBe(false);
    expect((await auditOf(child.Id)).at(-1)).toMatchObject({
      action: 'delete',
      before: { Nazwa: 'Dziecko', IdParent: parent.Id },
      after: null,
    });
    expect((await manager.fetch(`${C}/${parent.Id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await manager.fetch(`${C}/${parent.Id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('lets an archived product’s category go (the product loses its category), but not a hidden product’s', async () => {
    const cat = (await (await create({ Nazwa: 'Z archiwum' })).json()) as PanelCategory;
    const orgId = (
      await t.database.db.select().from(organisations).where(eq(organisations.alias, 'demo'))
    )[0]!.id;
    const [hidden] = await t.database.db
      .insert(products)
      .values({ organisationId: orgId, categoryId: cat.Id, name: 'Ukryty', priceGross: 100, active: false })
      .returning();
    expect(await byName('Z archiwum')).toMatchObject({ LiczbaProduktow: 1 });
    expect((await manager.fetch(`${C}/${cat.Id}`, { method: 'DELETE' })).status).toBe(409);
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, hidden!.id));
    expect(await byName('Z archiwum')).toMatchObject({ LiczbaProduktow: 0 });
    expect((await manager.fetch(`${C}/${cat.Id}`, { method: 'DELETE' })).status).toBe(204);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, hidden!.id));
    expect(after!.categoryId).toBeNull();
  });
});
