import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiError, type Banner, fillMessage, msg, type PanelBanner } from '@club/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop } from './fixtures/panel.ts';
import { login } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const B = (panelId = 10) => `${PANEL}/banners/${panelId}`;
const PUBLIC = (panelId = 10) => `/api/cms/panelebaneryfrontend/get/${panelId}`;

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  // A media folder of its own: slide ids of this database must not meet other test files' files.
  ({ t, owner, manager, rival } = await openPanelShop({
    mediaDir: mkdtempSync(join(tmpdir(), 'clubshop-banners-')),
  }));
});
afterAll(() => t?.close());

/** A JPEG with EXIF (author, GPS): none of it may survive the upload. */
const jpeg = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 40, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Jan Tajny', Copyright: 'TAJNE-EXIF' } })
    .toBuffer();
const form = (...files: [string, Buffer | string, string, string?][]) => {
  const f = new FormData();
  for (const [field, bytes, name, type] of files)
    f.append(
      field,
      new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: type ?? 'image/jpeg' }),
      name,
    );
  return f;
};
const panelBanner = async (p: PanelClient = manager, panelId = 10) => {
  const res = await p.fetch(B(panelId));
  expect(res.status).toBe(200);
  return (await res.json()) as PanelBanner;
};
const storefront = async (panelId = 10, org = 'demo') => {
  const res = await t.fetch(PUBLIC(panelId), { org });
  return { status: res.status, body: (await res.json()) as Banner };
};
/** The panel's banner in the storefront's shape: what `panelebaneryfrontend` must answer. */
const asStorefront = (b: PanelBanner): Banner => ({
  Id: b.Id!,
  Rodzaj: b.Rodzaj,
  Wysokosc: b.Wysokosc,
  Grafiki: b.Grafiki.map(({ Pozycja: _p, ObrazUrl: _u, ObrazMobileUrl: _m, ...slide }) => slide),
});
const auditOf = (entity: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id));
const addSlide = async (p: PanelClient, body: FormData, panelId = 10) =>
  p.fetch(`${B(panelId)}/slides`, { method: 'POST', body });
const slideBody = {
  Nazwa: 'Nowa kolekcja',
  Tresc: 'Koszulki na sezon 2027',
  Url: '/produkty',
  KolorText: '#FFEE00',
  BgOpacity: 20,
  IsKolorMaski: true,
  KolorMaski: '#102030',
  BanerGrafikaPrzezroczystoscMaski: 60,
  PolozenieTextX: 30,
  PolozenieTextY: 10,
};

describe('panel banners: read', () => {
  it("shows the storefront's own banner with each slide's place and image addresses", async () => {
    const banner = await panelBanner();
    const shop = await storefront();
    expect(shop.status).toBe(200);
    expect(asStorefront(banner)).toEqual(shop.body);
    expect(banner.Grafiki.length).toBeGreaterThan(0);
    expect(banner.Grafiki.map((s) => s.Pozycja)).toEqual(banner.Grafiki.map((_, i) => i));
    const first = banner.Grafiki[0]!;
    expect(first.ObrazUrl).toBe(`/static/demo/panelbanerygrafika/${banner.Id}/${first.Id}/${first.Plik}`);
    // A panel with no banner yet: empty, and the storefront still answers 404 for it.
    expect(await panelBanner(manager, 20)).toEqual({
      Id: null,
      PanelId: 20,
      Rodzaj: 10,
      Wysokosc: 610,
      Grafiki: [],
    });
    expect((await storefront(20)).status).toBe(404);
  });
});

