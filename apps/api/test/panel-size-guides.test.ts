import { msg, PanelSizeGuideSchema, ProductSchema, type SizeGuide } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { S } from './fixtures/checkout.ts';
import { createPublished, openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';

let { t, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
});
afterAll(() => t?.close());

const guide: SizeGuide = {
  Kolumny: ['Rozmiar', 'Obwód klatki (cm)', 'Wiek'],
  Wiersze: [
    ['116', '60–64', '5–6 lat'],
    ['128', '64–68', '7–8 lat'],
  ],
};

const categoryId = async (name: string) => {
  const res = await manager.fetch(`${PANEL}/categories`);
  const found = ((await res.json()) as { Id: number; Nazwa: string }[]).find((c) => c.Nazwa === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.Id;
};
const path = (owner: 'categories' | 'products', id: number) => `${PANEL}/${owner}/${id}/size-guide`;
const save = (owner: 'categories' | 'products', id: number, json: unknown, p: PanelClient = manager) =>
  p.fetch(path(owner, id), { method: 'PUT', json });
const shopProduct = async (id: number) => {
  const res = await t.fetch(`${S}/pokazProdukt/${id}`);
  expect(res.status).toBe(200);
  return ProductSchema.strict().parse(await res.json());
};
const newProduct = async (KategoriaId: number | null) => {
  const res = await createPublished(manager, {
    Nazwa: `Koszulka z tabelą ${Math.random().toString(36).slice(2, 8)}`,
    Opis: 'Opis',
    CenaBrutto: 99,
    KategoriaId,
    WymagajWybraniaParametru: true,
    Parametry: [{ Nazwa: '128', Stan: 3 }],
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { Id: number }).Id;
};

describe('size guides', () => {
  it('a category saves its guide; its products, and those of its subcategories, show it in the storefront', async () => {
    const parent = await categoryId('Odzież');
    const child = await categoryId('Kolekcja dziecięca');
    const res = await save('categories', parent, { TabelaRozmiarow: guide });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(PanelSizeGuideSchema.strict().parse(await res.json())).toEqual({
      Nazwa: 'Odzież',
      TabelaRozmiarow: guide,
    });
    const read = await manager.fetch(path('categories', parent));
    expect(PanelSizeGuideSchema.parse(await read.json()).TabelaRozmiarow).toEqual(guide);

    // Nearest ancestor with a guide: the subcategory has none, its parent has.
    const id = await newProduct(child);
    expect((await shopProduct(id)).TabelaRozmiarow).toEqual(guide);

    // The product's own guide wins; removed (null), the category's applies again.
    const own: SizeGuide = { Kolumny: ['Rozmiar', 'Długość (cm)'], Wiersze: [['128', '52']] };
    expect((await save('products', id, { TabelaRozmiarow: own })).status).toBe(200);
    expect((await shopProduct(id)).TabelaRozmiarow).toEqual(own);
    expect((await save('products', id, { TabelaRozmiarow: null })).status).toBe(200);
    expect((await shopProduct(id)).TabelaRozmiarow).toEqual(guide);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'product'),
          eq(auditLog.entityId, String(id)),
          eq(auditLog.action, 'size-guide'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.after)).toEqual([own, null]);
  });

  it('a product with no guide anywhere has no TabelaRozmiarow field (the spec shape as it was)', async () => {
    const id = await newProduct(await categoryId('Bilety'));
    const body = (await (await t.fetch(`${S}/pokazProdukt/${id}`)).json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('TabelaRozmiarow');
  });

  it('refuses a guide too wide, too long, with a long cell or a ragged row, with Polish messages', async () => {
    const id = await categoryId('Czapki');
    const cases: [unknown, string][] = [
      [
        { Kolumny: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], Wiersze: [['1', '2', '3', '4', '5', '6', '7']] },
        msg.sizeGuideColumns,
      ],
      [
        { Kolumny: ['Rozmiar', 'Wiek'], Wiersze: Array.from({ length: 21 }, () => ['S', '8']) },
        msg.sizeGuideRows,
      ],
      [{ Kolumny: ['Rozmiar', 'Wiek'], Wiersze: [['S', 'x'.repeat(41)]] }, msg.sizeGuideCellTooLong],
      [{ Kolumny: ['Rozmiar', 'Wiek'], Wiersze: [['S']] }, msg.sizeGuideRowWidth],
      [{ Kolumny: ['Rozmiar', ' '], Wiersze: [['S', '8']] }, msg.sizeGuideHeading],
    ];
    for (const [TabelaRozmiarow, message] of cases) {
      const res = await save('categories', id, { TabelaRozmiarow });
      const body = (await res.json()) as { Fields?: Record<string, string> };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.values(body.Fields ?? {})).toContain(message);
    }
    const after = PanelSizeGuideSchema.parse(await (await manager.fetch(path('categories', id))).json());
    expect(after.TabelaRozmiarow).toBeNull();
  });

  it('another club cannot read or change the guide, nor can anyone without a login', async () => {
    const id = await categoryId('Szaliki');
    const product = await newProduct(id);
    for (const url of [path('categories', id), path('products', product)]) {
      expect((await rival.fetch(url)).status).toBe(404);
      const res = await rival.fetch(url, { method: 'PUT', json: { TabelaRozmiarow: guide } });
      expect(res.status).toBe(404);
      expect((await t.fetch(url)).status).toBe(401);
      // Without a login a change is refused before the route (no session, no XSRF token).
      expect([401, 403]).toContain(
        (await t.fetch(url, { method: 'PUT', json: { TabelaRozmiarow: guide } })).status,
      );
    }
    expect((await shopProduct(product)).TabelaRozmiarow).toBeUndefined();
  });
});
