import {
  BannerSchema,
  ContentCategorySchema,
  ContentListItemSchema,
  ContentPageSchema,
  MenuItemSchema,
  msg,
  SiteSettingsSchema,
  SocialLinkSchema,
} from '@club/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as s from '../src/db/schema.ts';
import { sanitizeHtml } from '../src/lib/sanitize.ts';
import { readableMail } from './fixtures/mail.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let demoId: number;
let rivalId: number;

const C = '/api/cms';
const json = async (res: Response) => {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${res.status}): ${text}`);
  }
};
const get = async (path: string, org: string | null = 'demo', headers: Record<string, string> = {}) => {
  const res = await t.fetch(C + path, { org, headers });
  return { status: res.status, body: await json(res) };
};
const post = async (path: string, body: unknown, org = 'demo') => {
  const res = await t.fetch(C + path, { method: 'POST', json: body, org });
  return { status: res.status, body: await json(res) };
};
const orgId = async (alias: string) => {
  const [o] = await t.app.db.select().from(s.organisations).where(eq(s.organisations.alias, alias));
  return o!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  demoId = await orgId('demo');
  rivalId = await orgId('rywal');
});
afterAll(() => t.close());

describe('stronyfrontend/get', () => {
  it('returns the demo club settings in the contract shape', async () => {
    const { status, body } = await get('/stronyfrontend/get');
    expect(status).toBe(200);
    const settings = SiteSettingsSchema.strict().parse(body);
    expect(settings).toMatchObject({
      OrganizacjaAlias: 'demo',
      Nazwa: 'MKS Sokół Demo',
      Title: 'Sklep kibica MKS Sokół',
      Pola: [10, 20, 40, 50],
      PolaWymagane: [10, 40],
    });
    expect(settings.Mapa).toMatch(/^https:\/\//);
    expect(settings.Opcje).toContainEqual({ Klucz: 'strona-glowna-baner', Wartosc: '1', Typ: 20 });
    expect(settings.Opcje).toContainEqual({ Klucz: 'zakupy-bez-logowania', Wartosc: '1', Typ: 20 });
  });

  it("gives the rival's own settings, without the demo's options", async () => {
    const { body } = await get('/stronyfrontend/get', 'rywal');
    const settings = SiteSettingsSchema.parse(body);
    expect(settings.OrganizacjaAlias).toBe('rywal');
    expect(settings.Nazwa).toBe('FC Rywal');
    expect(settings.Opcje.map((o) => o.Klucz)).not.toContain('zakupy-bez-logowania');
  });

  it('resolves the tenant from X-Origin when no alias header is sent', async () => {
    const rival = await get('/stronyfrontend/get', null, { 'x-origin': 'rywal.localhost' });
    expect(rival.status).toBe(200);
    expect(rival.body.OrganizacjaAlias).toBe('rywal');
    const demo = await get('/stronyfrontend/get', null, { 'x-origin': 'demo.localhost' });
    expect(demo.body.OrganizacjaAlias).toBe('demo');
    // An explicit alias wins over the origin.
    const explicit = await get('/stronyfrontend/get', 'demo', { 'x-origin': 'rywal.localhost' });
    expect(explicit.body.OrganizacjaAlias).toBe('demo');
  });

  it('falls back to the default tenant for an unknown host', async () => {
    const { status, body } = await get('/stronyfrontend/get', null, { 'x-origin': 'nieznany.example.org' });
    expect(status).toBe(200);
    expect(body.OrganizacjaAlias).toBe('demo');
  });

  it('answers 404 for an unknown explicit alias, never another shop', async () => {
    const { status, body } = await get('/stronyfrontend/get', 'nie-ma-takiego');
    expect(status).toBe(404);
    expect(body).toEqual({ Message: msg.organisationNotFound });
  });
});

describe('panelebaneryfrontend', () => {
  it('returns the home banner with its slides in position order', async () => {
    const { status, body } = await get('/panelebaneryfrontend/get/10');
    expect(status).toBe(200);
    const banner = BannerSchema.parse(body);
    expect(banner).toMatchObject({ Rodzaj: 10, Wysokosc: 520 });
    expect(banner.Grafiki.map((g) => g.Plik)).toEqual(['baner-1.jpg', 'baner-2.jpg', 'baner-3.jpg']);
    const [first] = banner.Grafiki;
    expect(first).toMatchObject({
      Nazwa: 'Nowe koszulki meczowe 2026/27',
      Tresc: 'Zagraj w barwach klubu. Dostępne wszystkie rozmiary.',
      Url: '/produkty',
      KolorText: '#ffffff',
      BgOpacity: 40,
      IsKolorMaski: true,
      KolorMaski: '#000000',
      BanerGrafikaPrzezroczystoscMaski: 40,
      PolozenieTextX: 10,
      PolozenieTextY: 30,
      GrafikaMobile: { Id: first!.Id, Nazwa: 'baner-1-mobile.jpg' },
    });
    expect(Object.keys(first!).sort()).toEqual(Object.keys(BannerSchema.shape.Grafiki.element.shape).sort());
  });

  it('points at images that are served from /static (desktop and mobile, JPEG and WebP)', async () => {
    const banner = BannerSchema.parse((await get('/panelebaneryfrontend/get/10')).body);
    for (const g of banner.Grafiki) {
      for (const [file, type] of [
        [g.Plik, 'image/jpeg'],
        [g.GrafikaMobile!.Nazwa, 'image/jpeg'],
        [g.PlikWebp, 'image/webp'],
        [g.GrafikaMobileWebp, 'image/webp'],
      ] as const) {
        expect(file).toBeTruthy();
        const res = await t.fetch(`/static/demo/panelbanerygrafika/${banner.Id}/${g.Id}/${file}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(type);
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      }
    }
  });

  it('orders slides by position, not by id', async () => {
    const banner = BannerSchema.parse((await get('/panelebaneryfrontend/get/10', 'rywal')).body);
    const last = banner.Grafiki[2]!;
    await t.app.db.update(s.bannerSlides).set({ position: -1 }).where(eq(s.bannerSlides.id, last.Id));
    const again = BannerSchema.parse((await get('/panelebaneryfrontend/get/10', 'rywal')).body);
    expect(again.Grafiki.map((g) => g.Id)).toEqual([last.Id, banner.Grafiki[0]!.Id, banner.Grafiki[1]!.Id]);
    await t.app.db.update(s.bannerSlides).set({ position: 2 }).where(eq(s.bannerSlides.id, last.Id));
  });

  it('gives each club its own banner', async () => {
    const demo = BannerSchema.parse((await get('/panelebaneryfrontend/get/10')).body);
    const rival = BannerSchema.parse((await get('/panelebaneryfrontend/get/10', 'rywal')).body);
    expect(rival.Id).not.toBe(demo.Id);
    const demoSlides = new Set(demo.Grafiki.map((g) => g.Id));
    expect(rival.Grafiki.some((g) => demoSlides.has(g.Id))).toBe(false);
    // The demo's banner files are not reachable under the rival's alias.
    const g = demo.Grafiki[0]!;
    const res = await t.fetch(`/static/rywal/panelbanerygrafika/${demo.Id}/${g.Id}/${g.Plik}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ Message: msg.notFound });
  });

  it('answers 404 for a panel without a banner, 400 for a malformed id', async () => {
    expect(await get('/panelebaneryfrontend/get/20')).toEqual({
      status: 404,
      body: { Message: msg.bannerNotFound },
    });
    const bad = await get('/panelebaneryfrontend/get/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(msg.bannerNotFound);
  });
});

describe('panelemenufrontend', () => {
  it('returns menu 10 as a tree with sub-menus in position order', async () => {
    const { status, body } = await get('/panelemenufrontend/get/10');
    expect(status).toBe(200);
    const menu = z.array(MenuItemSchema).parse(body);
    expect(menu.map((m) => m.Tytul)).toEqual(['Sklep', 'O klubie', 'Kontakt', 'Zostań promotorem']);
    const roots = await t.app.db
      .select()
      .from(s.categories)
      .where(and(eq(s.categories.organisationId, demoId), isNull(s.categories.parentId)))
      .orderBy(s.categories.position);
    expect(menu[0]!.Podrzedne.map((m) => [m.Tytul, m.Url])).toEqual(
      roots.map((c) => [c.name, `/produkty/${c.id}`]),
    );
    expect(menu[0]!.Podrzedne.every((m) => m.Podrzedne.length === 0)).toBe(true);
    expect(menu[3]).toMatchObject({
      Url: 'https://promotor.example.org/',
      OtworzWNowymOknie: false,
      Podrzedne: [],
    });
  });

  it('nests deeper levels too', async () => {
    const menu = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/10')).body);
    const child = menu[0]!.Podrzedne[0]!;
    const [grandchild] = await t.app.db
      .insert(s.menuItems)
      .values({
        organisationId: demoId,
        menuId: 10,
        parentId: child.Id,
        title: 'Głęboko',
        url: '/gleboko',
        position: 0,
      })
      .returning();
    const again = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/10')).body);
    expect(again[0]!.Podrzedne[0]!.Podrzedne).toEqual([
      { Id: grandchild!.id, Tytul: 'Głęboko', Url: '/gleboko', OtworzWNowymOknie: false, Podrzedne: [] },
    ]);
    await t.app.db.delete(s.menuItems).where(eq(s.menuItems.id, grandchild!.id));
  });

  it('returns the side and footer menus flat, with the new-window flag', async () => {
    const side = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/20')).body);
    expect(side.map((m) => m.Url)).toEqual(['/regulamin', '/dostawa-i-zwroty', '/polityka-prywatnosci']);
    const footer = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/30')).body);
    expect(footer.map((m) => m.OtworzWNowymOknie)).toEqual([false, false, false, true, false]);
    // The legal pages a shop must link from every page.
    expect(footer.map((m) => m.Url)).toEqual(
      expect.arrayContaining(['/regulamin', '/deklaracja-dostepnosci']),
    );
  });

  it('answers [] for a menu that does not exist, 400 for a malformed id', async () => {
    expect(await get('/panelemenufrontend/get/40')).toEqual({ status: 200, body: [] });
    expect((await get('/panelemenufrontend/get/-1')).status).toBe(400);
  });

  it("never shows another club's menu items", async () => {
    const demo = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/10')).body);
    const rival = z.array(MenuItemSchema).parse((await get('/panelemenufrontend/get/10', 'rywal')).body);
    const ids = (items: typeof demo): number[] => items.flatMap((m) => [m.Id, ...ids(m.Podrzedne)]);
    const demoIds = new Set(ids(demo));
    expect(ids(rival).some((id) => demoIds.has(id))).toBe(false);
    expect(rival[0]!.Podrzedne.map((m) => m.Tytul)).toEqual(['Pamiątki']);
  });
});

describe('panelsocialmediafrontend/list', () => {
  it('lists the social links with their kinds', async () => {
    const { status, body } = await get('/panelsocialmediafrontend/list');
    expect(status).toBe(200);
    const links = z.array(SocialLinkSchema.strict()).parse(body);
    expect(links.map((l) => l.Rodzaj)).toEqual([1, 2, 3, 4, 5]);
    expect(links[0]!.Url).toBe('https://www.facebook.com/');
  });

  it("shows only the requesting club's links", async () => {
    await t.app.db
      .insert(s.socialLinks)
      .values({ organisationId: rivalId, kind: 1, url: 'https://www.facebook.com/fcrywal', position: 9 });
    const demo = z.array(SocialLinkSchema).parse((await get('/panelsocialmediafrontend/list')).body);
    const rival = z
      .array(SocialLinkSchema)
      .parse((await get('/panelsocialmediafrontend/list', 'rywal')).body);
    expect(demo.map((l) => l.Url)).not.toContain('https://www.facebook.com/fcrywal');
    expect(rival.at(-1)!.Url).toBe('https://www.facebook.com/fcrywal');
  });
});

describe('paneletrescifrontend', () => {
  it('returns a sub-page by slug and type', async () => {
    const { status, body } = await get('/paneletrescifrontend/get/regulamin/20');
    expect(status).toBe(200);
    const page = ContentPageSchema.strict().parse(body);
    expect(page).toMatchObject({ Slug: 'regulamin', Tytul: 'Regulamin sklepu', Parametry: [] });
    expect(page.Tresc).toContain('<h2>§1 Postanowienia ogólne</h2>');
    expect(page.Tresc).toContain('MKS Sokół Demo');
    expect(page.MetaDescription).toBe('Regulamin sklepu internetowego MKS Sokół Demo.');
    expect(new Date(page.Data).toISOString()).toBe(page.Data);
  });

  it('returns the page parameters (contact page)', async () => {
    const page = ContentPageSchema.parse((await get('/paneletrescifrontend/get/kontakt/20')).body);
    expect(page.Parametry).toEqual([{ Klucz: 'kontakt', Wartosc: '1' }]);
  });

  it('answers 404 for an unknown slug or another type', async () => {
    expect(await get('/paneletrescifrontend/get/nie-ma-takiej/20')).toEqual({
      status: 404,
      body: { Message: msg.pageNotFound },
    });
    expect(await get('/paneletrescifrontend/get/regulamin/30')).toEqual({
      status: 404,
      body: { Message: msg.pageNotFound },
    });
  });

  it('routes get/{slug}/{type} to the page even when the slug looks like a number', async () => {
    // Same depth as {type}/{offset}/{count}: the static `get` segment must win.
    expect(await get('/paneletrescifrontend/get/5/20')).toEqual({
      status: 404,
      body: { Message: msg.pageNotFound },
    });
    const list = await get('/paneletrescifrontend/20/0/5');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
  });

  it('sanitises HTML on the way out, even when the stored row is unsafe', async () => {
    await t.app.db.insert(s.contentPages).values({
      organisationId: demoId,
      type: 20,
      slug: 'niebezpieczna',
      title: 'Niebezpieczna',
      content:
        '<p onclick="steal()">Tekst</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)" target="_blank">link</a><div style="position:fixed">x</div>',
    });
    const page = ContentPageSchema.parse((await get('/paneletrescifrontend/get/niebezpieczna/20')).body);
    expect(page.Tresc).toBe(
      '<p>Tekst</p><img src="x" /><a target="_blank" rel="noopener noreferrer">link</a><div>x</div>',
    );
    await t.app.db
      .delete(s.contentPages)
      .where(and(eq(s.contentPages.organisationId, demoId), eq(s.contentPages.slug, 'niebezpieczna')));
  });

  it('stores the seeded content already sanitised', async () => {
    const pages = await t.app.db.select().from(s.contentPages);
    for (const p of pages) expect(p.content).toBe(sanitizeHtml(p.content));
    const products = await t.app.db.select().from(s.products);
    for (const p of products)
      if (p.extraDescription) expect(p.extraDescription).toBe(sanitizeHtml(p.extraDescription));
  });

  it('lists pages of a type, newest first, with paging', async () => {
    const all = z
      .array(ContentListItemSchema.strict())
      .parse((await get('/paneletrescifrontend/20/0/100')).body);
    expect(all).toHaveLength(10);
    expect(all.map((p) => p.Slug)).toContain('regulamin');
    const rows = await t.app.db
      .select()
      .from(s.contentPages)
      .where(and(eq(s.contentPages.organisationId, demoId), eq(s.contentPages.type, 20)))
      .orderBy(desc(s.contentPages.publishedAt), desc(s.contentPages.id));
    expect(all.map((p) => p.Id)).toEqual(rows.map((r) => r.id));
    const regulamin = all.find((p) => p.Slug === 'regulamin')!;
    expect(regulamin).toMatchObject({
      Tytul: 'Regulamin sklepu',
      Zajawka: 'Regulamin sklepu internetowego MKS Sokół Demo.',
      Zdjecie: null,
    });
    const page = z.array(ContentListItemSchema).parse((await get('/paneletrescifrontend/20/2/3')).body);
    expect(page.map((p) => p.Id)).toEqual(all.slice(2, 5).map((p) => p.Id));
  });

  it('puts a newer page first and shows its photo', async () => {
    const [row] = await t.app.db
      .insert(s.contentPages)
      .values({
        organisationId: demoId,
        type: 10,
        slug: 'nowosc',
        title: 'Nowość',
        excerpt: 'Krótko',
        photo: 'foto.jpg',
        publishedAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await t.app.db.insert(s.contentPages).values({
      organisationId: demoId,
      type: 10,
      slug: 'starsza',
      title: 'Starsza',
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    const list = z.array(ContentListItemSchema).parse((await get('/paneletrescifrontend/10/0/10')).body);
    expect(list.map((p) => p.Slug)).toEqual(['nowosc', 'starsza']);
    expect(list[0]).toMatchObject({
      Id: row!.id,
      Zajawka: 'Krótko',
      Zdjecie: { Id: row!.id, Nazwa: 'foto.jpg' },
    });
    expect(list[1]!.Data).toBe('2020-01-01T00:00:00.000Z');
    expect(await get('/paneletrescifrontend/count/10')).toEqual({ status: 200, body: 2 });
  });

  it('filters the list by categories', async () => {
    const [news] = await t.app.db
      .select()
      .from(s.contentCategories)
      .where(eq(s.contentCategories.organisationId, demoId));
    const list = z
      .array(ContentListItemSchema)
      .parse((await get(`/paneletrescifrontend/20/0/100?kategorie=${news!.id}`)).body);
    expect(list.map((p) => p.Slug)).toEqual(['o-klubie']);
    const [rivalNews] = await t.app.db
      .select()
      .from(s.contentCategories)
      .where(eq(s.contentCategories.organisationId, rivalId));
    expect((await get(`/paneletrescifrontend/20/0/100?kategorie=${rivalNews!.id}`)).body).toEqual([]);
    expect(
      (await get(`/paneletrescifrontend/20/0/100?kategorie=${rivalNews!.id},${news!.id}`)).body,
    ).toHaveLength(1);
    expect((await get('/paneletrescifrontend/20/0/100?kategorie=9999999999')).body).toEqual([]);
  });

  it('rejects malformed list parameters with a Polish message', async () => {
    const badCat = await get('/paneletrescifrontend/20/0/10?kategorie=1,abc');
    expect(badCat.status).toBe(400);
    expect(badCat.body.Message).toBe(msg.invalidNumber);
    const badCount = await get('/paneletrescifrontend/20/0/0');
    expect(badCount.status).toBe(400);
    expect(badCount.body.Message).toBe(msg.offsetRange);
    expect((await get('/paneletrescifrontend/20/0/101')).status).toBe(400);
    expect((await get('/paneletrescifrontend/x/0/10')).status).toBe(400);
  });

  it('counts pages of a type as a bare number', async () => {
    const res = await t.fetch(`${C}/paneletrescifrontend/count/20`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('10');
    expect(await get('/paneletrescifrontend/count/30')).toEqual({ status: 200, body: 0 });
  });

  it('lists content categories, with or without the trailing slash', async () => {
    for (const path of ['/paneletrescifrontend/kategorie/', '/paneletrescifrontend/kategorie']) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      const cats = z.array(ContentCategorySchema.strict()).parse(body);
      expect(cats.map((c) => c.Nazwa)).toEqual(['Aktualności']);
    }
    const demo = (await get('/paneletrescifrontend/kategorie/')).body[0].Id;
    const rival = (await get('/paneletrescifrontend/kategorie/', 'rywal')).body[0].Id;
    expect(rival).not.toBe(demo);
  });

  it('lists the sub-pages of a parent slug', async () => {
    const { status, body } = await get('/paneletrescifrontend/podstrony/kontakt');
    expect(status).toBe(200);
    const list = z.array(ContentListItemSchema).parse(body);
    expect(list.map((p) => p.Slug)).toEqual(['kontakt-dane', 'kontakt-rodo']);
    expect(await get('/paneletrescifrontend/podstrony/nic-takiego')).toEqual({ status: 200, body: [] });
  });

  it("keeps each club's pages to itself", async () => {
    await t.app.db.insert(s.contentPages).values({
      organisationId: rivalId,
      type: 20,
      slug: 'tylko-rywal',
      title: 'Tylko rywal',
      content: '<p>tajne</p>',
      parentSlug: 'kontakt',
    });
    expect((await get('/paneletrescifrontend/get/tylko-rywal/20')).status).toBe(404);
    expect((await get('/paneletrescifrontend/get/tylko-rywal/20', 'rywal')).status).toBe(200);
    const demoList = z.array(ContentListItemSchema).parse((await get('/paneletrescifrontend/20/0/100')).body);
    expect(demoList.map((p) => p.Slug)).not.toContain('tylko-rywal');
    expect(
      (await get('/paneletrescifrontend/podstrony/kontakt')).body.map((p: { Slug: string }) => p.Slug),
    ).not.toContain('tylko-rywal');
    expect((await get('/paneletrescifrontend/count/20')).body).toBe(10);
    expect((await get('/paneletrescifrontend/count/20', 'rywal')).body).toBe(11);
    const rivalPage = ContentPageSchema.parse(
      (await get('/paneletrescifrontend/get/regulamin/20', 'rywal')).body,
    );
    expect(rivalPage.Tresc).toContain('FC Rywal');
    expect(rivalPage.Tresc).not.toContain('Sokół');
  });
});

describe('stronyfrontend/send-message', () => {
  const valid = {
    firstName: 'Ala',
    lastName: 'Nowak',
    email: 'ala.nowak@example.pl',
    phone: '600 100 200',
    message: 'Pytanie XYZ-123 o rozmiar',
  };

  it('requires the fields the club marked as required, with the exact message', async () => {
    const { status, body } = await post('/stronyfrontend/send-message', { message: 'Hej' });
    expect(status).toBe(400);
    expect(body).toEqual({
      Message: 'To pole jest wymagane',
      Fields: { firstName: 'To pole jest wymagane', email: 'To pole jest wymagane' },
    });
    const blank = await post('/stronyfrontend/send-message', { firstName: '   ', email: 'ala@example.pl' });
    expect(blank.body.Fields).toEqual({ firstName: 'To pole jest wymagane' });
  });

  it('checks the e-mail address format', async () => {
    const { status, body } = await post('/stronyfrontend/send-message', { ...valid, email: 'nie-email' });
    expect(status).toBe(400);
    expect(body.Fields).toEqual({ email: msg.invalidEmail });
  });

  it('rejects malformed bodies with 400', async () => {
    expect((await post('/stronyfrontend/send-message', { ...valid, firstName: 12 })).status).toBe(400);
    expect((await post('/stronyfrontend/send-message', { ...valid, message: 'x'.repeat(5001) })).status).toBe(
      400,
    );
    const res = await t.fetch(`${C}/stronyfrontend/send-message`, {
      method: 'POST',
      body: '{nie json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Message: msg.invalidJson });
  });

  it('stores the message and e-mails the shop with reply-to the sender', async () => {
    const before = (await t.outbox.messages()).length;
    const { status, body } = await post('/stronyfrontend/send-message', valid);
    expect(status).toBe(200);
    expect(body).toEqual({ Message: 'Wiadomość została wysłana poprawnie' });
    const [row] = await t.app.db
      .select()
      .from(s.contactMessages)
      .where(eq(s.contactMessages.organisationId, demoId))
      .orderBy(desc(s.contactMessages.id))
      .limit(1);
    expect(row).toMatchObject({
      firstName: 'Ala',
      lastName: 'Nowak',
      email: 'ala.nowak@example.pl',
      phone: '600 100 200',
      message: 'Pytanie XYZ-123 o rozmiar',
    });
    expect(await t.outbox.messages()).toHaveLength(before + 1);
    const mail = readableMail(await t.outbox.last());
    expect(mail).toMatch(/^To: sklep@sokol-demo\.pl$/m);
    expect(mail).toMatch(/^Reply-To: ala\.nowak@example\.pl$/m);
    expect(mail).toContain('Pytanie XYZ-123 o rozmiar');
    expect(mail).toContain('600 100 200');
  });

  it('ignores fields the club did not enable and applies its own required list', async () => {
    await t.app.db
      .update(s.organisations)
      .set({ contactFields: [10, 20], contactRequired: [20] })
      .where(eq(s.organisations.id, rivalId));
    t.app.tenants.invalidate();
    const settings = SiteSettingsSchema.parse((await get('/stronyfrontend/get', 'rywal')).body);
    expect(settings.Pola).toEqual([10, 20]);
    expect(settings.PolaWymagane).toEqual([20]);

    const missing = await post('/stronyfrontend/send-message', { firstName: 'Ola' }, 'rywal');
    expect(missing).toEqual({
      status: 400,
      body: { Message: 'To pole jest wymagane', Fields: { lastName: 'To pole jest wymagane' } },
    });

    const ok = await post(
      '/stronyfrontend/send-message',
      { lastName: 'Kowal', email: 'x@y.pl', phone: '123', message: 'RIVAL-MSG-7' },
      'rywal',
    );
    expect(ok.status).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(s.contactMessages)
      .where(eq(s.contactMessages.organisationId, rivalId))
      .orderBy(desc(s.contactMessages.id))
      .limit(1);
    expect(row).toMatchObject({
      firstName: null,
      lastName: 'Kowal',
      email: null,
      phone: null,
      message: 'RIVAL-MSG-7',
    });
    const mail = readableMail(await t.outbox.last());
    expect(mail).toMatch(/^To: sklep@fc-rywal\.pl$/m);
    expect(mail).not.toMatch(/^Reply-To:/m);
    expect(mail).toContain('RIVAL-MSG-7');
    expect(mail).not.toContain('x@y.pl');

    await t.app.db
      .update(s.organisations)
      .set({ contactFields: [10, 20, 40, 50], contactRequired: [10, 40] })
      .where(eq(s.organisations.id, rivalId));
    t.app.tenants.invalidate();
  });
});

describe('stronyfrontend/send-formularz-akredytacyjny', () => {
  const valid = {
    Imie: 'Piotr',
    Nazwisko: 'Dziennikarz',
    Email: 'piotr@gazeta.example.pl',
    Telefon: '500 600 700',
    Redakcja: 'Gazeta Sportowa',
    Funkcja: 'Fotoreporter',
    Wydarzenie: 'Mecz ligowy 12.04',
    Uwagi: 'Prosze o miejsce ACC-42',
  };

  it('validates the required fields and the e-mail', async () => {
    const { status, body } = await post('/stronyfrontend/send-formularz-akredytacyjny', {});
    expect(status).toBe(400);
    expect(body.Fields).toEqual({
      Imie: msg.required,
      Nazwisko: msg.required,
      Email: msg.required,
      Redakcja: msg.required,
    });
    const bad = await post('/stronyfrontend/send-formularz-akredytacyjny', { ...valid, Email: 'zly' });
    expect(bad).toEqual({
      status: 400,
      body: { Message: msg.invalidEmail, Fields: { Email: msg.invalidEmail } },
    });
    expect(
      (await post('/stronyfrontend/send-formularz-akredytacyjny', { ...valid, Uwagi: 'x'.repeat(5001) }))
        .status,
    ).toBe(400);
  });

  it('stores the request and notifies the shop', async () => {
    const { status, body } = await post('/stronyfrontend/send-formularz-akredytacyjny', valid);
    expect(status).toBe(200);
    expect(body).toEqual({ Message: msg.accreditationSent });
    const [row] = await t.app.db
      .select()
      .from(s.accreditationRequests)
      .orderBy(desc(s.accreditationRequests.id))
      .limit(1);
    expect(row).toMatchObject({
      organisationId: demoId,
      firstName: 'Piotr',
      lastName: 'Dziennikarz',
      email: 'piotr@gazeta.example.pl',
      phone: '500 600 700',
      outlet: 'Gazeta Sportowa',
      role: 'Fotoreporter',
      event: 'Mecz ligowy 12.04',
      notes: 'Prosze o miejsce ACC-42',
    });
    const mail = readableMail(await t.outbox.last());
    expect(mail).toMatch(/^To: sklep@sokol-demo\.pl$/m);
    expect(mail).toMatch(/^Reply-To: piotr@gazeta\.example\.pl$/m);
    expect(mail).toContain('Prosze o miejsce ACC-42');
  });

  it('stores optional fields as empty and files the request under the right club', async () => {
    const { status } = await post(
      '/stronyfrontend/send-formularz-akredytacyjny',
      { Imie: 'Ewa', Nazwisko: 'Radio', Email: 'ewa@radio.example.pl', Redakcja: 'Radio Rywal' },
      'rywal',
    );
    expect(status).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(s.accreditationRequests)
      .orderBy(desc(s.accreditationRequests.id))
      .limit(1);
    expect(row).toMatchObject({ organisationId: rivalId, phone: '', role: '', event: '', notes: '' });
    expect(readableMail(await t.outbox.last())).toMatch(/^To: sklep@fc-rywal\.pl$/m);
  });
});

describe('form rate limits', () => {
  it('answers 429 with a Polish message after too many contact messages', async () => {
    const limited = await createTestApp({ rateLimits: true });
    try {
      const call = async (path: string, json: unknown) => {
        const res = await limited.fetch(C + path, { method: 'POST', json });
        return { status: res.status, body: await res.json() };
      };
      const send = () =>
        call('/stronyfrontend/send-message', { firstName: 'A', email: 'a@b.pl', message: 'x' });
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
      expect(await send()).toEqual({ status: 429, body: { Message: msg.tooManyRequests } });
      // Another club's visitors have their own budget.
      const rival = await limited.fetch(`${C}/stronyfrontend/send-message`, {
        method: 'POST',
        org: 'rywal',
        json: { firstName: 'A', email: 'a@b.pl', message: 'x' },
      });
      expect(rival.status).toBe(200);
      await rival.text();
      const acc = () =>
        call('/stronyfrontend/send-formularz-akredytacyjny', {
          Imie: 'A',
          Nazwisko: 'B',
          Email: 'a@b.pl',
          Redakcja: 'R',
        });
      for (let i = 0; i < 5; i++) expect((await acc()).status).toBe(200);
      expect((await acc()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
