import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ApiError,
  type ContentListItem,
  type ContentPage,
  fillMessage,
  type MenuItem,
  msg,
  type PanelMenuItem,
  type PanelPage,
  type PanelPageImage,
  type PanelPageList,
  SHOP_RESERVED_SLUGS,
} from '@club/contract';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { API_DIR } from '../src/lib/paths.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { login } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const P = `${PANEL}/pages`;
const cms = (slug: string) => `/api/cms/paneletrescifrontend/get/${slug}/20`;

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop({
    mediaDir: mkdtempSync(join(tmpdir(), 'clubshop-pages-')),
  }));
});
afterAll(() => t?.close());

const list = async (query = '', p: PanelClient = manager) => {
  const res = await p.fetch(`${P}${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PanelPageList;
};
const bySlug = async (slug: string, p: PanelClient = manager) => {
  const found = (await list(`?q=${slug}&count=100`, p)).Items.find((i) => i.Slug === slug);
  if (!found) throw new Error(`no page ${slug}`);
  const res = await p.fetch(`${P}/${found.Id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PanelPage;
};
const page = { Slug: 'historia', Tytul: 'Historia klubu', Tresc: '<p>Od 1921 roku.</p>' };
const save = (json: unknown, id?: number, p: PanelClient = manager) =>
  id ? p.fetch(`${P}/${id}`, { method: 'PUT', json }) : p.fetch(P, { method: 'POST', json });
const created = async (json: unknown) => {
  const res = await save(json);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PanelPage;
};
const storefront = async (slug: string) => {
  const res = await t.fetch(cms(slug));
  return { status: res.status, body: (await res.json()) as ContentPage };
};
const auditOf = (entity: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));
const toInput = (p: PanelPage) => ({
  Slug: p.Slug,
  Tytul: p.Tytul,
  Tresc: p.Tresc,
  Zajawka: p.Zajawka,
  MetaDescription: p.MetaDescription,
  Parametry: p.Parametry,
  IdRodzica: p.IdRodzica,
});

describe('panel pages: list and read', () => {
  it('lists the sub-pages with paging, search and sort; the special texts are marked', async () => {
    const all = await list('?count=100');
    expect(all.Total).toBe(all.Items.length);
    expect(all.Items.map((i) => i.Slug)).toEqual(
      expect.arrayContaining(['regulamin', 'kontakt', 'tekst-stopka', 'kontakt-dane', 'kontakt-rodo']),
    );
    const titles = all.Items.map((i) => i.Tytul);
    // Case does not split the order ('RODO' among the R's).
    const lower = titles.map((x) => x.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect(
      all.Items.filter((i) => i.Specjalna)
        .map((i) => i.Slug)
        .sort(),
    ).toEqual(['kontakt-dane', 'kontakt-rodo', 'tekst-stopka']);
    const contact = all.Items.find((i) => i.Slug === 'kontakt')!;
    expect(contact.Parametry).toEqual(['kontakt']);
    expect(all.Items.find((i) => i.Slug === 'kontakt-dane')!.IdRodzica).toBe(contact.Id);

    const paged = await list('?offset=1&count=2&sort=-slug');
    expect(paged.Total).toBe(all.Total);
    expect(paged.Items.map((i) => i.Slug)).toEqual(
      all.Items.map((i) => i.Slug)
        .sort()
        .reverse()
        .slice(1, 3),
    );
    expect((await list('?q=KONTAKT')).Items.every((i) => /kontakt/i.test(i.Slug + i.Tytul))).toBe(true);
    const sort = await manager.fetch(`${P}?sort=cena`);
    expect(sort.status).toBe(400);
    expect(((await sort.json()) as ApiError).Message).toBe(msg.invalidSort);
    // Another club's pages are not here.
    expect((await list('?count=100', rival)).Items.some((r) => all.Items.some((i) => i.Id === r.Id))).toBe(
      false,
    );
  });

  it('reads one page with what the storefront shows of it', async () => {
    const p = await bySlug('regulamin');
    const shop = await storefront('regulamin');
    expect(p).toMatchObject({
      Id: shop.body.Id,
      Slug: 'regulamin',
      Tytul: shop.body.Tytul,
      MetaDescription: shop.body.MetaDescription,
      Parametry: shop.body.Parametry,
      Specjalna: false,
      Url: '/regulamin',
    });
    // The panel edits the placeholders (decision 131); the shop shows the seller's data in their place.
    expect(p.Tresc).toContain('Sklep internetowy prowadzi {{sprzedawca}}');
    expect(shop.body.Tresc).toContain('Sklep internetowy prowadzi MKS Sokół Demo sp. z o.o.');
    const missing = await manager.fetch(`${P}/999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ Message: msg.pageNotFound });
  });
});

describe('panel pages: create and edit', () => {
  it("keeps the rich-text editor's links (http(s), mailto:, a path in the shop) and drops javascript: ones", async () => {
    const p = await created({
      ...page,
      Tytul: 'Linki',
      Slug: 'linki',
      Tresc:
        '<p><a href="https://klub.example.org/mecze">mecze</a> <a href="mailto:biuro@klub.pl">biuro</a> <a href="/regulamin">regulamin</a> <a href="javascript:alert(1)">zły</a></p>',
    });
    expect(p.Tresc).toBe(
      '<p><a href="https://klub.example.org/mecze">mecze</a> <a href="mailto:biuro@klub.pl">biuro</a> <a href="/regulamin">regulamin</a> <a>zły</a></p>',
    );
  });

  it('creates a page with sanitised HTML, parameters and a parent; the storefront shows it; audited', async () => {
    const parent = await bySlug('o-klubie');
    const p = await created({
      ...page,
      Tresc:
        '<h2 onclick="alert(1)">Historia</h2><script>alert(1)</script><p style="color:red">Od 1921.</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><iframe src="https://evil.example/"></iframe>',
      MetaDescription: 'Sto lat klubu',
      Zajawka: 'Krótko o historii',
      Parametry: [{ Klucz: 'kontakt', Wartosc: '1' }],
      IdRodzica: parent.Id,
    });
    expect(p.Tresc).toBe('<h2>Historia</h2><p>Od 1921.</p><img src="x" /><a>link</a>');
    expect(p).toMatchObject({ Slug: 'historia', IdRodzica: parent.Id, Url: '/historia', Specjalna: false });
    const shop = await storefront('historia');
    expect(shop.status).toBe(200);
    expect(shop.body).toEqual({
      Id: p.Id,
      Slug: 'historia',
      Tytul: 'Historia klubu',
      Tresc: p.Tresc,
      MetaDescription: 'Sto lat klubu',
      Parametry: [{ Klucz: 'kontakt', Wartosc: '1' }],
      Data: p.Data,
    });
    const subpages = (await (
      await t.fetch('/api/cms/paneletrescifrontend/podstrony/o-klubie')
    ).json()) as ContentListItem[];
    expect(subpages.map((s) => s.Slug)).toContain('historia');
    const [entry] = await auditOf('page');
    expect(entry).toMatchObject({
      action: 'create',
      entityId: String(p.Id),
      userEmail: 'zastepca@sokol-demo.pl',
      after: { Slug: 'historia', Rodzic: 'o-klubie', Tresc: p.Tresc },
    });
    expect(JSON.stringify(entry!.after)).not.toContain('<script');
  });

  it("refuses slugs of the shop's own routes, of other pages and badly formed ones", async () => {
    for (const slug of ['koszyk', 'produkty', 'panel', 'api', 'moje-konto', 'potwierdenie-platnosci']) {
      const res = await save({ ...page, Slug: slug });
      const message = fillMessage(msg.pageSlugReserved, { slug });
      expect(res.status, slug).toBe(400);
      expect(await res.json()).toEqual({ Message: message, Fields: { Slug: message } });
    }
    const taken = await save({ ...page, Slug: 'regulamin' });
    const message = fillMessage(msg.pageSlugTaken, { slug: 'regulamin' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ Message: message, Fields: { Slug: message } });
    for (const slug of ['Zła strona', 'o--klubie', '-x', 'ąę', 'a/b', '']) {
      const res = await save({ ...page, Slug: slug });
      expect(res.status, slug).toBe(400);
      expect(((await res.json()) as ApiError).Fields?.Slug).toBe(
        slug ? msg.pageSlugInvalid : msg.pageSlugRequired,
      );
    }
    const noTitle = await save({ ...page, Slug: 'bez-tytulu', Tytul: ' ' });
    expect(await noTitle.json()).toEqual({
      Message: msg.pageTitleRequired,
      Fields: { Tytul: msg.pageTitleRequired },
    });
    const params = await save({
      ...page,
      Slug: 'parametry',
      Parametry: [
        { Klucz: 'kontakt', Wartosc: '' },
        { Klucz: 'kontakt', Wartosc: '1' },
      ],
    });
    expect(await params.json()).toEqual({
      Message: msg.pageParamDuplicate,
      Fields: { Parametry: msg.pageParamDuplicate },
    });
    // A page of another club with the same slug is no clash: each club has its own addresses.
    const theirs = await save({ ...page, Slug: 'historia-rywala' }, undefined, rival);
    expect(theirs.status).toBe(200);
    expect((await created({ ...page, Slug: 'historia-rywala' })).Slug).toBe('historia-rywala');
  });

  it("keeps the storefront's route list and the reserved slugs in step", () => {
    const routes = readFileSync(join(API_DIR, '../web/app/routes.ts'), 'utf8');
    const firstSegments = [...routes.matchAll(/route\(\s*'([^':/*][^'/]*)/g)].map((m) => m[1]!);
    expect(firstSegments.length).toBeGreaterThan(10);
    for (const segment of firstSegments) expect(SHOP_RESERVED_SLUGS.has(segment), segment).toBe(true);
    const server = readFileSync(join(API_DIR, 'src/web.ts'), 'utf8').match(
      /const RESERVED = \/\^\\\/\(([^)]*)\)/,
    );
    expect(server).not.toBeNull();
    for (const prefix of server![1]!.split('|')) expect(SHOP_RESERVED_SLUGS.has(prefix), prefix).toBe(true);
  });

  it('renames a page: its sub-pages and menu links follow, the old address is gone', async () => {
    const about = await bySlug('o-klubie');
    const menuBefore = (await (await t.fetch('/api/cms/panelemenufrontend/get/10')).json()) as MenuItem[];
    expect(menuBefore.some((i) => i.Url === '/o-klubie')).toBe(true);
    const res = await save({ ...toInput(about), Slug: 'nasz-klub' }, about.Id, owner);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ Slug: 'nasz-klub', Url: '/nasz-klub' });
    expect((await storefront('o-klubie')).status).toBe(404);
    expect((await storefront('nasz-klub')).body.Tytul).toBe(about.Tytul);
    const menuAfter = (await (await t.fetch('/api/cms/panelemenufrontend/get/10')).json()) as MenuItem[];
    expect(menuAfter.some((i) => i.Url === '/o-klubie')).toBe(false);
    expect(menuAfter.some((i) => i.Url === '/nasz-klub')).toBe(true);
    const children = (await (
      await t.fetch('/api/cms/paneletrescifrontend/podstrony/nasz-klub')
    ).json()) as ContentListItem[];
    expect(children.map((c) => c.Slug)).toContain('historia');
    const [entry] = await auditOf('page');
    expect(entry).toMatchObject({
      action: 'update',
      before: { Slug: 'o-klubie' },
      after: { Slug: 'nasz-klub', PoprawioneLinkiMenu: 1 },
    });
  });

  it('refuses a parent that is the page itself or one of its sub-pages', async () => {
    const top = await bySlug('nasz-klub');
    const child = await bySlug('historia');
    for (const parent of [top.Id, child.Id]) {
      const res = await save({ ...toInput(top), IdRodzica: parent }, top.Id);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        Message: msg.pageParentCycle,
        Fields: { IdRodzica: msg.pageParentCycle },
      });
    }
    const unknown = await save({ ...toInput(top), IdRodzica: 999999 }, top.Id);
    expect(await unknown.json()).toEqual({
      Message: msg.pageParentNotFound,
      Fields: { IdRodzica: msg.pageParentNotFound },
    });
  });

  it('edits the special texts (footer, contact) but keeps their addresses and never deletes them', async () => {
    const footer = await bySlug('tekst-stopka');
    expect(footer).toMatchObject({ Specjalna: true, Url: null });
    const res = await save({ ...toInput(footer), Tresc: '<p>Nowa <strong>stopka</strong></p>' }, footer.Id);
    expect(res.status).toBe(200);
    expect((await storefront('tekst-stopka')).body.Tresc).toBe('<p>Nowa <strong>stopka</strong></p>');

    const rename = await save({ ...toInput(footer), Slug: 'stopka' }, footer.Id);
    expect(rename.status).toBe(400);
    expect(await rename.json()).toEqual({
      Message: msg.pageSpecialSlug,
      Fields: { Slug: msg.pageSpecialSlug },
    });
    const del = await manager.fetch(`${P}/${footer.Id}`, { method: 'DELETE' });
    expect(del.status).toBe(409);
    expect(await del.json()).toEqual({ Message: msg.pageSpecialDelete });
  });
});

describe('panel pages: delete', () => {
  it('refuses a page with sub-pages or linked from a menu; deletes a free one (204)', async () => {
    const top = await bySlug('nasz-klub');
    const withChildren = await manager.fetch(`${P}/${top.Id}`, { method: 'DELETE' });
    expect(withChildren.status).toBe(409);
    expect(await withChildren.json()).toEqual({ Message: msg.pageHasSubpages });

    const rules = await bySlug('regulamin');
    const linked = await manager.fetch(`${P}/${rules.Id}`, { method: 'DELETE' });
    expect(linked.status).toBe(409);
    expect(await linked.json()).toEqual({
      Message: fillMessage(msg.pageLinkedInMenu, { pozycje: '„Regulamin”, „Regulamin”' }),
    });

    const child = await bySlug('historia');
    const res = await manager.fetch(`${P}/${child.Id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await storefront('historia')).status).toBe(404);
    const [entry] = await auditOf('page');
    expect(entry).toMatchObject({
      action: 'delete',
      entityId: String(child.Id),
      before: { Slug: 'historia' },
      after: null,
    });
  });
});

describe('panel pages: images', () => {
  it('stores an uploaded image (re-encoded, scaled down) and its address survives the sanitiser', async () => {
    const bytes = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#208040' } })
      .png()
      .toBuffer();
    const f = new FormData();
    f.append('Plik', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'Drużyna 2027.png');
    const res = await manager.fetch(`${P}/images`, { method: 'POST', body: f });
    expect(res.status, await res.clone().text()).toBe(200);
    const image = (await res.json()) as PanelPageImage;
    expect(image.Nazwa).toBe('druzyna-2027.jpg');
    expect(image.Url).toMatch(/^\/static\/demo\/trescizdjecia\/\d{4}\/[0-9a-f]{12}\/druzyna-2027\.jpg$/);
    const served = await t.fetch(image.Url, { org: null });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1600);
    const [entry] = await auditOf('page-image');
    expect(entry).toMatchObject({ action: 'create', after: { Url: image.Url } });

    const p = await created({
      ...page,
      Slug: 'druzyna',
      Tresc: `<p><img src="${image.Url}" alt="Drużyna"></p>`,
    });
    expect(p.Tresc).toBe(`<p><img src="${image.Url}" alt="Drużyna" /></p>`);
    expect((await storefront('druzyna')).body.Tresc).toBe(p.Tresc);

    const wrong = await manager.fetch(`${P}/images`, { method: 'POST', json: {} });
    expect(wrong.status).toBe(415);
    expect(await wrong.json()).toEqual({ Message: fillMessage(msg.imageNotMultipart, { pole: 'Plik' }) });
  });
});

describe('panel pages: who may', () => {
  it('answers 401 without a session, 403 to a customer and to another club; 404 for their pages', async () => {
    const anonymous = await t.fetch(P);
    expect(anonymous.status).toBe(401);
    await anonymous.text();
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const customer = await t.fetch(P, { ticket });
    expect(customer.status).toBe(403);
    await customer.text();
    const foreign = await rival.fetch(P, { org: 'demo' });
    expect(foreign.status).toBe(403);
    await foreign.text();

    const theirs = (await list('?count=100', rival)).Items.find((i) => i.Slug === 'regulamin')!;
    for (const res of [
      await manager.fetch(`${P}/${theirs.Id}`),
      await save({ ...page, Slug: 'przejeta' }, theirs.Id),
      await manager.fetch(`${P}/${theirs.Id}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.pageNotFound });
    }
    const menus = (await (await rival.fetch(`${PANEL}/menus/20`)).json()) as PanelMenuItem[];
    expect(menus.some((m) => m.Url === '/regulamin')).toBe(true);
  });
});
