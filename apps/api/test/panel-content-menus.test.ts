import {
  type ApiError,
  fillMessage,
  type MenuItem,
  msg,
  type PanelLinkTarget,
  type PanelMenuItem,
  type SocialLink,
} from '@club/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, organisations } from '../src/db/schema.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { login } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const M = (menuId: number) => `${PANEL}/menus/${menuId}`;

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop());
});
afterAll(() => t?.close());

const menu = async (menuId: number, p: PanelClient = manager) => {
  const res = await p.fetch(M(menuId));
  expect(res.status).toBe(200);
  return (await res.json()) as PanelMenuItem[];
};
const storefront = async (menuId: number, org = 'demo') =>
  (await (await t.fetch(`/api/cms/panelemenufrontend/get/${menuId}`, { org })).json()) as MenuItem[];
const create = async (menuId: number, json: unknown, p: PanelClient = manager) => {
  const res = await p.fetch(`${M(menuId)}/items`, { method: 'POST', json });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PanelMenuItem;
};
const update = (menuId: number, id: number, json: unknown, p: PanelClient = manager) =>
  p.fetch(`${M(menuId)}/items/${id}`, { method: 'PATCH', json });
const auditOf = (entity: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));

/** The panel's flat list rebuilt as the storefront's tree: both must tell the same story. */
const asTree = (items: PanelMenuItem[], parent: number | null = null): MenuItem[] =>
  items
    .filter((i) => i.IdParent === parent)
    .sort((a, b) => a.Pozycja - b.Pozycja)
    .map((i) => ({
      Id: i.Id,
      Tytul: i.Tytul,
      Url: i.Url,
      OtworzWNowymOknie: i.OtworzWNowymOknie,
      Podrzedne: asTree(items, i.Id),
    }));

describe('panel menus: read', () => {
  it('lists each menu in tree order with depth and sub-item counts, the same tree the storefront shows', async () => {
    for (const id of [10, 20, 30]) {
      const items = await menu(id);
      expect(asTree(items)).toEqual(await storefront(id));
    }
    const main = await menu(10);
    const shop = main.find((i) => i.Tytul === 'Sklep')!;
    expect(shop).toMatchObject({ IdParent: null, Poziom: 0 });
    expect(shop.LiczbaPodrzednych).toBeGreaterThan(0);
    expect(main[main.indexOf(shop) + 1]).toMatchObject({ IdParent: shop.Id, Poziom: 1, Pozycja: 0 });
    const other = await menu(10, rival);
    expect(other.map((i) => i.Id).some((id) => main.some((m) => m.Id === id))).toBe(false);

    const bad = await manager.fetch(M(40));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiError).Message).toBe(msg.menuNotFound);
  });

  it("offers the shop's pages, categories and sub-pages (not the special texts) as link targets", async () => {
    const res = await manager.fetch(`${PANEL}/link-targets`);
    expect(res.status).toBe(200);
    const targets = (await res.json()) as PanelLinkTarget[];
    expect(targets).toContainEqual({ Rodzaj: 'sklep', Tytul: 'Wszystkie produkty', Url: '/produkty' });
    expect(targets).toContainEqual({ Rodzaj: 'podstrona', Tytul: 'O klubie', Url: '/o-klubie' });
    expect(targets.some((x) => x.Rodzaj === 'kategoria' && /^\/produkty\/\d+$/.test(x.Url))).toBe(true);
    expect(targets.some((x) => x.Url === '/tekst-stopka' || x.Url === '/kontakt-dane')).toBe(false);
  });
});