describe('panel banners: slides', () => {
  it('adds a slide with desktop and phone images (re-encoded, no EXIF), shown by the storefront at once', async () => {
    const before = await panelBanner();
    const res = await addSlide(
      manager,
      form(
        ['Plik', await jpeg(3000, 1000), 'Baner Jesień.JPG'],
        ['PlikMobile', await jpeg(800, 800, 20), 'tel.jpg'],
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as PanelBanner;
    expect(after.Grafiki).toHaveLength(before.Grafiki.length + 1);
    const slide = after.Grafiki.at(-1)!;
    expect(slide.Plik).toMatch(/^baner-jesien-[0-9a-f]{6}\.jpg$/);
    expect(slide.GrafikaMobile).toEqual({
      Id: slide.Id,
      Nazwa: expect.stringMatching(/^tel-telefon-[0-9a-f]{6}\.jpg$/),
    });
    expect(slide.Pozycja).toBe(before.Grafiki.length);

    for (const [url, width] of [
      [slide.ObrazUrl, 2400],
      [slide.ObrazMobileUrl!, 800],
    ] as const) {
      const served = await t.fetch(url, { org: null });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('TAJNE-EXIF'))).toBe(false);

      // Its WebP copy beside it: the same picture in fewer bytes, what browsers are offered first.
      const webp = await t.fetch(url.replace(/\.jpg$/, '.webp'), { org: null });
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      const webpBytes = Buffer.from(await webp.arrayBuffer());
      const webpMeta = await sharp(webpBytes).metadata();
      expect(webpMeta).toMatchObject({ format: 'webp', width });
      expect(webpMeta.exif).toBeUndefined();
      expect(webpBytes.length).toBeLessThan(bytes.length);
    }
    expect(slide.PlikWebp).toBe(slide.Plik.replace(/\.jpg$/, '.webp'));
    expect(slide.GrafikaMobileWebp).toBe(slide.GrafikaMobile!.Nazwa.replace(/\.jpg$/, '.webp'));
    expect(asStorefront(after)).toEqual((await storefront()).body);
    const [entry] = await auditOf('banner-slide');
    expect(entry).toMatchObject({
      action: 'create',
      entityId: String(slide.Id),
      userEmail: 'zastepca@sokol-demo.pl',
      before: null,
      after: { PanelId: 10, Plik: slide.Plik, Pozycja: slide.Pozycja },
    });
  });

  it('refuses an upload without the desktop image, of a wrong type, or not multipart', async () => {
    const noDesktop = await addSlide(manager, form(['PlikMobile', await jpeg(400, 400), 'a.jpg']));
    expect(noDesktop.status).toBe(400);
    expect(await noDesktop.json()).toEqual({
      Message: msg.bannerDesktopImageRequired,
      Fields: { Plik: msg.bannerDesktopImageRequired },
    });
    const text = await addSlide(manager, form(['Plik', 'to nie obraz', 'baner.jpg', 'image/jpeg']));
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ Message: fillMessage(msg.photoWrongType, { plik: 'baner.jpg' }) });
    const json = await manager.fetch(`${B()}/slides`, { method: 'POST', json: { Plik: 'x' } });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ Message: fillMessage(msg.imageNotMultipart, { pole: 'Plik' }) });
  });

  it('edits the texts, colours, mask and position; the storefront shows exactly that; audited', async () => {
    const slide = (await panelBanner()).Grafiki[0]!;
    const res = await manager.fetch(`${B()}/slides/${slide.Id}`, { method: 'PUT', json: slideBody });
    expect(res.status, await res.clone().text()).toBe(200);
    const shown = (await storefront()).body.Grafiki.find((s) => s.Id === slide.Id)!;
    expect(shown).toEqual({
      ...slide,
      Pozycja: undefined,
      ObrazUrl: undefined,
      ObrazMobileUrl: undefined,
      ...slideBody,
      KolorText: '#ffee00',
    });
    const [entry] = await auditOf('banner-slide');
    expect(entry).toMatchObject({
      action: 'update',
      entityId: String(slide.Id),
      before: { Nazwa: slide.Nazwa, PolozenieTextX: slide.PolozenieTextX },
      after: { Nazwa: 'Nowa kolekcja', PolozenieTextX: 30, PolozenieTextY: 10, KolorText: '#ffee00' },
    });
  });

  it('refuses values the storefront cannot show, in Polish, per field', async () => {
    const slide = (await panelBanner()).Grafiki[0]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ BgOpacity: 35 }, 'BgOpacity', msg.bannerBgOpacityInvalid],
      [
        { BanerGrafikaPrzezroczystoscMaski: 90 },
        'BanerGrafikaPrzezroczystoscMaski',
        msg.bannerMaskOpacityInvalid,
      ],
      [{ PolozenieTextX: 15 }, 'PolozenieTextX', msg.bannerTextPositionInvalid],
      [{ KolorText: 'red' }, 'KolorText', msg.colourInvalid],
      [{ KolorMaski: '#12345' }, 'KolorMaski', msg.colourInvalid],
      [{ Url: 'javascript:alert(1)' }, 'Url', msg.contentLinkInvalid],
      [{ Url: '//evil.example/' }, 'Url', msg.contentLinkInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await manager.fetch(`${B()}/slides/${slide.Id}`, {
        method: 'PUT',
        json: { ...slideBody, ...change },
      });
      expect(res.status, field).toBe(400);
      expect(await res.json()).toEqual({ Message: message, Fields: { [field]: message } });
    }
    const height = await manager.fetch(B(), { method: 'PUT', json: { Wysokosc: 700 } });
    expect(height.status).toBe(400);
    expect(((await height.json()) as ApiError).Fields).toEqual({
      Wysokosc: fillMessage(msg.bannerHeightInvalid, { od: '150', do: '610' }),
    });
  });

  it('replaces images under new names (the old files go) and drops the phone image', async () => {
    const slide = (await panelBanner()).Grafiki.at(-1)!;
    const res = await manager.fetch(`${B()}/slides/${slide.Id}/images`, {
      method: 'POST',
      body: form(['Plik', await jpeg(1200, 500, 90), 'zima.png']),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const replaced = (await res.json()) as PanelBanner;
    const now = replaced.Grafiki.find((s) => s.Id === slide.Id)!;
    expect(now.Plik).toMatch(/^zima-[0-9a-f]{6}\.jpg$/);
    expect(now.PlikWebp).toBe(now.Plik.replace(/\.jpg$/, '.webp'));
    expect(now.GrafikaMobile).toEqual(slide.GrafikaMobile);
    expect(now.GrafikaMobileWebp).toBe(slide.GrafikaMobileWebp);
    const webpOf = (url: string) => url.replace(/\.jpg$/, '.webp');
    expect((await t.fetch(now.ObrazUrl, { org: null })).status).toBe(200);
    expect((await t.fetch(webpOf(now.ObrazUrl), { org: null })).status).toBe(200);
    expect((await t.fetch(slide.ObrazUrl, { org: null })).status).toBe(404);
    expect((await t.fetch(webpOf(slide.ObrazUrl), { org: null })).status).toBe(404);

    const dropped = await manager.fetch(`${B()}/slides/${slide.Id}/mobile`, { method: 'DELETE' });
    expect(dropped.status).toBe(200);
    const noMobile = ((await dropped.json()) as PanelBanner).Grafiki.find((s) => s.Id === slide.Id)!;
    expect(noMobile).toMatchObject({ GrafikaMobile: null, GrafikaMobileWebp: null, ObrazMobileUrl: null });
    expect((await t.fetch(slide.ObrazMobileUrl!, { org: null })).status).toBe(404);
    expect((await t.fetch(webpOf(slide.ObrazMobileUrl!), { org: null })).status).toBe(404);
    expect((await storefront()).body.Grafiki.find((s) => s.Id === slide.Id)!.GrafikaMobile).toBeNull();
  });

  it('reorders slides (all of them, each once) and deletes one with its files', async () => {
    const banner = await panelBanner();
    const ids = banner.Grafiki.map((s) => s.Id);
    const reversed = [...ids].reverse();
    const res = await owner.fetch(`${B()}/slides/order`, { method: 'PUT', json: { Kolejnosc: reversed } });
    expect(res.status).toBe(200);
    expect((await storefront()).body.Grafiki.map((s) => s.Id)).toEqual(reversed);
    const [entry] = await auditOf('banner-slide');
    expect(entry).toMatchObject({
      action: 'reorder',
      before: { Kolejnosc: ids },
      after: { Kolejnosc: reversed },
    });

    const partial = await owner.fetch(`${B()}/slides/order`, {
      method: 'PUT',
      json: { Kolejnosc: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);
    expect(await partial.json()).toEqual({
      Message: msg.bannerSlideOrderMismatch,
      Fields: { Kolejnosc: msg.bannerSlideOrderMismatch },
    });

    const victim = banner.Grafiki.find((s) => s.Id === reversed[0])!;
    const del = await owner.fetch(`${B()}/slides/${victim.Id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    const shown = (await storefront()).body.Grafiki;
    expect(shown.map((s) => s.Id)).toEqual(reversed.slice(1));
    expect((await t.fetch(victim.ObrazUrl, { org: null })).status).toBe(404);
    expect((await panelBanner()).Grafiki.map((s) => s.Pozycja)).toEqual(shown.map((_, i) => i));
    const [gone] = await auditOf('banner-slide');
    expect(gone).toMatchObject({ action: 'delete', entityId: String(victim.Id), after: null });
    const again = await owner.fetch(`${B()}/slides/${victim.Id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ Message: msg.bannerSlideNotFound });
  });

  it('sets the height, and a new panel gets its banner with the first slide', async () => {
    const res = await manager.fetch(B(), { method: 'PUT', json: { Wysokosc: 480 } });
    expect(res.status).toBe(200);
    expect((await storefront()).body.Wysokosc).toBe(480);
    const [entry] = await auditOf('banner');
    expect(entry).toMatchObject({ action: 'update', after: { PanelId: 10, Wysokosc: 480 } });

    const created = await addSlide(manager, form(['Plik', await jpeg(1000, 400), 'p.jpg']), 30);
    expect(created.status).toBe(200);
    const banner = (await created.json()) as PanelBanner;
    expect(banner.Id).not.toBeNull();
    expect(asStorefront(banner)).toEqual((await storefront(30)).body);
  });
});

describe('panel banners: who may', () => {
  it('answers 401 without a session, 403 to a customer and to another club', async () => {
    const anonymous = await t.fetch(B());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ Message: msg.unauthorized });
    const ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const customer = await t.fetch(B(), { ticket });
    expect(customer.status).toBe(403);
    await customer.text();
    const foreign = await rival.fetch(`${B()}/slides/order`, {
      org: 'demo',
      method: 'PUT',
      json: { Kolejnosc: [1] },
    });
    expect(foreign.status).toBe(403);
    await foreign.text();
  });

  it("finds no slide of another club's banner, and changes nothing there", async () => {
    const theirs = await panelBanner(rival);
    const slide = theirs.Grafiki[0]!;
    for (const res of [
      await manager.fetch(`${B()}/slides/${slide.Id}`, { method: 'PUT', json: slideBody }),
      await manager.fetch(`${B()}/slides/${slide.Id}`, { method: 'DELETE' }),
      await manager.fetch(`${B()}/slides/${slide.Id}/mobile`, { method: 'DELETE' }),
      await manager.fetch(`${B()}/slides/${slide.Id}/images`, {
        method: 'POST',
        body: form(['Plik', await jpeg(300, 100), 'x.jpg']),
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ Message: msg.bannerSlideNotFound });
    }
    expect(await panelBanner(rival)).toEqual(theirs);
    const ours = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'banner-slide'), eq(auditLog.entityId, String(slide.Id))));
    expect(ours).toEqual([]);
  });
});