describe('panel menus: change', () => {
  it('adds a footer item with a sub-item; the storefront footer shows both; audited', async () => {
    const top = await create(30, { Tytul: 'Dla kibica', Url: '/o-klubie' });
    expect(top).toMatchObject({ IdParent: null, Poziom: 0, OtworzWNowymOknie: false });
    const sub = await create(30, {
      Tytul: 'Bilety',
      Url: 'https://bilety.example.org/mecze?sezon=2027',
      OtworzWNowymOknie: true,
      IdParent: top.Id,
    });
    expect(sub).toMatchObject({ IdParent: top.Id, Poziom: 1, Pozycja: 0 });
    const footer = await storefront(30);
    expect(footer.at(-1)).toEqual({
      Id: top.Id,
      Tytul: 'Dla kibica',
      Url: '/o-klubie',
      OtworzWNowymOknie: false,
      Podrzedne: [
        {
          Id: sub.Id,
          Tytul: 'Bilety',
          Url: 'https://bilety.example.org/mecze?sezon=2027',
          OtworzWNowymOknie: true,
          Podrzedne: [],
        },
      ],
    });
    const [entry] = await auditOf('menu-item');
    expect(entry).toMatchObject({
      action: 'create',
      entityId: String(sub.Id),
      userEmail: 'zastepca@sokol-demo.pl',
      after: { Menu: 30, Tytul: 'Bilety', IdParent: top.Id },
    });
  });

  it('refuses bad addresses, titles and parents in Polish', async () => {
    const cases: [unknown, string, string][] = [
      [{ Tytul: 'X', Url: 'javascript:alert(1)' }, 'Url', msg.contentLinkInvalid],
      [{ Tytul: 'X', Url: '//evil.example/' }, 'Url', msg.contentLinkInvalid],
      [{ Tytul: 'X', Url: 'https://' }, 'Url', msg.contentLinkInvalid],
      [{ Tytul: 'X', Url: '/a b' }, 'Url', msg.contentLinkInvalid],
      [{ Tytul: 'X', Url: '' }, 'Url', msg.menuUrlRequired],
      [{ Tytul: '  ', Url: '/' }, 'Tytul', msg.menuTitleRequired],
    ];
    for (const [json, field, message] of cases) {
      const res = await manager.fetch(`${M(10)}/items`, { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await res.json()).toEqual({ Message: message, Fields: { [field]: message } });
    }
    // A parent from another menu is no parent here.
    const side = (await menu(20))[0]!;
    const res = await manager.fetch(`${M(10)}/items`, {
      method: 'POST',
      json: { Tytul: 'X', Url: '/', IdParent: side.Id },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      Message: msg.menuParentNotFound,
      Fields: { IdParent: msg.menuParentNotFound },
    });
    // mailto: and tel: are links the storefront renders.
    await create(20, { Tytul: 'Napisz', Url: 'mailto:sklep@sokol-demo.pl' });
    await create(20, { Tytul: 'Zadzwoń', Url: 'tel:+48 22 123 45 67' });
  });

  it('edits, moves under another parent at a place, and refuses cycles and a fourth level', async () => {
    const a = await create(10, { Tytul: 'A', Url: '/a' });
    const b = await create(10, { Tytul: 'B', Url: '/b' });
    const b1 = await create(10, { Tytul: 'B1', Url: '/b1', IdParent: b.Id });
    const b2 = await create(10, { Tytul: 'B2', Url: '/b2', IdParent: b.Id });

    const edited = await update(10, a.Id, {
      Tytul: 'A nowe',
      Url: 'https://a.example.org/',
      OtworzWNowymOknie: true,
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      Tytul: 'A nowe',
      Url: 'https://a.example.org/',
      OtworzWNowymOknie: true,
    });

    // A goes under B, first among B1 and B2.
    const moved = await update(10, a.Id, { IdParent: b.Id, Pozycja: 0 }, owner);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ IdParent: b.Id, Poziom: 1, Pozycja: 0 });
    const tree = await storefront(10);
    expect(tree.find((i) => i.Id === b.Id)!.Podrzedne.map((i) => i.Id)).toEqual([a.Id, b1.Id, b2.Id]);
    expect(tree.some((i) => i.Id === a.Id)).toBe(false);
    const [entry] = await auditOf('menu-item');
    expect(entry).toMatchObject({
      action: 'move',
      entityId: String(a.Id),
      before: { IdParent: null },
      after: { IdParent: b.Id, Pozycja: 0 },
    });

    const cycle = await update(10, b.Id, { IdParent: b1.Id });
    expect(cycle.status).toBe(400);
    expect(await cycle.json()).toEqual({ Message: msg.menuCycle, Fields: { IdParent: msg.menuCycle } });

    const b11 = await create(10, { Tytul: 'B11', Url: '/b11', IdParent: b1.Id });
    expect(b11.Poziom).toBe(2);
    const tooDeep = fillMessage(msg.menuTooDeep, { ile: '3' });
    const deeper = await manager.fetch(`${M(10)}/items`, {
      method: 'POST',
      json: { Tytul: 'B111', Url: '/x', IdParent: b11.Id },
    });
    expect(deeper.status).toBe(400);
    expect(await deeper.json()).toEqual({ Message: tooDeep, Fields: { IdParent: tooDeep } });
    // B (three levels tall) under A would make four.
    const c = await create(10, { Tytul: 'C', Url: '/c' });
    const tall = await update(10, b.Id, { IdParent: c.Id });
    expect(tall.status).toBe(400);
    expect(((await tall.json()) as ApiError).Message).toBe(tooDeep);
  });

  it('reorders one level with the whole list (the keyboard way) and refuses a partial one', async () => {
    const before = (await menu(20)).filter((i) => i.IdParent === null).map((i) => i.Id);
    const order = [before.at(-1)!, ...before.slice(0, -1)];
    const res = await manager.fetch(`${M(20)}/reorder`, {
      method: 'POST',
      json: { IdParent: null, Kolejnosc: order },
    });
    expect(res.status).toBe(200);
    expect((await storefront(20)).map((i) => i.Id)).toEqual(order);
    const [entry] = await auditOf('menu-item');
    expect(entry).toMatchObject({
      action: 'reorder',
      before: { Menu: 20, Kolejnosc: before },
      after: { Kolejnosc: order },
    });

    const partial = await manager.fetch(`${M(20)}/reorder`, {
      method: 'POST',
      json: { IdParent: null, Kolejnosc: order.slice(1) },
    });
    expect(partial.status).toBe(400);
    expect(await partial.json()).toEqual({
      Message: msg.menuOrderMismatch,
      Fields: { Kolejnosc: msg.menuOrderMismatch },
    });

    // One step down by Pozycja alone, as a drag and drop sends it.
    const first = order[0]!;
    const step = await update(20, first, { Pozycja: 1 });
    expect(step.status).toBe(200);
    expect((await storefront(20)).map((i) => i.Id).slice(0, 2)).toEqual([order[1], first]);
  });

  it('deletes an item with its sub-items (204); the rest close the gap', async () => {
    const p = await create(30, { Tytul: 'Do usunięcia', Url: '/regulamin' });
    const c = await create(30, { Tytul: 'Pod', Url: '/regulamin', IdParent: p.Id });
    const res = await manager.fetch(`${M(30)}/items/${p.Id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    const after = await menu(30);
    expect(after.some((i) => i.Id === p.Id || i.Id === c.Id)).toBe(false);
    expect(after.filter((i) => i.IdParent === null).map((i) => i.Pozycja)).toEqual(
      after.filter((i) => i.IdParent === null).map((_, i) => i),
    );
    expect(asTree(after)).toEqual(await storefront(30));
    const [entry] = await auditOf('menu-item');
    expect(entry).toMatchObject({
      action: 'delete',
      entityId: String(p.Id),
      before: { Tytul: 'Do usunięcia', Podrzedne: [{ Tytul: 'Pod' }] },
    });
    const again = await manager.fetch(`${M(30)}/items/${p.Id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ Message: msg.menuItemNotFound });
  });
});

describe('panel menus: who may', () => {
  it('answers 401 without a session, 403 to a customer and to another club; 404 for their items', async () => {
    const anonymous = await t.fetch(M(10));
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const customer = await t.fetch(`${M(10)}/items`, {
      ticket,
      method: 'POST',
      json: { Tytul: 'X', Url: '/' },
    });
    expect(customer.status).toBe(403);
    await customer.text();
    const foreign = await rival.fetch(M(10), { org: 'demo' });
    expect(foreign.status).toBe(403);
    await foreign.text();

    const theirs = (await menu(10, rival))[0]!;
    for (const res of [
      await update(10, theirs.Id, { Tytul: 'Przejęte' }),
      await manager.fetch(`${M(10)}/items/${theirs.Id}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.menuItemNotFound });
    }
    expect((await menu(10, rival))[0]).toEqual(theirs);
  });
});

describe('panel social links', () => {
  it('lists and replaces the links in order; the storefront shows them; audited', async () => {
    const res = await manager.fetch(`${PANEL}/social`);
    expect(res.status).toBe(200);
    const before = (await res.json()) as SocialLink[];
    expect(before).toEqual(await (await t.fetch('/api/cms/panelsocialmediafrontend/list')).json());

    const links = [
      { Rodzaj: 3, Url: 'https://www.instagram.com/sokol_demo' },
      { Rodzaj: 5, Url: 'https://twitter.com/sokol' },
      { Rodzaj: 1, Url: 'https://pl-pl.facebook.com/sokol.demo' },
    ];
    const saved = await manager.fetch(`${PANEL}/social`, { method: 'PUT', json: { Linki: links } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(links);
    expect(await (await t.fetch('/api/cms/panelsocialmediafrontend/list')).json()).toEqual(links);
    const [entry] = await auditOf('social');
    expect(entry).toMatchObject({ action: 'update', before, after: links });
    // Another club's links are its own.
    expect(
      await (await t.fetch('/api/cms/panelsocialmediafrontend/list', { org: 'rywal' })).json(),
    ).toHaveLength(5);
  });

  it('refuses an unknown network, a duplicate, plain http and another site', async () => {
    const cases: [unknown, string, string][] = [
      [[{ Rodzaj: 6, Url: 'https://example.org/' }], 'Linki.0.Rodzaj', msg.socialKindInvalid],
      [[{ Rodzaj: 1, Url: 'http://facebook.com/x' }], 'Linki.0.Url', msg.socialUrlInvalid],
      [
        [{ Rodzaj: 4, Url: 'https://vimeo.com/klub' }],
        'Linki.0.Url',
        fillMessage(msg.socialUrlWrongSite, { serwis: 'YouTube' }),
      ],
      [
        [
          { Rodzaj: 2, Url: 'https://www.tiktok.com/@a' },
          { Rodzaj: 2, Url: 'https://www.tiktok.com/@b' },
        ],
        'Linki',
        msg.socialKindDuplicate,
      ],
    ];
    for (const [Linki, field, message] of cases) {
      const res = await owner.fetch(`${PANEL}/social`, { method: 'PUT', json: { Linki } });
      expect(res.status, field).toBe(400);
      expect(await res.json()).toEqual({ Message: message, Fields: { [field]: message } });
    }
    const none = await owner.fetch(`${PANEL}/social`, { method: 'PUT', json: { Linki: [] } });
    expect(await none.json()).toEqual([]);
    expect(await (await t.fetch('/api/cms/panelsocialmediafrontend/list')).json()).toEqual([]);
  });

  it('answers 401 without a session and 403 to another club', async () => {
    const anonymous = await t.fetch(`${PANEL}/social`);
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    const foreign = await rival.fetch(`${PANEL}/social`, { org: 'demo', method: 'PUT', json: { Linki: [] } });
    expect(foreign.status).toBe(403);
    await foreign.text();
  });
});

describe('panel content: change notices', () => {
  it('announces every committed content write (menus, social links, pages, banners), none for a refused one', async () => {
    const [demo] = await t.database.db.select().from(organisations).where(eq(organisations.alias, 'demo'));
    const heard: unknown[] = [];
    const off = t.app.changes.subscribe('content', (event) => heard.push(event));
    try {
      const expectNotice = async () => {
        await vi.waitFor(() => expect(heard).toEqual([{ organisationId: demo!.id, topic: 'content' }]));
        heard.length = 0;
      };
      await create(30, { Tytul: 'Ogłoszenie', Url: '/' });
      await expectNotice();
      const social = await manager.fetch(`${PANEL}/social`, {
        method: 'PUT',
        json: { Linki: [{ Rodzaj: 2, Url: 'https://www.tiktok.com/@sokol' }] },
      });
      expect(social.status).toBe(200);
      await expectNotice();
      const page = await manager.fetch(`${PANEL}/pages`, {
        method: 'POST',
        json: { Slug: 'ogloszenie', Tytul: 'Ogłoszenie' },
      });
      expect(page.status).toBe(200);
      await expectNotice();
      const banner = await manager.fetch(`${PANEL}/banners/10`, { method: 'PUT', json: { Wysokosc: 300 } });
      expect(banner.status).toBe(200);
      await expectNotice();

      // Refused inside the transaction (after the lock): rolled back, so nothing is announced.
      const refused = await manager.fetch(`${M(30)}/reorder`, {
        method: 'POST',
        json: { IdParent: null, Kolejnosc: [1] },
      });
      expect(refused.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
    } finally {
      off();
    }
  });
});
